/**
 * Text normalisation for alignment: turns the book's text into whitespace-delimited
 * tokens (kept verbatim for the caller) and, for each token, the lower-case dictionary
 * words that are actually spoken.
 */

/** One whitespace-delimited token of the original text. */
export interface TextToken {
  /** The token exactly as written ("Look!", "ice-cream,", "Lele's"). */
  text: string;
  /** Offset of the token in the original string (UTF-16 code units). */
  offset: number;
  /**
   * Normalised, lower-case words spoken for this token (`[]` for pure punctuation).
   * Hyphenated tokens give several words, digits are spelled out.
   */
  words: string[];
}

const APOSTROPHES = /[\u2018\u2019\u02bc\u0060\u00b4\u2032]/g;
/** Hyphens, dashes and slashes separate words ("ice-cream", "red/blue", "yes—no"). */
const WORD_SEPARATORS = /[-\u2010-\u2015\u2212/\\_&+=:;,.!?()[\]{}"<>|~*^%$#@]+/u;

/** Splits `text` on whitespace and normalises every token (see {@link normalizeToken}). */
export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  for (const match of text.matchAll(/\S+/gu)) {
    tokens.push({ text: match[0], offset: match.index, words: normalizeToken(match[0]) });
  }
  return tokens;
}

/**
 * Normalises one token to dictionary words: Unicode-folds it, lower-cases it, strips
 * diacritics and punctuation (apostrophes inside a word are kept: "don't", "lele's"),
 * splits on hyphens/dashes/slashes and spells out numbers ("3" → "three").
 * Returns `[]` when nothing pronounceable is left.
 */
export function normalizeToken(raw: string): string[] {
  const folded = raw
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(APOSTROPHES, "'")
    .toLowerCase();
  const words: string[] = [];
  for (const part of folded.split(WORD_SEPARATORS)) {
    // Keep letters, digits and apostrophes; drop everything else (quotes, emoji, ...).
    const cleaned = part.replace(/[^\p{L}\p{N}']+/gu, '').replace(/^'+|'+$/g, '');
    if (cleaned === '') continue;
    // Digits inside a word are split off and spelled out: "3rd" → "three rd" is
    // worse than "third", so handle ordinals first.
    for (const piece of cleaned.split(/(\d+)/)) {
      if (piece === '') continue;
      if (/^\d+$/.test(piece)) {
        words.push(...numberToWords(piece));
      } else {
        const trimmed = piece.replace(/^'+|'+$/g, '');
        if (trimmed !== '') words.push(trimmed);
      }
    }
  }
  return fixOrdinals(words);
}

/** "1 st" → "first", "2 nd" → "second", ... (after digits have been spelled out). */
function fixOrdinals(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const previous = out[out.length - 1];
    if (previous !== undefined && /^(st|nd|rd|th)$/.test(word) && previous in ORDINALS) {
      out[out.length - 1] = ORDINALS[previous] ?? previous;
      continue;
    }
    if (previous !== undefined && word === 'th' && previous.endsWith('ty')) {
      out[out.length - 1] = `${previous.slice(0, -2)}tieth`;
      continue;
    }
    if (
      previous !== undefined &&
      word === 'th' &&
      /(hundred|thousand|million|billion)$/.test(previous)
    ) {
      out[out.length - 1] = `${previous}th`;
      continue;
    }
    out.push(word);
  }
  return out;
}

const ORDINALS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  four: 'fourth',
  five: 'fifth',
  six: 'sixth',
  seven: 'seventh',
  eight: 'eighth',
  nine: 'ninth',
  ten: 'tenth',
  eleven: 'eleventh',
  twelve: 'twelfth',
  thirteen: 'thirteenth',
  fourteen: 'fourteenth',
  fifteen: 'fifteenth',
  sixteen: 'sixteenth',
  seventeen: 'seventeenth',
  eighteen: 'eighteenth',
  nineteen: 'nineteenth',
};

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;
const TENS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
] as const;
const SCALES = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
] as const;

/**
 * Spells out a string of digits as English cardinal words ("2024" → "two thousand
 * twenty four"). Numbers beyond the billions, or with leading zeros, are read digit by
 * digit, like a phone number ("007" → "zero zero seven").
 */
export function numberToWords(digits: string): string[] {
  if (!/^\d+$/.test(digits)) throw new Error(`Not a string of digits: "${digits}"`);
  if ((digits.length > 1 && digits.startsWith('0')) || digits.length > 12) {
    return [...digits].map((d) => ONES[Number(d)] ?? d);
  }
  return cardinal(Number(digits));
}

function cardinal(n: number): string[] {
  if (n < 20) return [ONES[n] ?? String(n)];
  if (n < 100) {
    const tens = TENS[Math.floor(n / 10)] ?? '';
    return n % 10 === 0 ? [tens] : [tens, ONES[n % 10] ?? ''];
  }
  if (n < 1000) {
    const rest = n % 100;
    return [ONES[Math.floor(n / 100)] ?? '', 'hundred', ...(rest === 0 ? [] : cardinal(rest))];
  }
  for (const [value, name] of SCALES) {
    if (n >= value) {
      const rest = n % value;
      return [...cardinal(Math.floor(n / value)), name, ...(rest === 0 ? [] : cardinal(rest))];
    }
  }
  return [String(n)];
}

/** Normalised words of a sentence, for comparing sentences. */
const sentenceWords = (text: string): string[] => tokenize(text).flatMap((t) => t.words);

/**
 * `other` is a different sentence from `target` (a text of two words or more): another text
 * with words, at most half of `target`'s words in it (so a sentence with one word changed is not
 * "another sentence" — a child who misreads that word read the right line).
 */
export function isDifferentSentence(other: string, target: string): boolean {
  const theirs = sentenceWords(target);
  if (theirs.length < 2 || other.trim() === target.trim()) return false;
  const mine = new Set(sentenceWords(other));
  if (mine.size === 0) return false;
  return theirs.filter((w) => mine.has(w)).length <= theirs.length / 2;
}

/** Most competing sentences decoded with a text (AnalyseOptions.competitors). */
export const MAX_COMPETITORS = 24;

/**
 * The sentences of `pool` (e.g. the book's other lines) a reader of `target` might have read
 * instead: different sentences ({@link isDifferentSentence}), each once, nearest to
 * `target`'s position first when `pool` is in reading order and contains it, at most `max`.
 */
export function competingSentences(
  target: string,
  pool: readonly string[],
  max = MAX_COMPETITORS,
): string[] {
  const at = pool.indexOf(target);
  const order = pool
    .map((text, i) => ({ text, distance: at < 0 ? i : Math.abs(i - at) }))
    .sort((a, b) => a.distance - b.distance);
  const out: string[] = [];
  for (const { text } of order) {
    if (out.length >= max) break;
    if (!out.includes(text) && isDifferentSentence(text, target)) out.push(text);
  }
  return out;
}
