import type { Decoder } from 'soundswallower';
import { Lexicon, type Phones } from './dictionary';
import { ALIGN_SAMPLE_RATE } from './model';
import { findSpeechBounds } from './speech-bounds';
import { type TextToken, tokenize } from './text';
import { decoderLog, decoderSource, lastDecoderError, loadModule } from './wasm';

/** A word of the original text with its time span in the audio (seconds). */
export interface AlignedWord {
  /** The original token, punctuation and spelling kept ("Look!", "ice-cream,"). */
  word: string;
  /** Start of the first phone, in seconds from the start of the audio. */
  start: number;
  /** End of the last phone (silence after the word excluded), in seconds. */
  end: number;
}

export interface AlignResult {
  /** One entry per token of the text that has something to say, in text order. */
  words: AlignedWord[];
  /** Which decoding pass produced the result. */
  pass: 'strict' | 'relaxed';
  /** Things an operator may want to check (relaxed pass used, guessed pronunciations…). */
  warnings: string[];
}

export interface AlignOptions {
  /**
   * Extra pronunciations, `{ word: "ARPABET" }` with or without stress digits (the
   * format of `content/lexicon.json`). They override the model dictionary and are
   * merged over the aligner's own `extraDict`.
   */
  extraDict?: Readonly<Record<string, string>>;
}

/** Decoder settings of one alignment pass (probabilities, not log values). */
export interface PassSettings {
  /** HMM state beam. */
  beam: number;
  /** Word-exit beam. */
  wbeam: number;
  /** Phone-transition beam. */
  pbeam: number;
  /** Probability of an optional silence between words. */
  silprob: number;
  /** Probability of an optional noise filler between words. */
  fillprob: number;
}

export interface AlignerOptions extends AlignOptions {
  /** Overrides for the first pass (defaults: SoundSwallower's own beams). */
  strict?: Partial<PassSettings>;
  /** Overrides for the retry pass (defaults: much wider beams, easier silence/noise). */
  relaxed?: Partial<PassSettings>;
}

export interface Aligner {
  /**
   * Aligns `text` against `audio` (mono, {@link ALIGN_SAMPLE_RATE} Hz, samples in
   * [-1, 1]). Calls are serialised; the decoder is reused.
   * @throws Error naming the text when neither pass yields an alignment.
   */
  align(audio: Float32Array, text: string, options?: AlignOptions): Promise<AlignResult>;
  /** Frees the decoder. Further `align` calls reject. */
  close(): void;
}

export const STRICT_PASS: Readonly<PassSettings> = {
  beam: 1e-48,
  wbeam: 7e-29,
  pbeam: 1e-48,
  silprob: 0.005,
  fillprob: 1e-8,
};

/** Sets a pass's beams and filler probabilities on `decoder`, and forgets the last pass's log. */
export function usePass(decoder: Decoder, settings: Readonly<PassSettings>): void {
  decoder.set_config('beam', settings.beam);
  decoder.set_config('wbeam', settings.wbeam);
  decoder.set_config('pbeam', settings.pbeam);
  decoder.set_config('silprob', settings.silprob);
  decoder.set_config('fillprob', settings.fillprob);
  decoderLog.length = 0;
}

export const RELAXED_PASS: Readonly<PassSettings> = {
  beam: 1e-100,
  wbeam: 1e-80,
  pbeam: 1e-100,
  silprob: 0.1,
  fillprob: 1e-4,
};

/**
 * A word whose span exceeds this is treated as a misalignment ("garbage"): the decoder
 * was forced to stretch it over audio that is not that word (music, a long noise, a
 * different sentence). 0.6 s + 0.4 s per phone is ~3× a slow reading pace.
 */
export function maxPlausibleDuration(phoneCount: number): number {
  return 0.6 + 0.4 * phoneCount;
}

const VOWELS: ReadonlySet<string> = new Set([
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'EH',
  'ER',
  'EY',
  'IH',
  'IY',
  'OW',
  'OY',
  'UH',
  'UW',
]);

/**
 * Longest plausible single phone: vowels can be drawn out in expressive reading
 * ("sooo"), consonants hardly. A longer phone means the decoder stretched it over
 * something else — typically a fricative (S, TH, F) swallowing leading/trailing noise.
 */
export function maxPlausiblePhoneDuration(phone: string): number {
  return VOWELS.has(phone) ? 1.0 : 0.4;
}

/** Audio kept before/after the detected speech region in the relaxed pass (seconds). */
const LEAD_MARGIN = 0.1;
const TRAIL_MARGIN = 0.2;

// --- SoundSwallower module ----------------------------------------------------------------

// --- Aligner --------------------------------------------------------------------------------

interface PlannedWord {
  /** Normalised word. */
  word: string;
  /** Name in the decoder's dictionary (the word itself, or a generated entry). */
  name: string;
  /** Shortest pronunciation length, for plausibility checks. */
  phoneCount: number;
}

interface Plan {
  tokens: { token: TextToken; words: PlannedWord[] }[];
  sequence: PlannedWord[];
  warnings: string[];
}

interface AlignedPass {
  ok: true;
  /** Per planned word, in order. */
  spans: { start: number; end: number }[];
  /** Words with implausible durations (`"three" TH 1.26 s`). */
  suspicious: string[];
}

type PassOutcome = AlignedPass | { ok: false; reason: string };

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * Creates an aligner with its own SoundSwallower decoder (US English model, 16 kHz).
 * Initialisation takes a few hundred milliseconds; reuse the aligner.
 */
export async function createAligner(options: AlignerOptions = {}): Promise<Aligner> {
  const module = await loadModule();
  const decoder = new module.Decoder({
    samprate: ALIGN_SAMPLE_RATE,
    loglevel: 'ERROR',
  });
  await decoder.initialize();
  const strict: PassSettings = { ...STRICT_PASS, ...options.strict };
  const relaxed: PassSettings = { ...RELAXED_PASS, ...options.relaxed };
  const baseExtra = options.extraDict ?? {};
  const modelWords = decoderSource(decoder);
  /** Generated dictionary entries, by pronunciation signature. */
  const generated = new Map<string, string>();
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();

  const entryFor = (word: string, prons: readonly Phones[]): string => {
    const signature = `${word} ${prons.map((p) => p.join(' ')).join(' | ')}`;
    const existing = generated.get(signature);
    if (existing) return existing;
    // Unique name; "(n)" suffixes register the alternates with the decoder.
    const name = `${word.replace(/[()]/g, '')}__${generated.size + 1}`;
    const entries = prons.map((p, i): [string, string] => [
      i === 0 ? name : `${name}(${i + 1})`,
      p.join(' '),
    ]);
    try {
      decoder.add_words(...entries);
    } catch {
      throw new Error(`Could not add "${word}" (${signature}) to the decoder dictionary`);
    }
    generated.set(signature, name);
    return name;
  };

  const plan = (text: string, extraDict: Readonly<Record<string, string>>): Plan => {
    const lexicon = new Lexicon(modelWords, extraDict);
    const warnings: string[] = [];
    const tokens: Plan['tokens'] = [];
    for (const token of tokenize(text)) {
      if (token.words.length === 0) {
        if (/[\p{L}\p{N}]/u.test(token.text)) {
          warnings.push(`"${token.text}" has nothing pronounceable in English; not aligned`);
        }
        continue;
      }
      const words: PlannedWord[] = [];
      for (const word of token.words) {
        let pron: ReturnType<Lexicon['pronounce']>;
        try {
          pron = lexicon.pronounce(word);
        } catch {
          warnings.push(`"${word}" (in "${token.text}") cannot be pronounced; not aligned`);
          continue;
        }
        if (pron.origin === 'lts') {
          warnings.push(
            `Pronunciation of "${word}" guessed by letter-to-sound rules ` +
              `(${pron.phones[0]?.join(' ')}); add it to the lexicon if the timing looks off`,
          );
        }
        const name = pron.origin === 'model' ? word : entryFor(word, pron.phones);
        words.push({ word, name, phoneCount: Math.min(...pron.phones.map((p) => p.length)) });
      }
      if (words.length > 0) tokens.push({ token, words });
    }
    return { tokens, sequence: tokens.flatMap((t) => t.words), warnings };
  };

  /** One decoding pass over `audio[from, to)`; spans are in seconds of the full audio. */
  const runPass = (
    audio: Float32Array,
    sequence: PlannedWord[],
    settings: PassSettings,
    from = 0,
    to = audio.length,
  ): PassOutcome => {
    usePass(decoder, settings);
    let outcome: PassOutcome;
    try {
      decoder.set_align_text(sequence.map((w) => w.name).join(' '));
      decoder.start();
      decoder.process_audio(audio.subarray(from, to), false, true);
      decoder.stop();
      outcome = readAlignment(decoder, sequence, from / ALIGN_SAMPLE_RATE);
    } catch (error) {
      outcome = { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
    if (!outcome.ok) {
      const log = lastDecoderError();
      if (log) outcome = { ok: false, reason: `${outcome.reason} (${log})` };
    }
    return outcome;
  };

  /**
   * Strict pass over the whole audio; if it fails or looks implausible, relaxed passes
   * (wide beams, more silence/noise allowed): first over the detected speech region plus
   * margins — so that leading/trailing noise cannot be swallowed by an edge phone — then
   * over the whole audio.
   */
  const decode = (
    audio: Float32Array,
    text: string,
    sequence: PlannedWord[],
    warnings: string[],
  ): { chosen: AlignedPass; pass: AlignResult['pass'] } => {
    const first = runPass(audio, sequence, strict);
    if (first.ok && first.suspicious.length === 0) return { chosen: first, pass: 'strict' };
    const why = first.ok ? `implausible durations: ${first.suspicious.join(', ')}` : first.reason;

    const attempts: { label: string; from: number; to: number }[] = [];
    const bounds = findSpeechBounds(audio, ALIGN_SAMPLE_RATE);
    if (bounds.reliable) {
      const from = Math.max(0, bounds.start - Math.round(LEAD_MARGIN * ALIGN_SAMPLE_RATE));
      const to = Math.min(audio.length, bounds.end + Math.round(TRAIL_MARGIN * ALIGN_SAMPLE_RATE));
      if (from > 0.1 * ALIGN_SAMPLE_RATE || audio.length - to > 0.1 * ALIGN_SAMPLE_RATE) {
        attempts.push({
          label: `speech region ${(from / ALIGN_SAMPLE_RATE).toFixed(2)}–${(to / ALIGN_SAMPLE_RATE).toFixed(2)} s`,
          from,
          to,
        });
      }
    }
    attempts.push({ label: 'whole audio', from: 0, to: audio.length });

    let chosen: AlignedPass | undefined = first.ok ? first : undefined;
    let pass: AlignResult['pass'] = 'strict';
    let usedLabel = '';
    const failures: string[] = [];
    for (const attempt of attempts) {
      const retry = runPass(audio, sequence, relaxed, attempt.from, attempt.to);
      if (!retry.ok) {
        failures.push(`${attempt.label}: ${retry.reason}`);
        continue;
      }
      // Prefer the earlier (stricter) result unless this one is more plausible.
      if (!chosen || retry.suspicious.length < chosen.suspicious.length) {
        chosen = retry;
        pass = 'relaxed';
        usedLabel = attempt.label;
      }
      if (chosen.suspicious.length === 0) break;
    }
    if (!chosen) {
      throw new Error(
        `Could not align "${text}" with its audio: strict pass: ${why}; ` +
          `relaxed pass: ${failures.join('; ')}`,
      );
    }
    if (pass === 'relaxed') {
      warnings.unshift(
        `Strict alignment pass failed (${why}); used the relaxed pass (${usedLabel}, wider ` +
          'beams, more silence/noise allowed): check the timings',
      );
    }
    if (chosen.suspicious.length > 0) {
      warnings.unshift(
        `Alignment may be wrong: implausible durations (${chosen.suspicious.join(', ')}); ` +
          'check that the audio matches the text',
      );
    }
    return { chosen, pass };
  };

  const alignNow = (audio: Float32Array, text: string, options: AlignOptions): AlignResult => {
    if (closed) throw new Error('Aligner is closed');
    if (!(audio instanceof Float32Array)) throw new TypeError('audio must be a Float32Array');
    const { tokens, sequence, warnings } = plan(text, { ...baseExtra, ...options.extraDict });
    if (sequence.length === 0) {
      throw new Error(`Cannot align "${text}": the text has no pronounceable words`);
    }
    if (audio.length < ALIGN_SAMPLE_RATE * 0.05) {
      throw new Error(`Cannot align "${text}": the audio is empty or shorter than 50 ms`);
    }
    const { chosen, pass } = decode(audio, text, sequence, warnings);
    const words: AlignedWord[] = [];
    let k = 0;
    for (const { token, words: planned } of tokens) {
      const firstSpan = chosen.spans[k];
      const lastSpan = chosen.spans[k + planned.length - 1];
      k += planned.length;
      if (!firstSpan || !lastSpan) throw new Error(`Internal error aligning "${text}"`);
      words.push({ word: token.text, start: round(firstSpan.start), end: round(lastSpan.end) });
    }
    return { words, pass, warnings };
  };

  return {
    align(audio, text, alignOptions = {}) {
      const run = queue.then(() => alignNow(audio, text, alignOptions));
      queue = run.catch(() => undefined);
      return run;
    },
    close() {
      if (closed) return;
      closed = true;
      void queue.finally(() => decoder.delete());
    },
  };
}

/** Reads the decoder's segmentation and checks it against the expected words. */
function readAlignment(
  decoder: Decoder,
  sequence: readonly PlannedWord[],
  offset: number,
): PassOutcome {
  const result = decoder.get_alignment({ align_level: 1 });
  const segments = (result.w ?? []).filter((s) => !/^[<[]/.test(s.t));
  if (segments.length === 0) return { ok: false, reason: 'no alignment found' };
  if (segments.length !== sequence.length) {
    return { ok: false, reason: `aligned ${segments.length} of ${sequence.length} words` };
  }
  const spans: { start: number; end: number }[] = [];
  const suspicious: string[] = [];
  for (const [i, segment] of segments.entries()) {
    const expected = sequence[i];
    const name = segment.t.replace(/\(\d+\)$/, '');
    if (!expected || name !== expected.name) {
      return { ok: false, reason: `word ${i + 1} is "${name}", expected "${expected?.name}"` };
    }
    const start = offset + segment.b;
    const end = offset + segment.b + segment.d;
    if (!(end > start)) return { ok: false, reason: `empty span for "${expected.word}"` };
    const phone = (segment.w ?? []).find((p) => p.d > maxPlausiblePhoneDuration(p.t));
    if (phone) {
      suspicious.push(`"${expected.word}" ${phone.t} ${phone.d.toFixed(2)} s`);
    } else if (end - start > maxPlausibleDuration(expected.phoneCount)) {
      suspicious.push(`"${expected.word}" ${(end - start).toFixed(2)} s`);
    }
    spans.push({ start, end });
  }
  return { ok: true, spans, suspicious };
}

let sharedAligner: Promise<Aligner> | undefined;

/**
 * Word-level forced alignment of `text` against `audio` (mono, 16 kHz, float samples)
 * using a lazily created, process-wide {@link Aligner}.
 */
export async function alignWords(
  audio: Float32Array,
  text: string,
  options: AlignOptions = {},
): Promise<AlignResult> {
  if (!sharedAligner) {
    sharedAligner = createAligner();
    sharedAligner.catch(() => {
      sharedAligner = undefined;
    });
  }
  return (await sharedAligner).align(audio, text, options);
}

/** Frees the process-wide aligner used by {@link alignWords} (e.g. at shutdown). */
export async function closeSharedAligner(): Promise<void> {
  const aligner = sharedAligner;
  sharedAligner = undefined;
  if (aligner) (await aligner).close();
}
