import type { TokenAnalysis, UtteranceAnalysis } from './engine';
import { type VoiceActivity, voicedFraction } from './vad';

/**
 * Features derived from an {@link UtteranceAnalysis}: what the calibrated models in
 * calibration.ts map to human-like scores. All are plain numbers so that the fitting
 * script can store them and refit without decoding again.
 */

/** Phone GOPs are clipped to this (nats/frame) before averaging: one wild phone ≠ a bad reading. */
export const GOP_CLIP = -15;
/** A phone with a GOP below this (nats/frame) counts as badly pronounced. */
export const BAD_PHONE_GOP = -9;
/**
 * Token evidence (engine.ts: own phones against a free phone loop, nats/frame) is clipped
 * to [EVIDENCE_CLIP, EVIDENCE_CEIL]; below {@link EVIDENCE_BAD} the word is not in the audio
 * as written (another word, or other sounds).
 */
export const EVIDENCE_CLIP = -10;
const EVIDENCE_CEIL = 2;
export const EVIDENCE_BAD = -2.5;
/** Pauses between words shorter than this are part of normal reading (seconds). */
const MIN_PAUSE = 0.15;
/** Minimum number of frames per phone (three-state HMM). */
const MIN_PHONE_FRAMES = 3;

export const SENTENCE_FEATURES = [
  /** Mean clipped phone GOP (nats/frame). */
  'gop_mean',
  /** Frame-weighted mean clipped GOP. */
  'gop_frames',
  /** Lowest word GOP in the sentence. */
  'gop_word_min',
  /** 10th percentile of phone GOPs. */
  'gop_p10',
  /** Share of phones below {@link BAD_PHONE_GOP}. */
  'bad_frac',
  /** Phones per second of articulation (pauses excluded). */
  'rate',
  /** Seconds of pauses ≥ 0.15 s between words. */
  'pause_total',
  /** Number of pauses ≥ 0.15 s between words. */
  'pause_count',
  /** Share of the words' phones squeezed to the minimum 30 ms (words swallowed or skipped). */
  'min_dur_frac',
  /** Share of the aligned words' time that is voiced. */
  'voiced_frac',
  /** Share of the words the decoder found missing. */
  'skipped_frac',
  /** Number of words. */
  'words',
  /** Mean clipped token evidence (own phones against a free phone loop, nats/frame). */
  'ev_mean',
  /** Share of the words missed or with evidence below {@link EVIDENCE_BAD}. */
  'ev_bad_frac',
  /** Lowest token evidence. */
  'ev_min',
  /**
   * Share of the recording's voiced frames outside the words read (in silences and the
   * decoder's noise/speech fillers): speech the text does not account for. A reading of
   * another sentence leaves much of its speech to the fillers; the words it is forced onto
   * are squeezed into a few short spans whose evidence alone can look normal.
   */
  'uncovered',
  /**
   * Evidence of the whole recording per frame of the words read: the words' summed evidence
   * plus the alignment's silences and fillers against the phone loop over every other frame
   * of the decoded region (engine.ts `regionEvidence`), divided by the words' frames. Equal
   * to the frame-weighted word evidence when the rest is pauses; far lower when speech the
   * text does not account for was left to the fillers (another sentence read). `ev_mean`
   * without a loop decode.
   */
  'ev_total',
  /**
   * Mean over the words of the share of their phones with evidence below
   * {@link EVIDENCE_BAD} (a missed word counts 1): a long vowel that fits cannot hide
   * consonants that do not, as it does in the word's frame-weighted evidence.
   */
  'ev_phone_bad',
  /**
   * `ev_total` with the frames outside the words counted only where the recording is voiced
   * (vad.ts): speech the text does not account for, not breath or room noise after the
   * reading, which a phone loop also fits better than the fillers.
   */
  'ev_voiced',
  /**
   * The reader's mean GOP over their earlier recordings, shrunk toward this recording's
   * (see {@link historyGop}): how well this child usually reads, a steadier estimate of
   * proficiency than one sentence. Equal to `gop_mean` without history.
   */
  'hist_gop',
  /**
   * Share of the reading's span (first to last word read) spent in pauses ≥ 0.15 s between
   * words (decision 102, third pass: a prosody candidate for the 8–9 band). Derived from
   * `pause_total`, `rate` and the words' phones ({@link prosodyFeatures}), so caches analysed
   * before it have it too.
   */
  'pause_share',
  /** Pauses ≥ 0.15 s per gap between two words read (1: a pause after every word). */
  'pause_per_gap',
  /**
   * Spread (standard deviation) of the words' log seconds per phone: how unevenly the words
   * are drawn out — a word-by-word, sounded-out reading against a fluent one.
   */
  'dur_spread',
] as const;
export type SentenceFeature = (typeof SENTENCE_FEATURES)[number];

export const WORD_FEATURES = [
  /** Mean clipped phone GOP of the word. */
  'gop',
  /** Lowest phone GOP of the word. */
  'gop_min',
  /** Lowest HMM-state GOP of the word. */
  'worst_state',
  /** The sentence's mean GOP (speaker and recording conditions). */
  'utt_gop',
  /** Seconds per phone. */
  'sec_per_phone',
  /** Share of phones at the minimum duration. */
  'min_dur_frac',
  /** Share of the word's frames that are voiced. */
  'voiced_frac',
  /** Number of phones. */
  'phones',
  /** 1 when the decoder found the word missing (the other features are then defaults). */
  'missed',
  /**
   * The word's GOP minus the mean GOP of the sentence's other words read: how much worse this
   * word is than the same reader's others (0 for a single word). Speaker and microphone
   * cancel out, so a swapped or mangled word stands out even in a child's reading.
   */
  'gop_rel',
  /** Clipped token evidence (own phones against a free phone loop; see engine.ts). */
  'evidence',
  /** The word's evidence minus the mean evidence of the sentence's other words read. */
  'ev_rel',
  /** The sentence's mean clipped evidence. */
  'utt_ev',
  /** Seconds per phone relative to the sentence's (log ratio; 0 for a single word). */
  'dur_rel',
  /** Lowest clipped phone evidence of the word (one phone said as another). */
  'ev_phone_min',
  /** `gop_min` squared: a very bad phone weighs more than linearly. */
  'gop_min_sq',
  /** `evidence` × `phones`: the evidence of a long word says more than a short one's. */
  'ev_x_phones',
  /** 1 for a one-phone word ("a", "I"): often reduced, judged differently. */
  'one_phone',
  /** The reader's history (the sentence's `hist_gop`; `utt_gop` without history). */
  'hist_gop',
] as const;
export type WordFeature = (typeof WORD_FEATURES)[number];

export type FeatureVector<K extends string> = Record<K, number>;

/** A GOP (or state GOP) clipped to [{@link GOP_CLIP}, 0]. */
export const clipGop = (gop: number): number => Math.max(GOP_CLIP, Math.min(0, gop));
/** Evidence clipped to [{@link EVIDENCE_CLIP}, EVIDENCE_CEIL]. */
export const clipEvidence = (evidence: number): number =>
  Math.max(EVIDENCE_CLIP, Math.min(EVIDENCE_CEIL, evidence));
const avg = (xs: readonly number[]): number =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;

/** Clipped evidence of a token; missed tokens (and analyses without a loop decode) get the floor / 0. */
export function tokenEvidence(token: TokenAnalysis): number {
  if (token.missed) return EVIDENCE_CLIP;
  return clipEvidence(token.evidence ?? 0);
}

function tokenGop(token: TokenAnalysis): number {
  return avg(token.phones.map((p) => clipGop(p.gop)));
}

/** Word-level features of every token, in order. */
export function wordFeatures(
  analysis: UtteranceAnalysis,
  activity: VoiceActivity,
  history?: ReaderHistory,
): FeatureVector<WordFeature>[] {
  const all = analysis.tokens.flatMap((t) => t.phones.map((p) => clipGop(p.gop)));
  const uttGop = all.length > 0 ? avg(all) : GOP_CLIP;
  const uttEv = avg(analysis.tokens.map(tokenEvidence));
  const histGop = historyGop(uttGop, history);
  const vectors = analysis.tokens.map((token): FeatureVector<WordFeature> => {
    const phones = token.phones;
    if (token.missed) {
      return {
        gop: GOP_CLIP,
        gop_min: GOP_CLIP,
        worst_state: GOP_CLIP,
        utt_gop: uttGop,
        sec_per_phone: 0,
        min_dur_frac: 1,
        voiced_frac: 0,
        phones: 0,
        missed: 1,
        gop_rel: 0,
        evidence: EVIDENCE_CLIP,
        ev_rel: 0,
        utt_ev: uttEv,
        dur_rel: 0,
        ev_phone_min: EVIDENCE_CLIP,
        gop_min_sq: 0,
        ev_x_phones: 0,
        one_phone: 0,
        hist_gop: histGop,
      };
    }
    return {
      gop: tokenGop(token),
      gop_min: Math.min(0, ...phones.map((p) => clipGop(p.gop))),
      worst_state: Math.min(0, ...phones.map((p) => clipGop(p.worstState))),
      utt_gop: uttGop,
      sec_per_phone: phones.length > 0 ? (token.end - token.start) / phones.length : 0,
      min_dur_frac: avg(phones.map((p) => (p.frames <= MIN_PHONE_FRAMES ? 1 : 0))),
      voiced_frac: voicedFraction(activity, token.start, token.end),
      phones: phones.length,
      missed: 0,
      gop_rel: 0,
      evidence: tokenEvidence(token),
      ev_rel: 0,
      utt_ev: uttEv,
      dur_rel: 0,
      ev_phone_min: Math.min(
        EVIDENCE_CEIL,
        ...phones.map((p) => Math.max(EVIDENCE_CLIP, p.evidence ?? tokenEvidence(token))),
      ),
      gop_min_sq: 0,
      ev_x_phones: 0,
      one_phone: 0,
      hist_gop: histGop,
    };
  });
  return withRelativeGop(vectors);
}

/**
 * Fills `gop_rel` of every word read (see {@link WORD_FEATURES}); also used to complete
 * feature vectors cached before the feature existed.
 */
export function withRelativeGop(
  words: readonly (Omit<
    FeatureVector<WordFeature>,
    | 'gop_rel'
    | 'ev_rel'
    | 'dur_rel'
    | 'utt_ev'
    | 'ev_phone_min'
    | 'gop_min_sq'
    | 'ev_x_phones'
    | 'one_phone'
    | 'hist_gop'
  > &
    Partial<FeatureVector<WordFeature>>)[],
): FeatureVector<WordFeature>[] {
  const read = words.filter((w) => w.missed !== 1);
  const sum = read.reduce((a, w) => a + w.gop, 0);
  const evSum = read.reduce((a, w) => a + w.evidence, 0);
  const logDur = (w: { sec_per_phone: number }): number =>
    Math.log(Math.max(0.01, w.sec_per_phone));
  const durSum = read.reduce((a, w) => a + logDur(w), 0);
  const uttEv = avg(words.map((w) => w.evidence));
  return words.map((w) => {
    const base = {
      ...w,
      utt_ev: w.utt_ev ?? uttEv,
      ev_phone_min: w.ev_phone_min ?? w.evidence,
      gop_min_sq: w.gop_min * w.gop_min,
      ev_x_phones: w.evidence * w.phones,
      one_phone: w.phones === 1 ? 1 : 0,
      hist_gop: w.hist_gop ?? w.utt_gop,
    };
    if (w.missed === 1 || read.length < 2) return { ...base, gop_rel: 0, ev_rel: 0, dur_rel: 0 };
    const others = read.length - 1;
    return {
      ...base,
      gop_rel: w.gop - (sum - w.gop) / others,
      ev_rel: w.evidence - (evSum - w.evidence) / others,
      dur_rel: logDur(w) - (durSum - logDur(w)) / others,
    };
  });
}

/** A reader's history: the mean `gop_mean` of their earlier scored recordings and how many. */
export interface ReaderHistory {
  gopMean: number;
  count: number;
}

/**
 * Weight of this recording's own mean GOP against the history (in recordings): a child with
 * no history is judged on this recording alone, one with 19 earlier recordings (each
 * speechocean762 speaker's other utterances) mostly on them.
 */
export const HISTORY_PRIOR = 2;

/** The `hist_gop` feature: history mean shrunk toward this recording's own mean GOP. */
export function historyGop(own: number, history?: ReaderHistory): number {
  if (!history || !(history.count > 0) || !Number.isFinite(history.gopMean)) return own;
  return (history.count * history.gopMean + HISTORY_PRIOR * own) / (history.count + HISTORY_PRIOR);
}

/** Sentence-level features. */
export function sentenceFeatures(
  analysis: UtteranceAnalysis,
  activity: VoiceActivity,
  history?: ReaderHistory,
): FeatureVector<SentenceFeature> {
  const present = analysis.tokens.filter((t) => !t.missed);
  const phones = present.flatMap((t) => t.phones);
  const gops = phones.map((p) => clipGop(p.gop));
  const sorted = [...gops].sort((a, b) => a - b);
  const frames = phones.reduce((a, p) => a + p.frames, 0);
  const pauses = analysis.pauses
    .map((p) => p.end - p.start)
    .filter((duration) => duration >= MIN_PAUSE);
  const first = present[0];
  const last = present[present.length - 1];
  const span = first && last ? last.end - first.start : 0;
  const pauseTotal = pauses.reduce((a, b) => a + b, 0);
  const articulation = Math.max(0.01, span - pauseTotal);
  let voiced = 0;
  let total = 0;
  for (const token of present) {
    const duration = token.end - token.start;
    voiced += voicedFraction(activity, token.start, token.end) * duration;
    total += duration;
  }
  const gopMean = gops.length > 0 ? avg(gops) : GOP_CLIP;
  return {
    gop_mean: gopMean,
    gop_frames:
      frames > 0 ? phones.reduce((a, p) => a + clipGop(p.gop) * p.frames, 0) / frames : GOP_CLIP,
    gop_word_min: Math.min(0, ...present.map(tokenGop)),
    gop_p10: sorted[Math.floor(0.1 * (sorted.length - 1))] ?? GOP_CLIP,
    bad_frac: avg(gops.map((g) => (g < BAD_PHONE_GOP ? 1 : 0))),
    rate: phones.length / articulation,
    pause_total: pauseTotal,
    pause_count: pauses.length,
    min_dur_frac: avg(phones.map((p) => (p.frames <= MIN_PHONE_FRAMES ? 1 : 0))),
    voiced_frac: total > 0 ? voiced / total : 0,
    skipped_frac: 1 - present.length / Math.max(1, analysis.tokens.length),
    words: analysis.tokens.length,
    ev_mean: avg(analysis.tokens.map(tokenEvidence)),
    ev_bad_frac: avg(analysis.tokens.map((t) => (tokenEvidence(t) < EVIDENCE_BAD ? 1 : 0))),
    ev_min: Math.min(EVIDENCE_CEIL, ...analysis.tokens.map(tokenEvidence)),
    uncovered: uncoveredVoicing(present, activity),
    ev_total: totalEvidence(analysis),
    ev_phone_bad: avg(analysis.tokens.map(phoneBadShare)),
    ev_voiced: voicedEvidence(analysis, activity),
    hist_gop: historyGop(gopMean, history),
    ...prosodyFeatures(
      { pause_total: pauseTotal, pause_count: pauses.length, rate: phones.length / articulation },
      present.map((t) => ({
        missed: 0,
        phones: t.phones.length,
        sec_per_phone: t.phones.length > 0 ? (t.end - t.start) / t.phones.length : 0,
      })),
    ),
  };
}

/** The prosody features ({@link SENTENCE_FEATURES}) derived from the others. */
export type ProsodyFeature = 'pause_share' | 'pause_per_gap' | 'dur_spread';

/**
 * `pause_share`, `pause_per_gap` and `dur_spread` from the sentence's pauses and rate and the
 * words' phones and durations (word features `missed`, `phones`, `sec_per_phone`): the same
 * numbers from a live analysis and from a calibration cache written before they existed.
 */
export function prosodyFeatures(
  sentence: Pick<FeatureVector<SentenceFeature>, 'pause_total' | 'pause_count' | 'rate'>,
  words: readonly Pick<FeatureVector<WordFeature>, 'missed' | 'phones' | 'sec_per_phone'>[],
): FeatureVector<ProsodyFeature> {
  const read = words.filter((w) => w.missed !== 1 && w.phones > 0);
  const phones = read.reduce((a, w) => a + w.phones, 0);
  // span = articulation + pauses, articulation = phones / rate (sentenceFeatures).
  const articulation = sentence.rate > 0 ? phones / sentence.rate : 0;
  const span = articulation + sentence.pause_total;
  const logs = read.map((w) => Math.log(Math.max(0.01, w.sec_per_phone)));
  const m = avg(logs);
  return {
    pause_share: span > 0 ? sentence.pause_total / span : 0,
    pause_per_gap: read.length > 1 ? sentence.pause_count / (read.length - 1) : 0,
    dur_spread: logs.length > 1 ? Math.sqrt(avg(logs.map((x) => (x - m) ** 2))) : 0,
  };
}

/** The `ev_total` feature (see {@link SENTENCE_FEATURES}). */
export function totalEvidence(
  analysis: Pick<UtteranceAnalysis, 'tokens' | 'regionEvidence'>,
): number {
  return regionPerWordFrame(analysis, (region) => region.gaps);
}

/** The `ev_voiced` feature (see {@link SENTENCE_FEATURES}). */
export function voicedEvidence(
  analysis: Pick<UtteranceAnalysis, 'tokens' | 'regionEvidence'>,
  activity: Pick<VoiceActivity, 'voicedFrames'>,
): number {
  return regionPerWordFrame(analysis, (region) => {
    let gaps = 0;
    region.gapFrameScores.forEach((diff, t) => {
      if (activity.voicedFrames[region.firstFrame + t]) gaps += diff;
    });
    return gaps;
  });
}

/**
 * The words' evidence plus `gaps(region)` per frame of the words, clipped like a word's; the
 * words' mean evidence without a loop decode.
 */
function regionPerWordFrame(
  analysis: Pick<UtteranceAnalysis, 'tokens' | 'regionEvidence'>,
  gaps: (region: NonNullable<UtteranceAnalysis['regionEvidence']>) => number,
): number {
  const region = analysis.regionEvidence;
  if (!region || region.wordFrames === 0) return avg(analysis.tokens.map(tokenEvidence));
  const perFrame = (region.words + gaps(region)) / region.wordFrames;
  return Math.max(EVIDENCE_CLIP, Math.min(EVIDENCE_CEIL, perFrame));
}

/** Share of a token's phones without evidence (1 for a missed token; 0 without a loop decode). */
export function phoneBadShare(token: Pick<TokenAnalysis, 'missed' | 'phones'>): number {
  if (token.missed) return 1;
  if (token.phones.length === 0) return 0;
  return avg(token.phones.map((p) => ((p.evidence ?? 0) < EVIDENCE_BAD ? 1 : 0)));
}

/** Frames (10 ms) of slack around a word's span before voicing counts as outside it. */
const COVER_SLACK_FRAMES = 3;

/** The `uncovered` feature: share of voiced frames outside the spans of `present` tokens. */
export function uncoveredVoicing(
  present: readonly Pick<TokenAnalysis, 'start' | 'end'>[],
  activity: Pick<VoiceActivity, 'voicedFrames'>,
): number {
  const voiced = activity.voicedFrames;
  const covered = new Uint8Array(voiced.length);
  for (const token of present) {
    const from = Math.max(0, Math.floor(token.start * 100) - COVER_SLACK_FRAMES);
    const to = Math.min(voiced.length, Math.ceil(token.end * 100) + COVER_SLACK_FRAMES);
    covered.fill(1, from, Math.max(from, to));
  }
  let total = 0;
  let outside = 0;
  for (let f = 0; f < voiced.length; f++) {
    if (!voiced[f]) continue;
    total++;
    if (!covered[f]) outside++;
  }
  return total > 0 ? outside / total : 0;
}

/** Feature values in the order of `names` (for the linear models). */
export function vectorOf<K extends string>(
  features: FeatureVector<K>,
  names: readonly string[],
): number[] {
  const record = features as Record<string, number>;
  return names.map((name) => {
    const value = record[name];
    if (value === undefined) throw new Error(`Unknown feature "${name}"`);
    return value;
  });
}
