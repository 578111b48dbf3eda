import type { Segment } from 'soundswallower';
import { speechPlatform } from '#speech-platform';
import type { AcousticModel, AcousticModelName } from './acoustic-model';
import { RELAXED_PASS, STRICT_PASS, usePass } from './align';
import { Lexicon, type Phones } from './dictionary';
import { ALIGN_SAMPLE_RATE, MODEL_PHONE_LIST } from './model';
import { findSpeechBounds } from './speech-bounds';
import { tokenize } from './text';
import { decoderSource, lastDecoderError, loadModule, senoneSwitch } from './wasm';

/**
 * The acoustic side of pronunciation scoring: forced alignment of the reference text and
 * Goodness of Pronunciation (GOP) per phone.
 *
 * The decoder runs with `compallsen` (every senone of the model is evaluated in every
 * frame) so that the score SoundSwallower reports for each aligned HMM state is
 *
 *     Σ over the state's frames of  log p(x_t | aligned senone) − max_s log p(x_t | s)
 *
 * i.e. the log-likelihood ratio of the reference pronunciation against the best-scoring
 * senone of ANY phone in the same frame — an unconstrained ("free") phone loop evaluated
 * frame by frame. Divided by the phone's duration this is the classic GOP (Witt & Young
 * 2000) with the frame-level max over all senones as the competitor. On the development
 * set it correlates better with the human scores than the same ratio against an actual
 * free phone-loop decode (JSGF loop of all 39 phones), and costs half the time; see
 * calibration-params.ts for the numbers.
 *
 * SoundSwallower only reports the state scores as probabilities `p = 1.0001^score` with
 * three decimals (`score` in its internal log units, senone scores shifted right by 10
 * bits); `ln p × 1024` is therefore the log-likelihood ratio in nats. Rounding limits the
 * resolution to about one nat per state, far below the differences that matter.
 */

/** Frames per second of the decoder (10 ms hop). */
export const FRAME_RATE = 100;
/** Natural-log units per unit of `ln p` reported by the decoder (senone score shift). */
const SCORE_SCALE = 1024;
/** Floor for a reported state probability (p = 0.000 after rounding). */
const MIN_STATE_P = 0.0005;
/** Floor for a per-frame GOP (nats): beyond this a phone is simply "wrong". */
export const MIN_FRAME_GOP = -30;

export interface PhoneAnalysis {
  /** Model phone (ARPAbet without stress). */
  phone: string;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  /** Duration in 10 ms frames. */
  frames: number;
  /**
   * Goodness of pronunciation: mean per-frame log-likelihood ratio of the aligned phone
   * against the best senone of any phone (nats per frame, ≤ 0; 0 = nothing fits better).
   */
  gop: number;
  /** Lowest per-frame GOP among the phone's three HMM states. */
  worstState: number;
  /** Summed log-likelihood ratio of the phone's states against the best senone (nats). */
  total: number;
  /**
   * The phone's own log-likelihood minus the free phone loop's over the same frames, per
   * frame (see {@link TokenAnalysis.evidence}); undefined when no loop decode ran.
   */
  evidence?: number;
}

export interface TokenAnalysis {
  /** The token of the reference text as written ("Look!", "Lele's"). */
  token: string;
  /** Normalised dictionary words spoken for the token ("ice-cream" → ice, cream). */
  words: string[];
  /** Aligned span (seconds). */
  start: number;
  end: number;
  /** Phones of all its words, in order. */
  phones: PhoneAnalysis[];
  /** Some pronunciation was guessed by letter-to-sound rules. */
  guessed: boolean;
  /**
   * The decoder left every word of the token out: the audio does not contain it. Its
   * span is then the gap between its neighbours and it has no phones.
   */
  missed: boolean;
  /**
   * Evidence that the token's words are in the audio: the log-likelihood of its aligned
   * phones minus that of the best free phone sequence over the same frames (nats per
   * frame; ≈ 0 or above when the word fits as well as anything, strongly negative when
   * other sounds were said). Both paths have the same HMM topology and the same acoustic
   * model, so a child's voice lowers both alike. Undefined when no loop decode ran.
   */
  evidence?: number;
}

export interface Pause {
  start: number;
  end: number;
  /** `silence` or a noise filler the decoder inserted. */
  kind: 'silence' | 'noise';
}

export interface UtteranceAnalysis {
  /** False when no alignment of the text to the audio was possible at all. */
  aligned: boolean;
  /** Why alignment failed (when `aligned` is false). */
  failure?: string;
  /** Which pass produced the alignment. */
  pass: 'strict' | 'relaxed' | 'none';
  /** One entry per token of the text that has something to say. */
  tokens: TokenAnalysis[];
  /** Silences and fillers between words (not before the first or after the last word). */
  pauses: Pause[];
  /** Audio length in frames. */
  frames: number;
  /** Acoustic model used. */
  model: AcousticModelName;
  /** Pronunciations guessed by letter-to-sound rules (`word: PHONES`). */
  guessed: string[];
  /**
   * The whole decoded region against the free phone loop (undefined when no loop decode ran):
   * the words' summed evidence (nats) over their frames, and the same for every other frame
   * of the region — where the alignment put silences and noise/speech fillers. Speech the
   * text does not account for (another sentence's words around the few spots where this
   * one's fit) scores far below the loop there; a pause scores about the same as the loop.
   */
  regionEvidence?: {
    words: number;
    wordFrames: number;
    gaps: number;
    gapFrames: number;
    /** First frame of the decoded region in the audio (10 ms frames). */
    firstFrame: number;
    /** Per frame of the region, path minus loop outside the words (nats), 0 inside them. */
    gapFrameScores: Float32Array;
  };
  /**
   * Set when {@link AnalyseOptions.competitors} were given and the decoder, choosing freely
   * between the text and them, chose another sentence: its index among the competitors and
   * how much better its path fits than the text's alignment (nats per frame of the region).
   */
  competitor?: {
    index: number;
    margin: number;
    /** Words of the chosen line the decoder left out, and of the text in its alignment. */
    skipped: number;
    textSkipped: number;
    /** Its path against the free phone loop over the region (nats per frame; 0 = as good). */
    evidence?: number;
  };
  /** Why the choice between the text and the competitors could not be decoded. */
  competitorFailure?: string;
}

/**
 * The 39 phones of the CMU dictionary: the free phone loop that competes with the text's
 * words (see {@link TokenAnalysis.evidence}).
 */
export const LOOP_PHONES = MODEL_PHONE_LIST;
const loopWord = (phone: string): string => `ph__${phone.toLowerCase()}`;
/** JSGF grammar of any sequence of phones (silences between them are the decoder's own). */
export const PHONE_LOOP_GRAMMAR = `#JSGF V1.0;\ngrammar loop;\npublic <loop> = ( ${LOOP_PHONES.map(loopWord).join(' | ')} )+;\n`;

/**
 * Beams of the phone-loop pass: narrower than the alignment's (the loop only has to find a
 * good phone sequence, not follow the text). On a development recording 1e-48, 1e-30 and
 * 1e-20 gave the same evidence to three decimals; 1e-12 changed it. A model can narrow the
 * beam further (`AcousticModel.loopBeam`) when its calibration was fitted that way.
 */
const LOOP_PASS = { ...STRICT_PASS, beam: 1e-20, pbeam: 1e-20, wbeam: 1e-15 };

export interface EngineOptions {
  /** Acoustic model: `auto` (default) uses Debian's 16 kHz model when installed. */
  model?: AcousticModelName | 'auto';
  /** Override the vocal-tract-length warp factor of the model. */
  warp?: number;
  /** Gaussians per codebook evaluated per frame (SoundSwallower `topn`; default: the model's). */
  topn?: number;
  /**
   * Gaussian means file replacing the model's (e.g. adapted with sphinxtrain's MLLR tools;
   * decision 068, third round). SoundSwallower ignores its own `mllr` setting.
   */
  means?: string;
  /** Decode a free phone loop too, for {@link TokenAnalysis.evidence} (default true). */
  phoneLoop?: boolean;
  /**
   * Evaluate every senone in the search passes too (default false: only in the alignment,
   * see {@link senoneSwitch}; the results are the same, this is for checking that).
   */
  searchAllSenones?: boolean;
}

export interface AnalyseOptions {
  /** Extra pronunciations, `{ word: "ARPABET" }` (the format of content/lexicon.json). */
  extraDict?: Readonly<Record<string, string>>;
  /**
   * Where speech was detected (seconds), e.g. the voiced span from vad.ts; merged with an
   * energy detector. Audio further than {@link TRIM_MARGIN} outside it is not decoded.
   */
  speech?: { start: number; end: number };
  /**
   * Other sentences the reader might have read instead (the book's other lines): after the
   * alignment, the decoder chooses between the text and these over the same audio, and
   * {@link UtteranceAnalysis.competitor} says when one of them fits better.
   */
  competitors?: readonly string[];
  /**
   * Whether the aligned text needs {@link competitors} decoded at all (default: always). The
   * choice costs about half an analysis; a scorer asks only when its detector is unsure.
   */
  compete?: (analysis: UtteranceAnalysis) => boolean;
}

/**
 * Silence kept around the detected speech (seconds). Decoding only the speech region
 * saves ~15 % of the work on typical recordings; with this margin it changes no score
 * measurably on the development set (cross-validated PCC 0.527 → 0.532).
 */
export const TRIM_MARGIN = 0.2;

export interface PronunciationEngine {
  readonly model: AcousticModelName;
  readonly warp: number;
  /**
   * Aligns `text` to `audio` (16 kHz mono floats) and scores every phone. Synchronous and
   * CPU-bound (≈ 0.1 s per second of audio): run it in a worker (see pool.ts).
   * @throws Error when the text has no pronounceable words.
   */
  analyse(audio: Float32Array, text: string, options?: AnalyseOptions): UtteranceAnalysis;
  /**
   * {@link analyse} in steps: the generator yields a {@link LoopRequest} where it needs the
   * free phone loop, so that a caller can decode it elsewhere (another worker, decision 113)
   * while this engine aligns the text; {@link runSteps} with {@link phoneLoop} is `analyse`.
   */
  analyseSteps(
    audio: Float32Array,
    text: string,
    options?: AnalyseOptions,
  ): Generator<LoopRequest, UtteranceAnalysis, LoopFrames>;
  /**
   * The free phone loop over `audio[from, to)`: per frame, the best phone sequence's state
   * score against the best senone (nats), or undefined when the decode failed. Another
   * engine of the same model and options gives the same frames.
   */
  phoneLoop(audio: Float32Array, from: number, to: number): LoopFrames;
  close(): void;
}

/** A phone loop's frames ({@link PronunciationEngine.phoneLoop}); undefined: decode failed. */
export type LoopFrames = Float64Array | undefined;

/** What an analysis in steps asks of its caller ({@link PronunciationEngine.analyseSteps}). */
export interface LoopRequest {
  /** Sample range of the audio to decode the phone loop over. */
  from: number;
  to: number;
  /**
   * True: announced before the text's alignment, the range it will most likely need (the
   * speech region); the answer is not read. False: needed now, for exactly this range.
   */
  ahead: boolean;
}

/** Runs an analysis (or a scoring) in steps to its end, answering each request with `answer`. */
export function runSteps<T>(
  steps: Generator<LoopRequest, T, LoopFrames>,
  answer: (request: LoopRequest) => LoopFrames,
): T {
  let step = steps.next(undefined);
  while (!step.done) step = steps.next(step.value.ahead ? undefined : answer(step.value));
  return step.value;
}

// --- WebAssembly module ----------------------------------------------------------------------

// --- Engine ----------------------------------------------------------------------------------

interface PassResult {
  segment: Segment;
  /** Per planned word, its aligned segment; undefined when the decoder skipped it. */
  words: (Segment | undefined)[];
  /** Seconds to add to the segment times (start of the decoded region). */
  offset: number;
  /** Number of skipped words. */
  missing: number;
  /** Decoded region in samples. */
  from: number;
  to: number;
}

/**
 * Prior probability that the reader skipped a given word. Every word of the reading
 * grammar is optional with this weight, so a word that is not in the audio is left out
 * of the alignment (reported as missed) instead of being forced onto its neighbours'
 * sounds. The weight is tiny (× language weight 6.5 ≈ −240 nats): a word is only
 * skipped when the audio clearly lacks it. Measured on 160 development recordings
 * (bundled model) with one unspoken word inserted into each text: 1e-10 skipped 84 % of
 * the inserted words and 1.1 % of the words actually read, 1e-16 75 % and 0.7 %, 1e-22
 * 69 % and 0.7 %. A forced alignment with a "missed" classifier on the word's GOP and
 * duration found only 17 % at a 2 % false-alarm rate.
 */
export const SKIP_WORD_PROBABILITY = 1e-16;

/** JSGF rule body reading `names` in order, each word optional. */
function readingBody(names: readonly string[]): string {
  const keep = 1 - SKIP_WORD_PROBABILITY;
  return names.map((name) => `( /${keep}/ ${name} | /${SKIP_WORD_PROBABILITY}/ <NULL> )`).join(' ');
}

/** JSGF grammar for reading `names` in order, each word optional. */
export function readingGrammar(names: readonly string[]): string {
  return `#JSGF V1.0;\ngrammar reading;\npublic <reading> = ${readingBody(names)};\n`;
}

/**
 * JSGF grammar for reading any ONE of `sentences` (each as {@link readingGrammar} reads it),
 * all equally likely.
 */
export function choiceGrammar(sentences: readonly (readonly string[])[]): string {
  const rules = sentences.map((names, i) => `<s${i}> = ${readingBody(names)};`);
  const choice = sentences.map((_, i) => `<s${i}>`).join(' | ');
  return `#JSGF V1.0;\ngrammar choice;\npublic <choice> = ${choice};\n${rules.join('\n')}\n`;
}

/**
 * Which of `sentences` the decoded words read: the one they follow with the fewest words
 * skipped (the first on a tie) and how many of its words were skipped; index -1 when they
 * follow none.
 */
export function chosenSentence(
  sentences: readonly (readonly string[])[],
  decoded: readonly string[],
): { index: number; missing: number } {
  let best = { index: -1, missing: Number.POSITIVE_INFINITY };
  sentences.forEach((names, index) => {
    const words = matchWords(
      names,
      decoded.map((t) => ({ t })),
    );
    if (!words) return;
    const missing = words.filter((w) => !w).length;
    if (missing < best.missing) best = { index, missing };
  });
  return best;
}

/**
 * Matches the aligned words (a subsequence of `names`, alternates marked "(2)") to the
 * planned words; undefined when they are not a subsequence.
 */
function matchWords<S extends { t: string }>(
  names: readonly string[],
  aligned: readonly S[],
): (S | undefined)[] | undefined {
  const out: (S | undefined)[] = names.map(() => undefined);
  let k = 0;
  for (const segment of aligned) {
    const name = segment.t.replace(/\(\d+\)$/, '');
    while (k < names.length && names[k] !== name) k++;
    if (k >= names.length) return undefined;
    out[k++] = segment;
  }
  return out;
}

interface PlannedToken {
  token: string;
  words: { word: string; name: string }[];
  guessed: boolean;
}

const isFiller = (name: string): boolean => /^[<[+]/.test(name);
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Creates a pronunciation engine with its own decoder (loading takes ~0.3–0.5 s). */
export async function createPronunciationEngine(
  options: EngineOptions = {},
): Promise<PronunciationEngine> {
  const model: AcousticModel = speechPlatform.resolveModel(options.model ?? 'auto');
  const warp = options.warp ?? model.warp;
  const engineLoop = options.phoneLoop ?? true;
  const loopBeam = model.loopBeam ?? LOOP_PASS.beam;
  const loopPbeam = model.loopBeam ?? LOOP_PASS.pbeam;
  const strictPass: typeof STRICT_PASS =
    model.alignBeam === undefined
      ? STRICT_PASS
      : { ...STRICT_PASS, beam: model.alignBeam, pbeam: model.alignBeam, wbeam: model.alignBeam };
  const module = await loadModule();
  const decoder = new module.Decoder({
    ...model.config,
    samprate: ALIGN_SAMPLE_RATE,
    loglevel: 'ERROR',
    compallsen: true,
    topn: options.topn ?? model.topn,
    ...(options.means ? { mean: options.means } : {}),
  });
  await decoder.initialize();
  if (warp !== 1) {
    decoder.set_config('warp_params', String(warp));
    await decoder.reinitialize_audio();
  }
  const source = decoderSource(decoder);
  const senones = options.searchAllSenones ? undefined : senoneSwitch(module, decoder);
  decoder.add_words(...LOOP_PHONES.map((p): [string, string] => [loopWord(p), p]));
  const generated = new Map<string, string>();
  let closed = false;

  const entryFor = (word: string, prons: readonly Phones[]): string => {
    const signature = `${word} ${prons.map((p) => p.join(' ')).join(' | ')}`;
    const existing = generated.get(signature);
    if (existing) return existing;
    const name = `${word.replace(/[()\s]/g, '')}__g${generated.size + 1}`;
    decoder.add_words(
      ...prons.map((p, i): [string, string] => [i === 0 ? name : `${name}(${i + 1})`, p.join(' ')]),
    );
    generated.set(signature, name);
    return name;
  };

  const plan = (
    text: string,
    extraDict: Readonly<Record<string, string>>,
  ): { tokens: PlannedToken[]; guessed: string[] } => {
    const lexicon = new Lexicon(source, extraDict);
    const tokens: PlannedToken[] = [];
    const guessed: string[] = [];
    for (const token of tokenize(text)) {
      const words: PlannedToken['words'] = [];
      let tokenGuessed = false;
      for (const word of token.words) {
        let pron: ReturnType<Lexicon['pronounce']>;
        try {
          pron = lexicon.pronounce(word);
        } catch {
          continue;
        }
        if (pron.origin === 'lts') {
          tokenGuessed = true;
          guessed.push(`${word}: ${pron.phones[0]?.join(' ')}`);
        }
        words.push({ word, name: pron.origin === 'model' ? word : entryFor(word, pron.phones) });
      }
      if (words.length > 0) tokens.push({ token: token.text, words, guessed: tokenGuessed });
    }
    return { tokens, guessed };
  };

  /**
   * Decodes `audio` with the grammar set, evaluating only the senones the search has
   * active; the alignment read afterwards evaluates all of them (see {@link senoneSwitch}).
   */
  const search = (audio: Float32Array): void => {
    decoder.start();
    senones?.searchOnly();
    try {
      decoder.process_audio(audio, false, true);
      decoder.stop();
    } finally {
      senones?.all();
    }
  };

  /**
   * One alignment pass over `audio[from, to)` with the reading grammar (every word
   * optional, see {@link readingGrammar}). Returns the state-level segmentation and, per
   * planned word, its segment (undefined when the decoder skipped it), or why it failed.
   */
  const runPass = (
    audio: Float32Array,
    names: string[],
    settings: typeof STRICT_PASS,
    from = 0,
    to = audio.length,
  ): PassResult | string => {
    usePass(decoder, settings);
    try {
      decoder.set_grammar(readingGrammar(names));
      search(audio.subarray(from, to));
      if (decoder.get_text().trim() === '') return 'no word of the text was recognised';
      const segment = decoder.get_alignment({ align_level: 2 });
      const words = matchWords(
        names,
        (segment.w ?? []).filter((s) => !isFiller(s.t)),
      );
      if (!words) return 'the alignment does not follow the text';
      return {
        segment,
        words,
        offset: from / ALIGN_SAMPLE_RATE,
        missing: words.filter((w) => !w).length,
        from,
        to,
      };
    } catch (error) {
      const log = lastDecoderError();
      const message = error instanceof Error ? error.message : String(error);
      return log ? `${message} (${log})` : message;
    }
  };

  /**
   * Free phone-loop decode of `audio[from, to)`: per frame, the log-likelihood ratio of the
   * best phone sequence against the best senone (nats; the same units as the phones' GOP
   * totals), or undefined when the decode failed.
   */
  const loopFrames = (audio: Float32Array, from: number, to: number): LoopFrames => {
    usePass(decoder, { ...LOOP_PASS, beam: loopBeam, pbeam: loopPbeam });
    try {
      decoder.set_grammar(PHONE_LOOP_GRAMMAR);
      search(audio.subarray(from, to));
      if (decoder.get_text().trim() === '') return undefined;
      const segment = decoder.get_alignment({ align_level: 2 });
      return pathFrames(segment, Math.ceil(((to - from) / ALIGN_SAMPLE_RATE) * FRAME_RATE) + 1);
    } catch {
      return undefined;
    }
  };

  /**
   * The decoder's free choice between the text (`names`) and `competitors` over the region
   * the text was aligned to; undefined when it kept the text (or could not decide).
   */
  const chooseSentence = (
    audio: Float32Array,
    result: PassResult,
    names: string[],
    competitors: readonly string[],
    extraDict: Readonly<Record<string, string>>,
    loop: Float64Array | undefined,
  ): Pick<UtteranceAnalysis, 'competitor' | 'competitorFailure'> => {
    const own = names.join(' ');
    const alternatives: { index: number; names: string[] }[] = [];
    competitors.forEach((text, index) => {
      const theirs = plan(text, extraDict).tokens.flatMap((t) => t.words.map((w) => w.name));
      const key = theirs.join(' ');
      if (theirs.length === 0 || key === own) return;
      if (alternatives.some((a) => a.names.join(' ') === key)) return;
      alternatives.push({ index, names: theirs });
    });
    if (alternatives.length === 0) return {};
    const sentences = [names, ...alternatives.map((a) => a.names)];
    usePass(decoder, strictPass);
    try {
      decoder.set_grammar(choiceGrammar(sentences));
      search(audio.subarray(result.from, result.to));
      if (decoder.get_text().trim() === '') return {};
      const segment = decoder.get_alignment({ align_level: 2 });
      const decoded = (segment.w ?? []).map((s) => s.t).filter((t) => !isFiller(t));
      const chosen = chosenSentence(sentences, decoded);
      const alternative = alternatives[chosen.index - 1];
      // Only a line mostly read is another sentence read: a few of its words fitting somewhere
      // (the rest skipped, which the acoustic margin below does not see) are not.
      if (!alternative || chosen.missing > Math.floor(alternative.names.length / 2)) return {};
      const length = Math.ceil(((result.to - result.from) / ALIGN_SAMPLE_RATE) * FRAME_RATE) + 1;
      const sum = (xs: Float64Array): number => xs.reduce((a, b) => a + b, 0);
      const theirs = sum(pathFrames(segment, length));
      const margin = (theirs - sum(pathFrames(result.segment, length))) / length;
      return {
        competitor: {
          index: alternative.index,
          margin: round3(margin),
          skipped: chosen.missing,
          textSkipped: result.missing,
          ...(loop ? { evidence: round3((theirs - sum(loop)) / length) } : {}),
        },
      };
    } catch (error) {
      const log = lastDecoderError();
      const message = error instanceof Error ? error.message : String(error);
      return { competitorFailure: log ? `${message} (${log})` : message };
    }
  };

  function* analyseSteps(
    audio: Float32Array,
    text: string,
    analyseOptions: AnalyseOptions = {},
  ): Generator<LoopRequest, UtteranceAnalysis, LoopFrames> {
    if (closed) throw new Error('Pronunciation engine is closed');
    if (!(audio instanceof Float32Array)) throw new TypeError('audio must be a Float32Array');
    const { tokens, guessed } = plan(text, analyseOptions.extraDict ?? {});
    if (tokens.length === 0) {
      throw new Error(`Cannot score "${text}": the text has no pronounceable words`);
    }
    const frames = Math.floor(audio.length / (ALIGN_SAMPLE_RATE / FRAME_RATE));
    const names = tokens.flatMap((t) => t.words.map((w) => w.name));
    const base: UtteranceAnalysis = {
      aligned: false,
      pass: 'none',
      tokens: [],
      pauses: [],
      frames,
      model: model.name,
      guessed,
    };
    // Minimum duration of an HMM path: 3 frames per phone.
    if (audio.length < ALIGN_SAMPLE_RATE * 0.05) {
      return { ...base, failure: 'audio shorter than 50 ms' };
    }
    const [from, to] = speechRegion(audio, analyseOptions.speech);
    if (engineLoop) yield { from, to, ahead: true };
    const trimmed = from > 0 || to < audio.length;
    let result = runPass(audio, names, strictPass, from, to);
    let pass: UtteranceAnalysis['pass'] = 'strict';
    if (trimmed && (typeof result === 'string' || result.missing > 0)) {
      // Trimming may have cut off a quiet word: try the whole recording, keep the better.
      const whole = runPass(audio, names, strictPass);
      if (
        typeof whole !== 'string' &&
        (typeof result === 'string' || whole.missing < result.missing)
      ) {
        result = whole;
      }
    }
    if (typeof result === 'string') {
      const relaxed = runPass(audio, names, RELAXED_PASS);
      if (typeof relaxed === 'string') {
        return { ...base, failure: `strict pass: ${result}; relaxed pass: ${relaxed}` };
      }
      result = relaxed;
      pass = 'relaxed';
    }
    const analysis: Pick<UtteranceAnalysis, 'tokens' | 'pauses' | 'regionEvidence'> = readAnalysis(
      result,
      tokens,
    );
    const loop = engineLoop ? yield { from: result.from, to: result.to, ahead: false } : undefined;
    if (loop) {
      addEvidence(analysis.tokens, result, loop);
      analysis.regionEvidence = regionEvidence(analysis.tokens, result, loop);
    }
    const aligned: UtteranceAnalysis = { ...base, aligned: true, pass, ...analysis };
    const choice =
      analyseOptions.competitors?.length && (analyseOptions.compete?.(aligned) ?? true)
        ? chooseSentence(
            audio,
            result,
            names,
            analyseOptions.competitors,
            analyseOptions.extraDict ?? {},
            loop,
          )
        : {};
    return { ...aligned, ...choice };
  }

  return {
    model: model.name,
    warp,
    analyseSteps,
    analyse(audio, text, analyseOptions) {
      return runSteps(analyseSteps(audio, text, analyseOptions), (request) =>
        loopFrames(audio, request.from, request.to),
      );
    },
    phoneLoop(audio, from, to) {
      if (closed) throw new Error('Pronunciation engine is closed');
      return loopFrames(audio, from, to);
    },
    close() {
      if (closed) return;
      closed = true;
      decoder.delete();
    },
  };
}

/**
 * Sample range to decode: the union of the energy detector's speech bounds and the
 * caller's speech span, widened by {@link TRIM_MARGIN}; the whole audio when unsure.
 */
function speechRegion(
  audio: Float32Array,
  speech: AnalyseOptions['speech'],
): [from: number, to: number] {
  const bounds = findSpeechBounds(audio, ALIGN_SAMPLE_RATE);
  if (!bounds.reliable && !speech) return [0, audio.length];
  let start = bounds.reliable ? bounds.start : audio.length;
  let end = bounds.reliable ? bounds.end : 0;
  if (speech && speech.end > speech.start) {
    start = Math.min(start, Math.floor(speech.start * ALIGN_SAMPLE_RATE));
    end = Math.max(end, Math.ceil(speech.end * ALIGN_SAMPLE_RATE));
  }
  const margin = Math.round(TRIM_MARGIN * ALIGN_SAMPLE_RATE);
  const from = Math.max(0, start - margin);
  const to = Math.min(audio.length, end + margin);
  // Not worth it (or nonsense): decode everything.
  if (to - from < 0.3 * ALIGN_SAMPLE_RATE || to - from > 0.95 * audio.length) {
    return [0, audio.length];
  }
  return [from, to];
}

const framesOf = (segment: Segment): number => Math.max(1, Math.round(segment.d * FRAME_RATE));
const nats = (p: number): number => Math.log(Math.max(p, MIN_STATE_P)) * SCORE_SCALE;

function readPhone(segment: Segment, offset: number): PhoneAnalysis {
  const states = segment.w ?? [];
  const frames = framesOf(segment);
  let total = 0;
  let worst = 0;
  if (states.length > 0) {
    for (const state of states) {
      const score = nats(state.p);
      total += score;
      worst = Math.min(worst, score / framesOf(state));
    }
  } else {
    total = nats(segment.p);
    worst = total / frames;
  }
  return {
    phone: segment.t,
    start: round3(offset + segment.b),
    end: round3(offset + segment.b + segment.d),
    frames,
    gop: Math.max(MIN_FRAME_GOP, total / frames),
    worstState: Math.max(MIN_FRAME_GOP, worst),
    total: Math.round(total),
  };
}

/**
 * Fills {@link TokenAnalysis.evidence}: per token read, the summed state scores of its
 * aligned phones minus the phone loop's over the same frames, per frame.
 */
function addEvidence(tokens: TokenAnalysis[], result: PassResult, loop: Float64Array): void {
  const { offset } = result;
  for (const token of tokens) {
    if (token.missed || token.phones.length === 0) continue;
    let own = 0;
    let frames = 0;
    for (const phone of token.phones) {
      own += phone.total;
      frames += phone.frames;
    }
    const first = Math.round((token.start - offset) * FRAME_RATE);
    let competitor = 0;
    for (let t = first; t < first + frames; t++) competitor += loop[t] ?? 0;
    token.evidence = round3((own - competitor) / Math.max(1, frames));
    for (const phone of token.phones) {
      const from = Math.round((phone.start - offset) * FRAME_RATE);
      let loopTotal = 0;
      for (let t = from; t < from + phone.frames; t++) loopTotal += loop[t] ?? 0;
      phone.evidence = round3((phone.total - loopTotal) / Math.max(1, phone.frames));
    }
  }
}

/**
 * Per frame of a decoded region, the path's state score (log-likelihood ratio against the
 * best senone, nats) — words, silences and fillers alike: the text's alignment and the phone
 * loop's.
 */
function pathFrames(segment: Segment, length: number): Float64Array {
  const out = new Float64Array(length);
  for (const word of segment.w ?? []) {
    for (const phone of word.w ?? [word]) {
      for (const state of phone.w ?? [phone]) {
        const first = Math.round(state.b * FRAME_RATE);
        const n = framesOf(state);
        const perFrame = nats(state.p) / n;
        for (let t = first; t < first + n && t < length; t++) out[t] = perFrame;
      }
    }
  }
  return out;
}

/** Fills {@link UtteranceAnalysis.regionEvidence} (after {@link addEvidence}). */
export function regionEvidence(
  tokens: readonly (Pick<TokenAnalysis, 'missed' | 'start' | 'evidence'> & {
    phones: readonly Pick<PhoneAnalysis, 'frames'>[];
  })[],
  result: Pick<PassResult, 'segment' | 'offset'>,
  loop: Float64Array,
): NonNullable<UtteranceAnalysis['regionEvidence']> {
  const path = pathFrames(result.segment, loop.length);
  const inWord = new Uint8Array(loop.length);
  let words = 0;
  let wordFrames = 0;
  for (const token of tokens) {
    if (token.missed || token.evidence === undefined) continue;
    const frames = token.phones.reduce((a, p) => a + p.frames, 0);
    const first = Math.max(0, Math.round((token.start - result.offset) * FRAME_RATE));
    inWord.fill(1, Math.min(first, loop.length), Math.min(first + frames, loop.length));
    words += token.evidence * frames;
    wordFrames += frames;
  }
  let gaps = 0;
  let gapFrames = 0;
  const gapFrameScores = new Float32Array(loop.length);
  for (let t = 0; t < loop.length; t++) {
    if (inWord[t]) continue;
    const diff = (path[t] ?? 0) - (loop[t] ?? 0);
    gapFrameScores[t] = diff;
    gaps += diff;
    gapFrames++;
  }
  return {
    words: round3(words),
    wordFrames,
    gaps: round3(gaps),
    gapFrames,
    firstFrame: Math.round(result.offset * FRAME_RATE),
    gapFrameScores,
  };
}

function readAnalysis(
  result: PassResult,
  planned: readonly PlannedToken[],
): Pick<UtteranceAnalysis, 'tokens' | 'pauses'> {
  const { offset } = result;
  const tokens: TokenAnalysis[] = [];
  let k = 0;
  for (const token of planned) {
    const mine = result.words
      .slice(k, k + token.words.length)
      .filter((w): w is Segment => w !== undefined);
    k += token.words.length;
    const first = mine[0];
    const last = mine[mine.length - 1];
    tokens.push({
      token: token.token,
      words: token.words.map((w) => w.word),
      start: first ? round3(offset + first.b) : 0,
      end: last ? round3(offset + last.b + last.d) : 0,
      phones: mine.flatMap((w) => (w.w ?? []).map((p) => readPhone(p, offset))),
      guessed: token.guessed,
      missed: mine.length === 0,
    });
  }
  // A missed token spans the gap between its neighbours.
  tokens.forEach((token, i) => {
    if (!token.missed) return;
    const before = tokens.slice(0, i).findLast((t) => !t.missed);
    const after = tokens.slice(i + 1).find((t) => !t.missed);
    token.start = before?.end ?? after?.start ?? 0;
    token.end = Math.max(token.start, after?.start ?? before?.end ?? 0);
  });
  const present = tokens.filter((t) => !t.missed);
  const firstStart = present[0]?.start ?? 0;
  const lastEnd = present[present.length - 1]?.end ?? 0;
  const pauses: Pause[] = (result.segment.w ?? [])
    .filter(
      (s) => isFiller(s.t) && offset + s.b >= firstStart && offset + s.b + s.d <= lastEnd + 1e-6,
    )
    .map((s) => ({
      start: round3(offset + s.b),
      end: round3(offset + s.b + s.d),
      kind: /^<|^SIL/.test(s.t) ? 'silence' : 'noise',
    }));
  return { tokens, pauses };
}
