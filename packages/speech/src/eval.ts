import type { AcousticModelName } from './acoustic-model';
import { isMeansFolder, withMeansPools } from './adapted-means';
import { loadAudio } from './audio';
import {
  type CalibrationModels,
  type CalibrationSample,
  type FeatureChoice,
  fitCalibration,
  GOOD_READING,
  type ModelCalibration,
  withSpeakerHistory,
} from './calibration';
import { CALIBRATIONS } from './calibration-params';
import {
  type Dataset,
  type LabelledUtterance,
  loadDataset,
  phoneScoresFor,
  textsBySpeaker,
} from './dataset';
import type { UtteranceAnalysis } from './engine';
import { ALIGN_SAMPLE_RATE } from './model';
import { finalizeScore, type ScoreResult, type Verdict } from './score';
import { groupFolds, pearson, quantile } from './stats';
import { competingSentences } from './text';

/**
 * Evaluation of the scorer on a labelled folder (speechocean762-dev layout): Pearson
 * correlations with the human scores, latency and real-time factor, all through the
 * worker pool exactly as the API uses it.
 *
 * Calibration: when the folder contains speakers the shipped calibration was fitted on
 * (the development set itself), its scores would be in-sample. In `auto` mode the report
 * then re-fits the calibration's regression models by speaker-grouped cross-validation
 * on the folder (every utterance scored by models fitted on other speakers only; the
 * "missed"/"different text" detectors are kept as shipped) and says so.
 */

export type CalibrationMode = 'auto' | 'shipped' | 'cross-validated';

export interface EvaluationOptions {
  /** Evaluate only this many utterances, spread evenly over the folder. */
  limit?: number;
  /** Worker threads (default: the pool's default size). */
  poolSize?: number;
  /** Recordings in flight at once (default: the pool size, so none waits in the queue). */
  concurrency?: number;
  model?: AcousticModelName | 'auto';
  mode?: CalibrationMode;
  /** Folds for cross-validation (default 8, fewer when there are fewer speakers). */
  folds?: number;
  /**
   * Fill each reader's history from the speaker's other recordings in the folder (default
   * true; false scores every recording as a new reader's).
   */
  history?: boolean;
  /**
   * Adapted means: one file, or a folder with `<speaker>.means` per speaker adapted without
   * them (adapt.sh's `map/`), so every speaker is scored as a new child (decision 068).
   */
  means?: string;
  /**
   * Score each recording with the speaker's other sentences in the folder as competitors, as
   * the product scores a line with the book's other lines (default true; decision 068).
   */
  competitors?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface EvaluationReport {
  n: number;
  /** PCC of the result's `accuracy` with the human sentence accuracy. */
  pcc_accuracy: number;
  /** PCC of the result's overall `score` with the human sentence total. */
  pcc_total: number;
  /** PCC of the word scores with the human word accuracy. */
  pcc_word_accuracy: number;
  /** From "audio complete" (job submitted) to result (ms). */
  latency_p50_ms: number;
  latency_p95_ms: number;
  /** Processing time / audio duration, over all recordings. */
  rtf: number;
  /** PCC of the overall `score` with the human accuracy (the same score against both). */
  pcc_score_accuracy: number;
  pcc_fluency: number;
  words: number;
  model: AcousticModelName;
  calibration: 'shipped' | 'cross-validated';
  /** Some speakers of the folder were used to fit the shipped calibration. */
  inSample: boolean;
  folds: number;
  poolSize: number;
  concurrency: number;
  audioSeconds: number;
  verdicts: Record<Verdict, number>;
  /** Readers' histories were filled from each speaker's other recordings in the folder. */
  history: boolean;
  /** The speaker's other sentences competed with each text (EvaluationOptions.competitors). */
  competitors: boolean;
  /** Recordings whose competitors could not be decoded (ScoreDetails.competitorFailure). */
  competitorFailures: number;
  /**
   * Which Debian means scored the recordings: `held-out` (each speaker's own file from a
   * per-speaker folder, adapted without them), `given` (one file given), `shipped` (the
   * scorer's: the Debian model's own, adapted to no speaker; decision 102), or `none` (bundled).
   */
  means: 'held-out' | 'given' | 'shipped' | 'none';
  /** The same figures per age group (children ≤ 12, adults) and per exact age. */
  byAge: GroupFigures[];
  /** The same figures per speaker. */
  bySpeaker: GroupFigures[];
  /** One row per utterance: what the humans said and what we said. */
  utterances: UtteranceRow[];
}

export interface GroupFigures {
  group: string;
  n: number;
  pcc_accuracy: number;
  pcc_total: number;
  pcc_word_accuracy: number;
  words: number;
  /** Mean human total and our mean score, both 0–100. */
  human_mean: number;
  ours_mean: number;
  /** Utterances judged "different sentence", and those of them humans gave accuracy ≥ 7. */
  different_text: number;
  different_text_good: number;
}

export interface UtteranceRow {
  id: string;
  speaker: string;
  age: number | null;
  text: string;
  human: { accuracy: number; total: number; words: number[] };
  ours: { accuracy: number; score: number; words: number[] };
  verdict: Verdict;
  /** Another of the speaker's sentences fitted better (engine.ts competitor). */
  competitor?: UtteranceAnalysis['competitor'];
  /** P(different sentence) from the detector. */
  differentText?: number;
}

/** Children's readings are the product's case; speechocean762 has ages 6–7 and adults. */
export const ageGroupOf = (age: number | null): string =>
  age === null ? 'age unknown' : age <= 12 ? 'children (≤ 12)' : 'adults';

/** Figures of a set of utterance rows (see {@link GroupFigures}). */
export function groupFigures(group: string, rows: readonly UtteranceRow[]): GroupFigures {
  const wordPairs = rows.flatMap((r) =>
    r.human.words.length === r.ours.words.length
      ? r.ours.words.map((w, k) => [w, r.human.words[k] ?? 0] as const)
      : [],
  );
  const mean = (xs: readonly number[]): number =>
    xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN;
  const different = rows.filter((r) => r.verdict === 'different_text');
  return {
    group,
    n: rows.length,
    pcc_accuracy: pearson(
      rows.map((r) => r.ours.accuracy),
      rows.map((r) => r.human.accuracy),
    ),
    pcc_total: pearson(
      rows.map((r) => r.ours.score),
      rows.map((r) => r.human.total),
    ),
    pcc_word_accuracy: pearson(
      wordPairs.map(([w]) => w),
      wordPairs.map(([, h]) => h),
    ),
    words: wordPairs.length,
    human_mean: mean(rows.map((r) => r.human.total * 10)),
    ours_mean: mean(rows.map((r) => r.ours.score)),
    different_text: different.length,
    different_text_good: different.filter((r) => r.human.accuracy >= GOOD_READING).length,
  };
}

function groupBy(
  rows: readonly UtteranceRow[],
  key: (row: UtteranceRow) => string,
): GroupFigures[] {
  const groups = new Map<string, UtteranceRow[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, members]) => groupFigures(group, members));
}

/** `limit` utterances spread evenly over the list (all when no limit). */
export function spreadSubset<T>(items: readonly T[], limit?: number): T[] {
  if (!limit || limit >= items.length) return [...items];
  return Array.from(
    { length: limit },
    (_, i) => items[Math.floor((i * items.length) / limit)],
  ).filter((x): x is T => x !== undefined);
}

interface Scored {
  utterance: LabelledUtterance;
  result: ScoreResult;
  latencyMs: number;
  seconds: number;
}

function choiceOf(calibration: CalibrationModels): FeatureChoice {
  return {
    accuracy: calibration.accuracy.features,
    total: calibration.total.features,
    fluency: calibration.fluency.features,
    word: calibration.word.features,
    differentText: calibration.differentText.model.features,
  };
}

/**
 * Re-scores every utterance from its features with each reader's history filled from the same
 * speaker's other recordings in the folder (as the product fills it from a child's earlier
 * recordings), and — when `folds` is given — with regression models fitted on the other folds'
 * speakers only; else with the shipped calibration.
 */
function rescoredResults(
  scored: readonly Scored[],
  shipped: ModelCalibration,
  folds: number | null,
): ScoreResult[] {
  const raw: (CalibrationSample | undefined)[] = scored.map(({ utterance, result }) => {
    const sentence = result.details?.sentence;
    const words = result.details?.words;
    const phones = result.details?.phones;
    if (!sentence || !words) return undefined;
    const lined = utterance.words.length === words.length;
    return {
      id: utterance.id,
      speaker: utterance.speaker,
      sentence,
      words,
      ...(phones ? { phones } : {}),
      human: {
        accuracy: utterance.accuracy,
        total: utterance.total,
        fluency: Number.isFinite(utterance.fluency) ? utterance.fluency : utterance.total,
        words: lined ? utterance.words.map((w) => w.accuracy) : null,
        phones:
          lined && phones ? phones.map((p, k) => phoneScoresFor(utterance.words[k], p)) : null,
      },
    };
  });
  const present = withSpeakerHistory(raw.filter((s): s is CalibrationSample => s !== undefined));
  const byId = new Map(present.map((s) => [s.id, s]));
  const samples = raw.map((s) => (s ? byId.get(s.id) : undefined));
  const speakers = scored.map((s) => s.utterance.speaker);
  const k = folds === null ? 1 : Math.max(2, Math.min(folds, new Set(speakers).size));
  const foldOf = folds === null ? speakers.map(() => 0) : groupFolds(speakers, k);
  const options = {
    choice: choiceOf(shipped),
    differentText: shipped.differentText,
  };
  const fitted: CalibrationModels[] =
    folds === null
      ? [shipped]
      : Array.from({ length: k }, (_, fold) =>
          fitCalibration(
            samples.filter((s, i): s is CalibrationSample => s !== undefined && foldOf[i] !== fold),
            options,
            shipped,
          ),
        );
  return scored.map(({ result }, i) => {
    const sample = samples[i];
    const calibration = fitted[foldOf[i] ?? 0];
    if (!sample || !calibration) return result;
    return finalizeScore(calibration, {
      tokens: result.words.map((w) => ({ word: w.word, start: w.start, end: w.end })),
      sentence: sample.sentence,
      words: sample.words,
      phones: sample.phones ?? [],
      ...(result.details?.competitor ? { competitor: result.details.competitor } : {}),
    });
  });
}

/**
 * The competitors of a labelled utterance (AnalyseOptions.competitors): the speaker's other
 * sentences stand for a book's other lines, the ones a reader might read instead.
 */
export function speakerCompetitors(
  dataset: Pick<Dataset, 'utterances'>,
): (utterance: Pick<LabelledUtterance, 'speaker' | 'text'>) => string[] {
  const linesOf = textsBySpeaker(dataset.utterances);
  return (utterance) => competingSentences(utterance.text, linesOf.get(utterance.speaker) ?? []);
}

/** Scores a labelled folder through the worker pool and reports correlations and speed. */
export async function evaluateDataset(
  source: string | Dataset,
  options: EvaluationOptions = {},
): Promise<EvaluationReport> {
  const dataset = typeof source === 'string' ? await loadDataset(source) : source;
  const utterances = spreadSubset(dataset.utterances, options.limit);
  const audios = await Promise.all(utterances.map((u) => loadAudio(u.wav)));
  const scored: Scored[] = new Array(utterances.length);
  const competitorsOf = speakerCompetitors(dataset);
  let done = 0;
  let model: AcousticModelName | undefined;
  let poolSize = 0;
  let concurrency = 0;
  // One pool per means file (one pool in all unless `means` is a per-speaker folder).
  const poolOptions = {
    ...(options.poolSize ? { size: options.poolSize } : {}),
    model: options.model ?? 'auto',
    maxQueue: utterances.length + 1,
    timeoutMs: 60_000,
  };
  await withMeansPools(utterances, options.means, poolOptions, async (pool, group) => {
    model = await pool.ready();
    poolSize = pool.size;
    concurrency = Math.max(1, options.concurrency ?? pool.size);
    let next = 0;
    const runner = async (): Promise<void> => {
      while (next < group.length) {
        const [i, utterance] = group[next++] ?? [];
        const audio = i === undefined ? undefined : audios[i];
        if (i === undefined || !utterance || !audio) continue;
        const seconds = audio.length / ALIGN_SAMPLE_RATE;
        const started = performance.now();
        const competitors = options.competitors === false ? [] : competitorsOf(utterance);
        const result = await pool.score(audio, utterance.text, {
          details: true,
          ...(competitors.length > 0 ? { competitors } : {}),
        });
        scored[i] = { utterance, result, latencyMs: performance.now() - started, seconds };
        options.onProgress?.(++done, utterances.length);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, runner));
  });
  if (!model) throw new Error('eval: nothing to score');
  const shipped = CALIBRATIONS[model];
  const inSample = scored.some((s) => shipped.fitted.speakerIds.includes(s.utterance.speaker));
  const mode = options.mode ?? 'auto';
  const crossValidate = mode === 'cross-validated' || (mode === 'auto' && inSample);
  const folds = options.folds ?? 8;
  const results =
    crossValidate || options.history !== false
      ? rescoredResults(scored, shipped, crossValidate ? folds : null)
      : scored.map((s) => s.result);

  const wordPred: number[] = [];
  const wordHuman: number[] = [];
  const verdicts: Record<Verdict, number> = {
    ok: 0,
    no_voice: 0,
    noise: 0,
    too_short: 0,
    different_text: 0,
  };
  results.forEach((result, i) => {
    verdicts[result.verdict]++;
    const labels = scored[i]?.utterance.words ?? [];
    if (labels.length !== result.words.length) return;
    result.words.forEach((w, k) => {
      wordPred.push(w.score);
      wordHuman.push(labels[k]?.accuracy ?? 0);
    });
  });
  const rows: UtteranceRow[] = scored.map((s, i) => {
    const result = results[i] as ScoreResult;
    return {
      id: s.utterance.id,
      speaker: s.utterance.speaker,
      age: s.utterance.age ?? null,
      text: s.utterance.text,
      human: {
        accuracy: s.utterance.accuracy,
        total: s.utterance.total,
        words: s.utterance.words.map((w) => w.accuracy),
      },
      ours: {
        accuracy: result.accuracy,
        score: result.score,
        words: result.words.map((w) => w.score),
      },
      verdict: result.verdict,
      ...(s.result.details?.competitor ? { competitor: s.result.details.competitor } : {}),
      ...(s.result.details?.differentText !== undefined
        ? { differentText: s.result.details.differentText }
        : {}),
    };
  });
  const latencies = scored.map((s) => s.latencyMs);
  const audioSeconds = scored.reduce((a, s) => a + s.seconds, 0);
  const fluencyPairs = scored
    .map((s, i) => [results[i]?.fluency ?? 0, s.utterance.fluency] as const)
    .filter(([, human]) => Number.isFinite(human));
  return {
    n: scored.length,
    pcc_accuracy: pearson(
      results.map((r) => r.accuracy),
      scored.map((s) => s.utterance.accuracy),
    ),
    pcc_total: pearson(
      results.map((r) => r.score),
      scored.map((s) => s.utterance.total),
    ),
    pcc_word_accuracy: pearson(wordPred, wordHuman),
    latency_p50_ms: quantile(latencies, 0.5),
    latency_p95_ms: quantile(latencies, 0.95),
    rtf: latencies.reduce((a, b) => a + b, 0) / 1000 / audioSeconds,
    pcc_score_accuracy: pearson(
      results.map((r) => r.score),
      scored.map((s) => s.utterance.accuracy),
    ),
    pcc_fluency: pearson(
      fluencyPairs.map(([p]) => p),
      fluencyPairs.map(([, h]) => h),
    ),
    words: wordPred.length,
    model,
    calibration: crossValidate ? 'cross-validated' : 'shipped',
    inSample,
    folds: crossValidate
      ? Math.max(2, Math.min(folds, new Set(scored.map((s) => s.utterance.speaker)).size))
      : 0,
    poolSize,
    concurrency,
    audioSeconds,
    verdicts,
    history: options.history !== false,
    competitors: options.competitors !== false,
    competitorFailures: scored.filter((s) => s.result.details?.competitorFailure).length,
    means:
      model !== 'debian'
        ? 'none'
        : !options.means
          ? 'shipped'
          : isMeansFolder(options.means)
            ? 'held-out'
            : 'given',
    byAge: [
      ...groupBy(rows, (r) => ageGroupOf(r.age)),
      ...groupBy(rows, (r) => (r.age === null ? 'age unknown' : `age ${r.age}`)),
    ],
    bySpeaker: groupBy(rows, (r) => `speaker ${r.speaker}`),
    utterances: rows,
  };
}
