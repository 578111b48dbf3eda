import type { AcousticModelName } from './acoustic-model';
import type { FeatureVector, SentenceFeature, WordFeature } from './features';
import { historyGop, vectorOf } from './features';
import { fitPhoneModel, type PhoneModel, type PhoneObservation, wordPhoneBad } from './phone-model';
import {
  fitLogistic,
  fitRidge,
  groupFolds,
  type LinearModel,
  pearson,
  predictLinear,
  quantile,
  sigmoid,
} from './stats';

/**
 * Calibration: small linear models from the acoustic features (features.ts) to the human
 * scales of speechocean762 (0–10, shown ×10 as 0–100), and two logistic detectors
 * ("different text", "word missed"). Fitted by calibrate.ts on the development set with
 * speaker-grouped cross-validation; the shipped coefficients live in
 * calibration-params.ts.
 */

/** A logistic detector: positive when sigmoid(model) ≥ threshold. */
export interface Detector {
  model: LinearModel;
  threshold: number;
}

export interface CalibrationMetrics {
  /** Utterances / words evaluated. */
  n: number;
  words: number;
  /** Pearson correlations of the predictions with the human scores. */
  pcc_accuracy: number;
  pcc_total: number;
  pcc_fluency: number;
  pcc_word_accuracy: number;
  /** Mean absolute error of the sentence accuracy (0–10 scale). */
  mae_accuracy: number;
  /** Share of mismatched texts detected as "different_text", and of matched ones flagged. */
  different_text_detected: number;
  different_text_false_alarms: number;
  /** Share of unspoken (inserted) words found missing, and of the words read. */
  missed_detected: number;
  missed_false_alarms: number;
  /** Of the words flagged "mispronounced", the share humans scored ≤ 6 / 10. */
  mispronounced_precision: number;
  /** Of the words humans scored ≤ 6 / 10, the share flagged. */
  mispronounced_recall: number;
}

export interface ModelCalibration {
  model: AcousticModelName;
  warp: number;
  fitted: {
    dataset: string;
    utterances: number;
    speakers: number;
    /** Speaker ids of the fitting data: evaluating on them is in-sample. */
    speakerIds: string[];
    words: number;
    date: string;
  };
  /** Sentence accuracy (human 0–10). */
  accuracy: LinearModel;
  /** Sentence total (human 0–10). */
  total: LinearModel;
  /** Sentence fluency (human 0–10). */
  fluency: LinearModel;
  /** Word accuracy (human 0–10). */
  word: LinearModel;
  /**
   * P(a phone said wrong), for the word feature {@link PHONE_BAD} (phone-model.ts); present
   * when the word model uses it.
   */
  phones?: PhoneModel;
  /** Words scoring below this (0–100) are "mispronounced". */
  mispronouncedBelow: number;
  /** P(the recording is a different sentence). */
  differentText: Detector;
  /** Speaker-grouped cross-validated and in-sample metrics of this calibration. */
  report: { folds: number; crossValidated: CalibrationMetrics; inSample: CalibrationMetrics };
}

/** The fitted models of a calibration (everything but its report). */
export type CalibrationModels = Omit<ModelCalibration, 'report'>;

export interface CalibrationPrediction {
  /** 0–10 scale, unclamped. */
  accuracy: number;
  total: number;
  fluency: number;
  words: number[];
  /** The decoder found the word missing (skipped it). */
  missed: boolean[];
  /** P(any of the word's phones said wrong), when the calibration has a phone model. */
  phoneBad?: number[];
  /** P(different sentence). */
  differentText: number;
}

/**
 * A word feature computed by the calibration's phone model (phone-model.ts) from the word's
 * phones, not by features.ts: P(at least one of its phones was said wrong).
 */
export const PHONE_BAD = 'phone_bad';

/**
 * The word vectors a calibration's word model reads: with {@link PHONE_BAD} when it has a
 * phone model (then `phones`, one list per word, must be given).
 */
export function wordInputs(
  calibration: Pick<CalibrationModels, 'phones'>,
  words: readonly FeatureVector<WordFeature>[],
  phones: readonly (readonly PhoneObservation[])[] | undefined,
): Record<string, number>[] {
  const model = calibration.phones;
  if (!model || words.length === 0) return [...words];
  if (!phones || phones.length !== words.length) {
    throw new Error('the calibration scores words by their phones: give the phones of every word');
  }
  return words.map((w, i) => ({ ...w, [PHONE_BAD]: wordPhoneBad(model, phones[i] ?? [], w) }));
}

export function predict(
  calibration: CalibrationModels,
  sentence: FeatureVector<SentenceFeature>,
  words: readonly FeatureVector<WordFeature>[],
  phones?: readonly (readonly PhoneObservation[])[],
): CalibrationPrediction {
  const s = (model: LinearModel): number =>
    predictLinear(model, vectorOf(sentence, model.features));
  const inputs = wordInputs(calibration, words, phones);
  return {
    accuracy: s(calibration.accuracy),
    total: s(calibration.total),
    fluency: s(calibration.fluency),
    words: inputs.map((w) =>
      predictLinear(calibration.word, vectorOf(w, calibration.word.features)),
    ),
    missed: words.map((w) => w.missed === 1),
    ...(calibration.phones ? { phoneBad: inputs.map((w) => w[PHONE_BAD] ?? 1) } : {}),
    differentText: detectorP(calibration.differentText, sentence),
  };
}

/** P(different sentence) of a recording's sentence features. */
const detectorP = (detector: Detector, sentence: FeatureVector<SentenceFeature>): number =>
  sigmoid(predictLinear(detector.model, vectorOf(sentence, detector.model.features)));

// --- Fitting ---------------------------------------------------------------------------------

/** One development utterance, its features and its human labels. */
export interface CalibrationSample {
  id: string;
  speaker: string;
  /** The speaker's age in years, when the labels give it (figures per age band). */
  age?: number;
  sentence: FeatureVector<SentenceFeature>;
  words: FeatureVector<WordFeature>[];
  /** The phones of every word (phone-model.ts); absent in caches made before them. */
  phones?: PhoneObservation[][];
  human: {
    accuracy: number;
    total: number;
    fluency: number;
    /** Word accuracies, or null when the labels' words do not match the text's tokens. */
    words: number[] | null;
    /**
     * Human phone scores (0–2) per word, null for a word whose phones do not line up with
     * the scorer's; absent without phone labels.
     */
    phones?: (number[] | null)[] | null;
  };
  /** The same audio scored against another utterance's text (negative for "different text"). */
  mismatched?: FeatureVector<SentenceFeature>;
  /** The same audio scored against its text with an extra word inserted, and that word. */
  inserted?: { word: FeatureVector<WordFeature>; others: FeatureVector<WordFeature>[] };
}

export interface FeatureChoice {
  accuracy: string[];
  total: string[];
  fluency: string[];
  word: string[];
  differentText: string[];
}

export interface FitOptions {
  choice: FeatureChoice;
  /** Ridge penalty. */
  lambda?: number;
  /** Target false-alarm rate of the detectors on genuine data. */
  falseAlarmRate?: number;
  /** Share of words to call "mispronounced" if no human rate is available. */
  mispronouncedRate?: number;
  /** Keep this detector instead of fitting it (when there are no synthetic negatives). */
  differentText?: Detector;
}

const HUMAN_BAD_WORD = 6;
/**
 * Share of genuine readings the "different sentence" detector may reject (issue 21: at most
 * 1 % of correct readings); its threshold is that quantile of the genuine readings.
 */
const DIFFERENT_TEXT_FALSE_ALARMS = 0.01;
/** Same as score.ts: a missed word scores at most 30 / 100. */
const MISSED_WORD_CAP = 30;
/**
 * Share of the words read to call "mispronounced", relative to the share humans scored
 * ≤ 6 / 10: half, so that a flag is more often right (feedback names the word).
 */
const MISPRONOUNCED_SHARE = 1;
const rows = <K extends string>(xs: readonly FeatureVector<K>[], names: readonly string[]) =>
  xs.map((x) => vectorOf(x, names));

/** Fits every model of a {@link ModelCalibration} except its report. */
export function fitCalibration(
  samples: readonly CalibrationSample[],
  options: FitOptions,
  meta: Pick<ModelCalibration, 'model' | 'warp' | 'fitted'>,
): CalibrationModels {
  const { choice } = options;
  const lambda = options.lambda ?? 0.01;
  const falseAlarmRate = options.falseAlarmRate ?? DIFFERENT_TEXT_FALSE_ALARMS;
  const sentences = samples.map((s) => s.sentence);
  const accuracy = fitRidge(
    choice.accuracy,
    rows(sentences, choice.accuracy),
    samples.map((s) => s.human.accuracy),
    lambda,
  );
  const total = fitRidge(
    choice.total,
    rows(sentences, choice.total),
    samples.map((s) => s.human.total),
    lambda,
  );
  const fluency = fitRidge(
    choice.fluency,
    rows(sentences, choice.fluency),
    samples.map((s) => s.human.fluency),
    lambda,
  );
  const phones = choice.word.includes(PHONE_BAD) ? fitPhones(samples) : undefined;
  const withPhones = { phones };
  // Words the decoder skipped get no score from the model; fit on the words read.
  const labelled = samples.flatMap((s) => {
    if (!s.human.words) return [];
    const inputs = wordInputs(withPhones, s.words, s.phones);
    return s.words.flatMap((w, i) => {
      const input: Record<string, number> = inputs[i] ?? w;
      return w.missed === 1 ? [] : [{ w: input, y: s.human.words?.[i] ?? 0 }];
    });
  });
  const wordRows = rows(
    labelled.map((l) => l.w),
    choice.word,
  );
  const wordTargets = labelled.map((l) => l.y);
  const word = matchSpread(
    fitRidge(choice.word, wordRows, wordTargets, lambda),
    wordRows,
    wordTargets,
  );
  // "Mispronounced": the lowest-scored words, as many as the humans marked ≤ 6 / 10.
  const badRate =
    labelled.length > 0
      ? labelled.filter((l) => l.y <= HUMAN_BAD_WORD).length / labelled.length
      : (options.mispronouncedRate ?? 0.08);
  const predictedWords = labelled.map((l) => predictLinear(word, vectorOf(l.w, choice.word)) * 10);
  const mispronouncedBelow = quantile(predictedWords, badRate * MISPRONOUNCED_SHARE);

  const differentText =
    options.differentText ?? fitDifferentText(samples, choice.differentText, falseAlarmRate);
  return {
    ...meta,
    accuracy,
    total,
    fluency,
    word,
    ...(phones ? { phones } : {}),
    mispronouncedBelow,
    differentText,
  };
}

/**
 * The "different text" detector on `features`: the recordings scored against another
 * utterance's text are the positives, their own readings the negatives.
 */
export function fitDifferentText(
  samples: readonly CalibrationSample[],
  features: string[],
  falseAlarmRate = DIFFERENT_TEXT_FALSE_ALARMS,
): Detector {
  return fitDetector(
    features,
    samples.flatMap((s) => (s.mismatched ? [s.mismatched] : [])),
    samples.map((s) => s.sentence),
    falseAlarmRate,
  );
}

/** Human sentence accuracy (0–10) from which a reading counts as a good one. */
export const GOOD_READING = 7;

/**
 * How many of the samples' own readings humans scored ≥ {@link GOOD_READING} the detector calls
 * "different sentence": the worst thing the scorer can tell a child who read well.
 */
export function goodReadingsFlagged(
  samples: readonly Pick<CalibrationSample, 'sentence' | 'human'>[],
  detector: Detector,
): number {
  return samples.filter(
    (s) =>
      s.human.accuracy >= GOOD_READING && detectorP(detector, s.sentence) >= detector.threshold,
  ).length;
}

/**
 * Phone models already fitted, by the recordings they were fitted on: cross-validation fits
 * the same training folds once per candidate feature set, and the phone model does not depend
 * on the candidate.
 */
const fittedPhones = new Map<string, PhoneModel>();

/** Fits the phone model on every word with human phone scores (see phone-model.ts). */
function fitPhones(samples: readonly CalibrationSample[]): PhoneModel {
  const key = samples.map((s) => s.id).join(',');
  const known = fittedPhones.get(key);
  if (known) return known;
  const model = fitPhonesOnce(samples);
  if (fittedPhones.size >= 64) fittedPhones.clear();
  fittedPhones.set(key, model);
  return model;
}

function fitPhonesOnce(samples: readonly CalibrationSample[]): PhoneModel {
  const words = samples.flatMap((s) =>
    s.words.map((w, i) => ({
      phones: s.phones?.[i] ?? [],
      labels: s.human.phones?.[i] ?? null,
      context: w,
    })),
  );
  if (!words.some((w) => w.labels !== null)) {
    throw new Error(
      'the phone model needs human phone scores (phones_accuracy in labels.json; a calibration ' +
        'cache made before them has none)',
    );
  }
  return fitPhoneModel(words);
}

/**
 * Spreads a least-squares model's predictions as widely as the human scores on the fitting
 * data (same mean, same standard deviation). Regression to the mean squeezes word
 * predictions into 90–100, so a clearly wrong word would still show "92"; the stretch is
 * linear, so correlations and the share of words flagged "mispronounced" are unchanged.
 */
export function matchSpread(
  model: LinearModel,
  xs: readonly (readonly number[])[],
  ys: readonly number[],
): LinearModel {
  const n = ys.length;
  if (n < 2 || model.weights.length === 0) return model;
  const sd = (v: readonly number[]): number => {
    const m = v.reduce((a, b) => a + b, 0) / v.length;
    return Math.sqrt(v.reduce((a, x) => a + (x - m) ** 2, 0) / v.length);
  };
  const predicted = xs.map((x) => predictLinear(model, x));
  const spread = sd(predicted);
  if (!(spread > 1e-9)) return model;
  const k = sd(ys) / spread;
  const predictedMean = predicted.reduce((a, b) => a + b, 0) / n;
  const yMean = ys.reduce((a, b) => a + b, 0) / n;
  return {
    ...model,
    weights: model.weights.map((w) => w * k),
    intercept: yMean + k * (model.intercept - predictedMean),
  };
}

function fitDetector<K extends string>(
  features: string[],
  positives: readonly FeatureVector<K>[],
  negatives: readonly FeatureVector<K>[],
  falseAlarmRate: number,
): Detector {
  const xs = [...rows(positives, features), ...rows(negatives, features)];
  const ys: (0 | 1)[] = [...positives.map((): 0 | 1 => 1), ...negatives.map((): 0 | 1 => 0)];
  const model = fitLogistic(features, xs, ys, 0.01);
  const negativeP = rows(negatives, features).map((x) => sigmoid(predictLinear(model, x)));
  // Threshold: the (1 − rate) quantile of the negatives, never below 0.5.
  const threshold = Math.max(0.5, quantile(negativeP, 1 - falseAlarmRate));
  return { model, threshold: Math.min(0.999, threshold) };
}

/**
 * Fills `hist_gop` of every sample (and its mismatched reading) from the same speaker's OTHER
 * samples, as the product fills it from a child's earlier recordings: features only, no labels,
 * so it is fair under speaker-grouped cross-validation.
 */
export function withSpeakerHistory<
  T extends Pick<CalibrationSample, 'speaker' | 'sentence' | 'mismatched'> &
    Partial<Pick<CalibrationSample, 'words'>>,
>(samples: readonly T[]): T[] {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const s of samples) {
    const entry = sums.get(s.speaker) ?? { sum: 0, count: 0 };
    entry.sum += s.sentence.gop_mean;
    entry.count++;
    sums.set(s.speaker, entry);
  }
  return samples.map((s) => {
    const entry = sums.get(s.speaker) ?? { sum: 0, count: 0 };
    const count = entry.count - 1;
    const history =
      count > 0 ? { gopMean: (entry.sum - s.sentence.gop_mean) / count, count } : undefined;
    const histGop = historyGop(s.sentence.gop_mean, history);
    return {
      ...s,
      sentence: { ...s.sentence, hist_gop: histGop },
      ...(s.words ? { words: s.words.map((w) => ({ ...w, hist_gop: histGop })) } : {}),
      ...(s.mismatched
        ? { mismatched: { ...s.mismatched, hist_gop: historyGop(s.mismatched.gop_mean, history) } }
        : {}),
    };
  });
}

/** Metrics of a calibration's predictions against the human labels. */
export function evaluate(
  samples: readonly CalibrationSample[],
  calibrationOf: (sample: CalibrationSample) => CalibrationModels,
): CalibrationMetrics {
  const acc: number[] = [];
  const tot: number[] = [];
  const flu: number[] = [];
  const hAcc: number[] = [];
  const hTot: number[] = [];
  const hFlu: number[] = [];
  const wPred: number[] = [];
  const wHuman: number[] = [];
  let flagged = 0;
  let flaggedBad = 0;
  let humanBad = 0;
  let humanBadFlagged = 0;
  let mismatchDetected = 0;
  let mismatchTotal = 0;
  let matchFlagged = 0;
  let missedDetected = 0;
  let missedTotal = 0;
  let spokenFlagged = 0;
  let spokenTotal = 0;
  let absError = 0;
  for (const sample of samples) {
    const calibration = calibrationOf(sample);
    const full = calibration;
    const p = predict(full, sample.sentence, sample.words, sample.phones);
    acc.push(p.accuracy);
    tot.push(p.total);
    flu.push(p.fluency);
    hAcc.push(sample.human.accuracy);
    hTot.push(sample.human.total);
    hFlu.push(sample.human.fluency);
    absError += Math.abs(Math.min(10, Math.max(0, p.accuracy)) - sample.human.accuracy);
    if (p.differentText >= calibration.differentText.threshold) matchFlagged++;
    if (sample.mismatched) {
      mismatchTotal++;
      const q = predict(full, sample.mismatched, []);
      if (q.differentText >= calibration.differentText.threshold) mismatchDetected++;
    }
    for (const missed of p.missed) {
      spokenTotal++;
      if (missed) spokenFlagged++;
    }
    if (sample.human.words) {
      p.words.forEach((modelScore, i) => {
        const score = p.missed[i] ? Math.min(modelScore, MISSED_WORD_CAP / 10) : modelScore;
        const human = sample.human.words?.[i] ?? 0;
        wPred.push(score);
        wHuman.push(human);
        const isFlagged = !p.missed[i] && score * 10 < calibration.mispronouncedBelow;
        if (isFlagged) flagged++;
        if (isFlagged && human <= HUMAN_BAD_WORD) flaggedBad++;
        if (human <= HUMAN_BAD_WORD) humanBad++;
        if (human <= HUMAN_BAD_WORD && isFlagged) humanBadFlagged++;
      });
    }
    if (sample.inserted) {
      missedTotal++;
      if (sample.inserted.word.missed === 1) missedDetected++;
    }
  }
  return {
    n: samples.length,
    words: wPred.length,
    pcc_accuracy: pearson(acc, hAcc),
    pcc_total: pearson(tot, hTot),
    pcc_fluency: pearson(flu, hFlu),
    pcc_word_accuracy: pearson(wPred, wHuman),
    mae_accuracy: absError / Math.max(1, samples.length),
    different_text_detected: mismatchTotal > 0 ? mismatchDetected / mismatchTotal : Number.NaN,
    different_text_false_alarms: matchFlagged / Math.max(1, samples.length),
    missed_detected: missedTotal > 0 ? missedDetected / missedTotal : Number.NaN,
    missed_false_alarms: spokenTotal > 0 ? spokenFlagged / spokenTotal : Number.NaN,
    mispronounced_precision: flagged > 0 ? flaggedBad / flagged : Number.NaN,
    mispronounced_recall: humanBad > 0 ? humanBadFlagged / humanBad : Number.NaN,
  };
}

/**
 * Speaker-grouped k-fold cross-validation: every sample is predicted by a calibration
 * fitted on the other folds' speakers only.
 */
export function crossValidate(
  samples: readonly CalibrationSample[],
  options: FitOptions,
  meta: Pick<ModelCalibration, 'model' | 'warp' | 'fitted'>,
  folds = 8,
): CalibrationMetrics {
  return crossValidateWith(samples, (training) => fitCalibration(training, options, meta), folds);
}

/**
 * Speaker-grouped cross-validation of any way of fitting: `fit` sees every fold's other
 * speakers only, and each sample is evaluated with the models fitted without its speaker.
 */
export function crossValidateWith(
  samples: readonly CalibrationSample[],
  fit: (training: CalibrationSample[]) => CalibrationModels,
  folds = 8,
): CalibrationMetrics {
  return evaluate(samples, crossValidatedModels(samples, fit, folds));
}

/**
 * The models each sample is predicted with under speaker-grouped k-fold cross-validation:
 * those `fit` made on the other folds' speakers. `seed` draws another split of the speakers
 * into folds (groupFolds).
 */
export function crossValidatedModels(
  samples: readonly CalibrationSample[],
  fit: (training: CalibrationSample[], fold: number) => CalibrationModels,
  folds = 8,
  seed = 0,
): (sample: CalibrationSample) => CalibrationModels {
  const foldOf = groupFolds(
    samples.map((s) => s.speaker),
    folds,
    seed,
  );
  const fitted = Array.from({ length: folds }, (_, k) =>
    fit(
      samples.filter((_, i) => foldOf[i] !== k),
      k,
    ),
  );
  const index = new Map(samples.map((s, i) => [s, i]));
  return (sample) => {
    const fold = foldOf[index.get(sample) ?? -1] ?? -1;
    const calibration = fitted[fold];
    if (!calibration) throw new Error('crossValidatedModels: a sample of no fold');
    return calibration;
  };
}
