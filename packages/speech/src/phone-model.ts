import type { TokenAnalysis } from './engine';
import { clipEvidence, clipGop } from './features';
import { fitLogistic, type LinearModel, mean, predictLinear, sigmoid } from './stats';

/**
 * The phone model (decision 068, seventh round): P(a phone was said wrong) from the phone's
 * own GOP and evidence *measured against the same phone said right* by other children, and
 * from how often that phone is said wrong at all. A word's `phone_bad` is the chance that
 * any of its phones was wrong (noisy OR).
 *
 * Why per phone: a GOP of −8 nats/frame is a normal TH or R from a six-year-old and a bad
 * IY, and Mandarin-speaking children miss some phones (TH, V, Z, final consonants) far more
 * often than others; one word-level threshold on the mean GOP cannot see either. Fitted on
 * speechocean762's phone labels (0–2 per phone) by calibrate.ts, inside each
 * cross-validation fold.
 *
 * Eighth round: where the phone sits in its word (first, middle; the raters marked middle
 * phones wrong 7 % of the time, first ones 2.5 %), how its neighbours in the word were said
 * (a mangled word drags its phones down together) and a square term for a phone far below
 * its usual GOP. Word PCC 0.409 → 0.437 at the calibration step.
 */

/** What the scorer measured of one aligned phone (engine.ts PhoneAnalysis). */
export interface PhoneObservation {
  phone: string;
  /** nats/frame (engine.ts) */
  gop: number;
  /** Against the free phone loop, nats/frame; 0 when no loop decode ran. */
  evidence: number;
  worstState: number;
  frames: number;
}

/**
 * Per phone: mean and spread of the GOP and of the evidence where humans rated the phone
 * right, and the log-odds that the phone was rated wrong (shrunk toward all phones').
 */
export type PhoneStats = [
  gopMean: number,
  gopScale: number,
  evMean: number,
  evScale: number,
  wrongLogOdds: number,
];

export interface PhoneModel {
  phones: Record<string, PhoneStats>;
  /** For a phone the fitting data never had. */
  fallback: PhoneStats;
  /** Logistic over {@link PHONE_ROW_FEATURES}: P(the phone was said wrong). */
  wrong: LinearModel;
}

export const PHONE_ROW_FEATURES = [
  'z_gop',
  'z_evidence',
  'gop',
  'evidence',
  'worst_state',
  'log_frames',
  'prior',
  'hist_gop',
  'utt_gop',
  /** 1 for the first phone of a word of two or more. */
  'initial',
  /** 1 for a phone neither first nor last. */
  'middle',
  /** The lower relative GOP (`z_gop`) of the phones either side within the word; 0 if none. */
  'neighbour_z_gop',
  /** `z_gop` squared below 0: a phone far below its usual GOP weighs more than linearly. */
  'z_low',
] as const;

/** A human phone score (speechocean762: 0–2, averaged over raters) at least this is "right". */
const RIGHT_PHONE = 2;
/** Below this it is "wrong" (0 = deleted or another phone, 1 = accented). */
const WRONG_PHONE = 1.5;
/** Phones of prior weight toward all phones' wrong rate (a rare phone's own rate is noise). */
const PRIOR_PHONES = 5;
/** Floors of the spreads (nats/frame): a phone seen right only a few times. */
const MIN_GOP_SCALE = 0.5;
const MIN_EV_SCALE = 0.3;
/** Ridge penalty of the logistic model (per phone). */
const WRONG_LAMBDA = 0.01;

const clipRate = (p: number): number => Math.max(0.001, Math.min(0.999, p));

/** The phones of each token as the phone model reads them (missed tokens have none). */
export function phoneObservations(tokens: readonly TokenAnalysis[]): PhoneObservation[][] {
  return tokens.map((t) =>
    t.phones.map((p) => ({
      phone: p.phone,
      gop: p.gop,
      evidence: p.evidence ?? 0,
      worstState: p.worstState,
      frames: p.frames,
    })),
  );
}

/** The speaker context of a word: the reader's history and the sentence's mean GOP. */
export interface WordContext {
  hist_gop: number;
  utt_gop: number;
}

/** The rows of {@link PHONE_ROW_FEATURES} of a word's phones. */
export function phoneRows(
  model: Pick<PhoneModel, 'phones' | 'fallback'>,
  phones: readonly PhoneObservation[],
  context: WordContext,
): number[][] {
  const n = phones.length;
  const zGop = phones.map((p) => {
    const [gopMean, gopScale] = statsOf(model, p.phone);
    return (clipGop(p.gop) - gopMean) / gopScale;
  });
  return phones.map((p, i) => {
    const [, , evMean, evScale, prior] = statsOf(model, p.phone);
    const evidence = clipEvidence(p.evidence);
    const neighbours = [zGop[i - 1], zGop[i + 1]].filter((z): z is number => z !== undefined);
    return [
      zGop[i] ?? 0,
      (evidence - evMean) / evScale,
      clipGop(p.gop),
      evidence,
      clipGop(p.worstState),
      Math.log(Math.max(1, p.frames)),
      prior,
      context.hist_gop,
      context.utt_gop,
      n > 1 && i === 0 ? 1 : 0,
      i > 0 && i < n - 1 ? 1 : 0,
      neighbours.length > 0 ? Math.min(...neighbours) : 0,
      Math.min(0, zGop[i] ?? 0) ** 2,
    ];
  });
}

const statsOf = (model: Pick<PhoneModel, 'phones' | 'fallback'>, phone: string): PhoneStats =>
  model.phones[phone] ?? model.fallback;

/** P(each phone was said wrong). */
export function phoneWrong(
  model: PhoneModel,
  phones: readonly PhoneObservation[],
  context: WordContext,
): number[] {
  return phoneRows(model, phones, context).map((row) => sigmoid(predictLinear(model.wrong, row)));
}

/**
 * The `phone_bad` word feature: P(at least one phone said wrong), 1 for a word without
 * phones (missed).
 */
export function wordPhoneBad(
  model: PhoneModel,
  phones: readonly PhoneObservation[],
  context: WordContext,
): number {
  if (phones.length === 0) return 1;
  return 1 - phoneWrong(model, phones, context).reduce((right, p) => right * (1 - p), 1);
}

/** One word of the fitting data: what was measured and, when they line up, the human phone scores. */
export interface PhoneFitWord {
  phones: readonly PhoneObservation[];
  /** Human phone scores in the same order, or null when the phones do not line up. */
  labels: readonly number[] | null;
  context: WordContext;
}

const spread = (xs: readonly number[], m: number): number =>
  xs.length < 2 ? 0 : Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);

/** Fits a {@link PhoneModel} on words with human phone scores. */
export function fitPhoneModel(words: readonly PhoneFitWord[]): PhoneModel {
  const labelled = words.filter(
    (w): w is PhoneFitWord & { labels: readonly number[] } =>
      w.labels !== null && w.labels.length === w.phones.length,
  );
  const byPhone = new Map<string, { gop: number[]; ev: number[]; wrong: number[] }>();
  for (const w of labelled) {
    w.phones.forEach((p, i) => {
      const label = w.labels[i] ?? RIGHT_PHONE;
      const entry = byPhone.get(p.phone) ?? { gop: [], ev: [], wrong: [] };
      if (label >= RIGHT_PHONE) {
        entry.gop.push(clipGop(p.gop));
        entry.ev.push(clipEvidence(p.evidence));
      }
      entry.wrong.push(label < WRONG_PHONE ? 1 : 0);
      byPhone.set(p.phone, entry);
    });
  }
  const all = [...byPhone.values()];
  const allWrong = clipRate(mean(all.flatMap((e) => e.wrong)));
  const allGop = all.flatMap((e) => e.gop);
  const allEv = all.flatMap((e) => e.ev);
  const logOdds = (p: number): number => Math.log(p / (1 - p));
  const statsFrom = (gop: number[], ev: number[], wrong: number[]): PhoneStats => {
    const g = gop.length > 0 ? mean(gop) : mean(allGop);
    const e = ev.length > 0 ? mean(ev) : mean(allEv);
    const rate =
      (wrong.reduce((a, b) => a + b, 0) + PRIOR_PHONES * allWrong) / (wrong.length + PRIOR_PHONES);
    return [
      g,
      spread(gop, g) + MIN_GOP_SCALE,
      e,
      spread(ev, e) + MIN_EV_SCALE,
      logOdds(clipRate(rate)),
    ];
  };
  const phones: Record<string, PhoneStats> = {};
  for (const [phone, e] of [...byPhone.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    phones[phone] = statsFrom(e.gop, e.ev, e.wrong);
  }
  const fallback = statsFrom(allGop, allEv, []);
  const model = { phones, fallback };
  const xs: number[][] = [];
  const ys: (0 | 1)[] = [];
  for (const w of labelled) {
    xs.push(...phoneRows(model, w.phones, w.context));
    ys.push(...w.labels.map((label): 0 | 1 => (label < WRONG_PHONE ? 1 : 0)));
  }
  const wrong = fitLogistic([...PHONE_ROW_FEATURES], xs, ys, WRONG_LAMBDA);
  return { ...model, wrong };
}
