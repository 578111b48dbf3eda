import { letterToSound } from './lts';
import { MODEL_PHONES } from './model';

/** A pronunciation: a sequence of model phones (ARPAbet without stress digits). */
export type Phones = readonly string[];

/** Anything that can look up the pronunciations of a lower-case word. */
export interface PronunciationSource {
  /** All pronunciations of `word` (already normalised: lower case, `'` apostrophes). */
  lookup(word: string): readonly Phones[] | undefined;
}

/** Where a pronunciation came from. */
export type PronunciationOrigin =
  /** Caller-supplied extra dictionary (e.g. `content/lexicon.json`). */
  | 'extra'
  /** The acoustic model's pronouncing dictionary (CMUdict). */
  | 'model'
  /** Built from a known word plus a suffix: possessive, plural, contraction. */
  | 'derived'
  /** Guessed by the NRL letter-to-sound rules. */
  | 'lts';

export interface Pronunciation {
  /** The normalised word that was looked up. */
  word: string;
  /** One or more pronunciations, preferred first. Never empty. */
  phones: Phones[];
  origin: PronunciationOrigin;
}

/** Lower-cases a word and unifies apostrophes, the key used by every dictionary here. */
export function normalizeKey(word: string): string {
  return word
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .trim()
    .toLowerCase();
}

/**
 * Parses a pronunciation string into model phones: upper-cases, strips ARPAbet stress
 * digits ("L AH1 L AH0" → L AH L AH; the model's dictionary has none) and checks every
 * phone against the model's phone set.
 * @throws Error naming the word when a phone is unknown or the string is empty.
 */
export function parsePronunciation(pron: string, word = '?'): string[] {
  const phones = pron
    .trim()
    .split(/\s+/)
    .filter((p) => p !== '')
    .map((p) => p.toUpperCase().replace(/[0-2]$/, ''));
  if (phones.length === 0) throw new Error(`Empty pronunciation for "${word}"`);
  for (const phone of phones) {
    if (!MODEL_PHONES.has(phone)) {
      throw new Error(`Unknown phone "${phone}" in pronunciation "${pron}" for "${word}"`);
    }
  }
  return phones;
}

/** A CMUdict-format pronouncing dictionary held in memory. */
export class PronouncingDictionary implements PronunciationSource {
  readonly #entries = new Map<string, Phones[]>();

  /**
   * Parses CMUdict / SphinxTrain format: `word PH PH …` per line, alternates as
   * `word(2) …`, `;;` comments. Stress digits are stripped.
   */
  static parse(text: string): PronouncingDictionary {
    const dict = new PronouncingDictionary();
    for (const line of text.split(/\r?\n/)) {
      if (line === '' || line.startsWith(';;')) continue;
      const space = line.search(/\s/);
      if (space <= 0) continue;
      const word = line.slice(0, space).replace(/\(\d+\)$/, '');
      const phones = line
        .slice(space)
        .trim()
        .split(/\s+/)
        .map((p) => p.replace(/[0-2]$/, ''));
      if (phones.length === 0 || phones[0] === '') continue;
      dict.add(word, phones);
    }
    return dict;
  }

  /** Adds a pronunciation (appended as an alternate when the word already exists). */
  add(word: string, phones: Phones): void {
    const key = normalizeKey(word);
    const existing = this.#entries.get(key);
    if (existing) existing.push(phones);
    else this.#entries.set(key, [phones]);
  }

  lookup(word: string): readonly Phones[] | undefined {
    return this.#entries.get(normalizeKey(word));
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Parses an extra dictionary (`{ word: "ARPABET with or without stress" }`). */
export function parseExtraDictionary(
  entries: Readonly<Record<string, string>>,
): Map<string, Phones[]> {
  const parsed = new Map<string, Phones[]>();
  for (const [word, pron] of Object.entries(entries)) {
    const key = normalizeKey(word);
    const phones = parsePronunciation(pron, word);
    const existing = parsed.get(key);
    if (existing) existing.push(phones);
    else parsed.set(key, [phones]);
  }
  return parsed;
}

const SIBILANTS = new Set(['S', 'Z', 'SH', 'ZH', 'CH', 'JH']);
const VOICELESS = new Set(['P', 'T', 'K', 'F', 'TH']);

/** The -s/-'s ending after `phones`: IH Z after sibilants, S after voiceless, else Z. */
export function sSuffix(phones: Phones): string[] {
  const last = phones[phones.length - 1] ?? '';
  if (SIBILANTS.has(last)) return ['IH', 'Z'];
  if (VOICELESS.has(last)) return ['S'];
  return ['Z'];
}

const CONTRACTIONS: Readonly<Record<string, readonly string[]>> = {
  ll: ['L'],
  d: ['D'],
  ve: ['V'],
  re: ['R'],
  m: ['M'],
};

/**
 * Pronunciation lookup used by the aligner: extra entries first (they override the
 * model dictionary, e.g. for character names), then the model dictionary, then
 * suffix rules on a known stem (possessive "Lele's", plural "mooncakes", contractions
 * "Lele'll"), and finally letter-to-sound rules. Every word gets a pronunciation.
 */
export class Lexicon {
  readonly #base: PronunciationSource;
  readonly #extra: ReadonlyMap<string, readonly Phones[]>;

  /**
   * @param base the model dictionary (or anything that looks words up).
   * @param extra extra entries, ARPAbet with or without stress digits.
   * @throws Error when an extra entry uses a phone the model does not have.
   */
  constructor(base: PronunciationSource, extra: Readonly<Record<string, string>> = {}) {
    this.#base = base;
    this.#extra = parseExtraDictionary(extra);
  }

  /** Pronunciation from the extra or model dictionary only (no derivation, no LTS). */
  known(word: string): Pronunciation | undefined {
    const key = normalizeKey(word);
    const extra = this.#extra.get(key);
    if (extra) return { word: key, phones: [...extra], origin: 'extra' };
    const model = this.#base.lookup(key);
    if (model && model.length > 0) return { word: key, phones: [...model], origin: 'model' };
    return undefined;
  }

  /** Pronunciation of a normalised word (see the class comment for the order). */
  pronounce(word: string): Pronunciation {
    const key = normalizeKey(word);
    const known = this.known(key);
    if (known) return known;
    const derived = this.#derive(key);
    if (derived) return { word: key, phones: derived, origin: 'derived' };
    const guessed = letterToSound(key);
    if (guessed.length === 0) throw new Error(`Cannot pronounce "${word}": no letters a-z`);
    return { word: key, phones: [guessed], origin: 'lts' };
  }

  #derive(key: string): Phones[] | undefined {
    // Possessive: "lele's" → lele + Z; the stem may itself be guessed by LTS.
    const possessive = /^(.+)'s$/.exec(key);
    if (possessive?.[1]) {
      const stem = this.pronounce(possessive[1]);
      return stem.phones.map((p) => [...p, ...sSuffix(p)]);
    }
    // Plural possessive: "ducks'" was already trimmed by normalisation; "ducks'"-like
    // keys that survive (e.g. from an extra list) read like the plural.
    if (key.endsWith("s'")) return this.pronounce(key.slice(0, -1)).phones;
    // Contractions on a name: "lele'll", "duoduo'd", "mimi've".
    const contraction = /^(.+)'(ll|d|ve|re|m)$/.exec(key);
    if (contraction?.[1] && contraction[2]) {
      const suffix = CONTRACTIONS[contraction[2]] ?? [];
      return this.pronounce(contraction[1]).phones.map((p) => [...p, ...suffix]);
    }
    if (key.includes("'")) {
      // Unknown clitic: pronounce the parts and join them.
      const parts = key.split("'").filter((part) => part !== '');
      if (parts.length > 1) {
        return [parts.flatMap((part) => [...(this.pronounce(part).phones[0] ?? [])])];
      }
    }
    // Plurals / 3rd person of a KNOWN stem ("mooncakes" with "mooncake" in the lexicon).
    // Unknown stems go to LTS, whose rules handle the -s themselves.
    if (/[^s]s$/.test(key)) {
      const stem = this.known(key.slice(0, -1));
      if (stem) return stem.phones.map((p) => [...p, ...sSuffix(p)]);
    }
    if (/(s|x|z|ch|sh)es$/.test(key)) {
      const stem = this.known(key.slice(0, -2));
      if (stem) return stem.phones.map((p) => [...p, 'IH', 'Z']);
    }
    if (/[^aeiou]ies$/.test(key)) {
      const stem = this.known(`${key.slice(0, -3)}y`);
      if (stem) return stem.phones.map((p) => [...p, 'Z']);
    }
    return undefined;
  }
}
