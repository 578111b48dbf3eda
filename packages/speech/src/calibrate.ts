/**
 * Fits the score calibration on a labelled folder (speechocean762-dev layout) and writes
 * src/calibration-params.ts.
 *
 *   npx tsx packages/speech/src/calibrate.ts [--dataset <dir>] [--model bundled|debian|all]
 *       [--cache <file>] [--from-cache] [--jobs <n>] [--dry-run]
 *       [--means <folder>] [--in-sample-means]
 *       [--every <n>] [--own-only] [--warp <w>] [--detector <f1,f2,…>] [--nested] (experiments)
 *
 * 1. Every recording is analysed three times in the worker pool: against its own text
 *    (labelled sample), against another utterance's text (negative for the "different
 *    text" detector) and against its text with one extra word inserted that was never
 *    said (positive for the "missed word" detector).
 * 2. For each output a few small feature sets are compared by speaker-grouped 8-fold
 *    cross-validation (no speaker is ever in both the fitting and the evaluated part);
 *    the best is kept. Those cross-validated figures are the ones to report. A "different
 *    text" detector that, fitted on everything, calls a reading humans gave ≥ 7 another
 *    sentence is never kept. `--nested` also reports figures with the whole choice made
 *    again inside every fold (no selection bias).
 * 3. The final models are fitted on all the data and written, with both the
 *    cross-validated and the in-sample metrics, to calibration-params.ts.
 *
 * The `debian` model scores with its own means (decision 102: the means adapted on the
 * development speakers did worse on speakers they had not heard). Fitted on dev + train (64
 * speakers), with the figures by age band from nested CV (`--report`, decision 102):
 *
 *   npx tsx packages/speech/src/calibrate.ts --model debian --detector-rule cv \
 *       --dataset ../shared/data/speechocean762-dev --dataset ../shared/data/speechocean762-train
 *   (add --report 3 --dry-run for the nested figures, --caches a.json,b.json to reuse analyses,
 *   --every n [--from i] to analyse a share of the recordings, --extract-only to only write
 *   that share's cache; --rows-of ids.json adds the report's figures of those recordings alone;
 *   --age tries the reader's age band as an input, experiments only; third pass: --without
 *   output:feature, --fit-on ids.json, --report 0, --alt-warp w=a.json,… — decision 102)
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AcousticModelName,
  ADAPTED_MEANS,
  debianModelAvailable,
  MODEL_WARP,
} from './acoustic-model';
import { isMeansFolder, withMeansPools } from './adapted-means';
import { loadAudio } from './audio';
import {
  type CalibrationMetrics,
  type CalibrationSample,
  crossValidate,
  crossValidatedModels,
  crossValidateWith,
  evaluate,
  type FeatureChoice,
  type FitOptions,
  fitCalibration,
  fitDifferentText,
  goodReadingsFlagged,
  type ModelCalibration,
  withSpeakerHistory,
} from './calibration';
import { CALIBRATIONS } from './calibration-params';
import {
  ageBandOf,
  bandFigures,
  formatBands,
  formatSpread,
  goodReadingsByGroup,
  scoredRows,
  speakerSpread,
} from './cv-report';
import { type Dataset, findDevDataset, loadDatasets, phoneScoresFor } from './dataset';
import type { GroupFigures } from './eval';
import { prosodyFeatures, withRelativeGop } from './features';
import { phoneObservations } from './phone-model';
import { defaultPoolSize, type ScoringPool } from './pool';
import type { FeatureResult } from './score';
import { groupFolds } from './stats';

const FOLDS = 8;

/** Fitting options every fit of this run shares (`--false-alarms`). */
const fitExtras: Pick<FitOptions, 'falseAlarmRate'> = {};

/**
 * How a "different sentence" detector candidate may be ruled out (`--detector-rule`):
 * `in-sample` — never one that, fitted on everything, flags a reading humans gave ≥ 7 (decision
 * 068, eighth round; on 16 speakers); `cv` — by its cross-validated figures alone (decision 102:
 * on 64 speakers the in-sample rule rules every candidate out, and the CV false alarms are the
 * figure the issue asks for).
 */
let detectorRule: 'in-sample' | 'cv' = 'in-sample';

type CalibrationMeta = Pick<ModelCalibration, 'model' | 'warp' | 'fitted'>;

/** Candidate feature sets per output (compared by cross-validation). */
const CANDIDATES: { [K in keyof FeatureChoice]: string[][] } = {
  accuracy: [
    ['gop_mean'],
    ['gop_mean', 'gop_word_min'],
    ['gop_mean', 'gop_p10', 'bad_frac'],
    ['gop_frames', 'gop_word_min', 'bad_frac'],
    ['gop_frames', 'gop_word_min', 'bad_frac', 'ev_mean'],
    ['gop_frames', 'gop_word_min', 'bad_frac', 'ev_mean', 'ev_min'],
    ['gop_mean', 'ev_mean'],
    ['gop_frames', 'gop_word_min', 'bad_frac', 'hist_gop'],
    ['gop_frames', 'gop_word_min', 'bad_frac', 'ev_mean', 'hist_gop'],
    // Decision 102, third pass: prosody (the 8–9 band); kept only where nested CV chooses it.
    ['gop_frames', 'gop_word_min', 'bad_frac', 'ev_mean', 'hist_gop', 'pause_share'],
    ['gop_frames', 'gop_word_min', 'bad_frac', 'ev_mean', 'hist_gop', 'dur_spread'],
  ],
  total: [
    ['gop_mean'],
    ['gop_mean', 'pause_total'],
    ['gop_mean', 'gop_word_min', 'pause_total'],
    ['gop_mean', 'gop_p10', 'pause_total', 'pause_count'],
    ['gop_mean', 'pause_total', 'ev_mean'],
    ['gop_frames', 'gop_word_min', 'bad_frac', 'pause_total', 'ev_mean'],
    ['gop_mean', 'pause_total', 'hist_gop'],
    ['gop_mean', 'pause_total', 'ev_mean', 'hist_gop'],
    ['gop_mean', 'pause_total', 'ev_mean', 'hist_gop', 'pause_share'],
    ['gop_mean', 'pause_total', 'ev_mean', 'hist_gop', 'pause_per_gap', 'dur_spread'],
  ],
  fluency: [
    ['gop_mean', 'pause_total'],
    ['gop_mean', 'pause_total', 'hist_gop'],
    ['gop_mean', 'pause_total', 'pause_count'],
    ['gop_mean', 'pause_total', 'pause_count', 'rate'],
    ['gop_mean', 'pause_total', 'hist_gop', 'pause_share'],
    ['gop_mean', 'pause_total', 'hist_gop', 'pause_share', 'pause_per_gap', 'dur_spread'],
    ['gop_mean', 'pause_total', 'hist_gop', 'pause_share', 'pause_per_gap', 'dur_spread', 'rate'],
  ],
  word: [
    ['gop'],
    ['gop', 'utt_gop'],
    ['gop', 'gop_min', 'utt_gop'],
    ['gop', 'gop_min', 'worst_state', 'utt_gop', 'phones'],
    ['gop', 'gop_rel', 'utt_gop'],
    ['gop', 'gop_min', 'gop_rel', 'utt_gop'],
    ['gop', 'gop_min', 'worst_state', 'utt_gop', 'phones', 'gop_rel'],
    ['gop', 'gop_min', 'worst_state', 'utt_gop', 'phones', 'evidence'],
    ['gop', 'gop_min', 'worst_state', 'utt_gop', 'phones', 'gop_rel', 'evidence'],
    // Decision 068 (second round): phone evidence and a few non-linear terms.
    ['gop', 'gop_min', 'worst_state', 'utt_gop', 'phones', 'evidence', 'ev_phone_min'],
    [
      ...['gop', 'gop_min', 'worst_state', 'utt_gop', 'phones', 'evidence', 'ev_phone_min'],
      ...['ev_x_phones', 'one_phone'],
    ],
    [
      ...['gop', 'gop_min', 'worst_state', 'utt_gop', 'phones', 'evidence', 'ev_phone_min'],
      ...['ev_x_phones', 'one_phone', 'gop_min_sq'],
    ],
    [
      ...['gop', 'gop_min', 'worst_state', 'utt_gop', 'phones', 'evidence', 'ev_phone_min'],
      ...['ev_x_phones', 'one_phone', 'gop_min_sq', 'hist_gop'],
    ],
    // Seventh round: the phone model's P(a phone said wrong) (phone-model.ts).
    ['phone_bad'],
    ['phone_bad', 'hist_gop'],
    [
      ...['gop', 'gop_min', 'worst_state', 'utt_gop', 'phones', 'evidence', 'ev_phone_min'],
      ...['ev_x_phones', 'one_phone', 'gop_min_sq', 'hist_gop', 'phone_bad'],
    ],
  ],
  // Only features relative to a free phone loop (engine.ts evidence): absolute GOP is low for
  // every word of a child read with an adult model, so a GOP threshold rejects good children's
  // readings (decision 068).
  // `uncovered`: voiced speech the text's words do not account for (another sentence's speech
  // is left to the decoder's fillers; decision 068).
  differentText: [
    ['ev_mean'],
    ['ev_mean', 'ev_bad_frac'],
    ['ev_mean', 'ev_bad_frac', 'ev_min'],
    ['ev_mean', 'uncovered'],
    ['ev_mean', 'ev_min', 'uncovered'],
    ['ev_mean', 'ev_bad_frac', 'ev_min', 'uncovered'],
    // Fourth round: the whole recording's evidence (fillers and silences against the phone
    // loop too) and the share of phones without evidence.
    ['ev_total'],
    ['ev_mean', 'ev_total'],
    ['ev_mean', 'ev_bad_frac', 'ev_min', 'ev_total'],
    ['ev_mean', 'ev_bad_frac', 'ev_min', 'uncovered', 'ev_total'],
    ['ev_mean', 'ev_bad_frac', 'ev_min', 'uncovered', 'ev_total', 'ev_phone_bad'],
    ['ev_mean', 'ev_total', 'ev_phone_bad'],
    ['ev_voiced'],
    ['ev_mean', 'ev_voiced'],
    ['ev_mean', 'uncovered', 'ev_voiced'],
    ['ev_mean', 'ev_bad_frac', 'ev_min', 'uncovered', 'ev_voiced'],
    // Decision 102, third pass: the reader's history, so that a child whose every reading
    // fits less well (a young voice) is judged against their own usual level.
    ['ev_mean', 'uncovered', 'ev_voiced', 'hist_gop'],
    ['ev_mean', 'ev_total', 'ev_phone_bad', 'hist_gop'],
  ],
};

/** Which CV metric decides each choice. */
const CRITERION: { [K in keyof FeatureChoice]: (m: CalibrationMetrics) => number } = {
  accuracy: (m) => m.pcc_accuracy,
  total: (m) => m.pcc_total,
  fluency: (m) => m.pcc_fluency,
  word: (m) => m.pcc_word_accuracy,
  differentText: (m) => m.different_text_detected - 5 * m.different_text_false_alarms,
};

/** Words inserted (never spoken) for the "missed word" detector. */
const INSERTED_WORDS = [
  'little',
  'happy',
  'yellow',
  'garden',
  'monkey',
  'rabbit',
  'purple',
  'window',
  'dinner',
  'pencil',
  'jump',
  'big',
];

interface Args {
  /** Labelled folders (`--dataset` given more than once: one dataset of all their speakers). */
  datasets: string[];
  models: AcousticModelName[];
  cache?: string;
  fromCache: boolean;
  jobs: number;
  dryRun: boolean;
  /** Analyse every n-th recording only (a quicker, noisier fit while iterating). */
  every: number;
  /** With `every`: start at the i-th recording (`--every 8 --from 4`: another eighth). */
  from: number;
  /** Leave out the inserted-word analysis (keeps the shipped "missed word" figures). */
  skipInserted: boolean;
  /** Leave out the mismatched-text analysis too (own text only: regression experiments). */
  ownOnly: boolean;
  /** Fit the "different text" detector on these features only (experiments). */
  detector?: string[];
  /** Vocal-tract-length warp instead of the model's (experiments; the cache is per warp). */
  warp?: number;
  /**
   * Adapted Gaussian means of the Debian model (decision 068): one file for every
   * recording, or a folder with `<speaker>.means` per speaker (each adapted on the other
   * speakers only, so no recording is scored by a model adapted on its own voice). Required
   * (a folder) to write the debian calibration; the bundled model ignores it.
   */
  means?: string;
  /** Write a debian calibration from features analysed with the shipped (in-sample) means. */
  inSampleMeans?: boolean;
  /** Also report nested cross-validated figures (selection inside every fold; slow). */
  nested?: boolean;
  /** Cached samples to read instead of analysing (several files: one set of all of them). */
  caches?: string[];
  /**
   * Only report (issue 36): nested cross-validated figures per age band, over this many
   * draws of the speakers into folds, and their spread over draws of speakers; writes nothing.
   */
  report?: number;
  /**
   * Leave out every candidate feature set that reads one of these features (knob ablation);
   * `output:feature` (e.g. `differentText:hist_gop`) only that output's sets.
   */
  without?: string[];
  /** Share of genuine readings the "different sentence" detector may reject when fitted. */
  falseAlarms?: number;
  /** Analyse and write the cache only (no fit): chunks of a long analysis (`--every n --from i`). */
  extractOnly?: boolean;
  /**
   * Experiment (decision 102, "left"): the reader's age band as sentence inputs ({@link
   * AGE_FEATURES}); every sentence candidate is also tried with them, and nested CV chooses.
   */
  age?: boolean;
  /**
   * With `--report`: also the figures of these recordings alone (a JSON list of ids), e.g. those
   * the shipped calibration was not fitted on, to set them beside its own figures on them.
   */
  rowsOf?: string;
  /**
   * With `--report` (decision 102, third pass): the same recordings analysed at other warps
   * (`--alt-warp 1.2=a.json,b.json`, repeatable); the report then also gives the nested CV of
   * every fixed warp, of the warp chosen again inside every outer fold, and of a warp per
   * child chosen from the child's other recordings (no labels), all on the same folds.
   */
  altWarps?: { warp: number; files: string[] }[];
  /**
   * With `--report`: fit inside every outer fold on these recordings only (a JSON list of ids)
   * of the training speakers, still scoring every held-out recording — the method of a
   * calibration fitted on fewer recordings, on the same folds as a refit on all of them.
   */
  fitOn?: string;
  /**
   * Experiment (issue 36, decision 102, fourth pass): per-recording features of a second acoustic model (a
   * JSON object id → { sentence: {name: value}, words: [{name: value}] }, words in the text's
   * order), merged into the samples; every accuracy, total and word candidate is also tried with
   * them ({@link ASR_SENTENCE_FEATURES}, {@link ASR_WORD_FEATURES}), and nested CV chooses.
   */
  asrFeatures?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    datasets: [],
    models: [],
    fromCache: false,
    jobs: defaultPoolSize(),
    dryRun: false,
    every: 1,
    from: 0,
    skipInserted: false,
    ownOnly: false,
  };
  let model = 'all';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--dataset') args.datasets.push(next());
    else if (a === '--model') model = next();
    else if (a === '--cache') args.cache = next();
    else if (a === '--from-cache') args.fromCache = true;
    else if (a === '--jobs') args.jobs = Number(next());
    else if (a === '--dry-run') args.dryRun = true;
    else if (a === '--every') args.every = Number(next());
    else if (a === '--from') args.from = Number(next());
    else if (a === '--skip-inserted') args.skipInserted = true;
    else if (a === '--detector') args.detector = next().split(',');
    else if (a === '--own-only') {
      args.ownOnly = true;
      args.skipInserted = true;
    } else if (a === '--warp') args.warp = Number(next());
    else if (a === '--means') args.means = next();
    else if (a === '--in-sample-means') args.inSampleMeans = true;
    else if (a === '--nested') args.nested = true;
    else if (a === '--caches') args.caches = next().split(',');
    else if (a === '--detector-rule') {
      const rule = next();
      if (rule !== 'in-sample' && rule !== 'cv') throw new Error('--detector-rule in-sample|cv');
      detectorRule = rule;
    } else if (a === '--report') args.report = Number(next());
    else if (a === '--without') args.without = next().split(',');
    else if (a === '--false-alarms') args.falseAlarms = Number(next());
    else if (a === '--extract-only') args.extractOnly = true;
    else if (a === '--age') args.age = true;
    else if (a === '--rows-of') args.rowsOf = next();
    else if (a === '--fit-on') args.fitOn = next();
    else if (a === '--asr-features') args.asrFeatures = next();
    else if (a === '--alt-warp') {
      const [warp, files] = next().split('=');
      if (!warp || !files || !(Number(warp) > 0)) throw new Error('--alt-warp <warp>=<a.json,…>');
      args.altWarps = [...(args.altWarps ?? []), { warp: Number(warp), files: files.split(',') }];
    } else throw new Error(`Unknown argument ${a}`);
  }
  if (model === 'all') {
    args.models = debianModelAvailable() ? ['bundled', 'debian'] : ['bundled'];
  } else if (model === 'bundled' || model === 'debian') {
    args.models = [model];
  } else {
    throw new Error(`--model must be bundled, debian or all`);
  }
  return args;
}

const cachePath = (args: Args, model: AcousticModelName): string => {
  const means = meansOf(args, model);
  // The warp is always in the name: a cache analysed at another warp is another cache.
  const suffix = `${model}-w${args.warp ?? MODEL_WARP[model]}${means ? `-${path.basename(means)}` : ''}${args.ownOnly ? '-own' : ''}`;
  return args.cache
    ? args.cache.replace(/(\.json)?$/, `-${suffix}.json`)
    : path.join(tmpdir(), `picbook-speech-calibration-${suffix}.json`);
};

/** Adapted means are the Debian model's; the bundled model is always analysed with its own. */
const meansOf = (args: Pick<Args, 'means'>, model: AcousticModelName): string | undefined =>
  model === 'debian' ? args.means : undefined;

/**
 * The adapted means in the repository ({@link ADAPTED_MEANS}) were adapted on the development
 * speakers, so a `debian` calibration written from features analysed with them would be an
 * in-sample fit; the scorer uses the model's own means (decision 102), which need no check.
 * @throws Error when it would write a fit on features of the adapted means file.
 */
function checkDebianMeans(args: Pick<Args, 'means' | 'dryRun' | 'inSampleMeans'>): void {
  if (args.dryRun || args.inSampleMeans || args.means === undefined) return;
  if (!isMeansFolder(args.means) && path.resolve(args.means) === ADAPTED_MEANS) {
    throw new Error(
      'calibrate: features analysed with the adapted means file are in-sample for the ' +
        'development speakers: pass a per-speaker folder (adapt.sh) or --in-sample-means on purpose',
    );
  }
}

/** Deterministic pseudo-random integer in [0, n). */
const pick = (seed: number, n: number): number => {
  const x = Math.sin(seed * 12.9898 + 78.233) * 43758.5453;
  return Math.floor((x - Math.floor(x)) * n);
};

async function extract(
  dataset: Dataset,
  model: AcousticModelName,
  args: Pick<Args, 'jobs' | 'every' | 'from' | 'skipInserted' | 'ownOnly' | 'warp' | 'means'>,
): Promise<CalibrationSample[]> {
  const utterances = dataset.utterances.filter((_, i) => i % args.every === args.from);
  const started = performance.now();
  let done = 0;
  const samples: (CalibrationSample | undefined)[] = [];
  // One pool per means file, one after the other (a folder holds one per speaker).
  const poolOptions = {
    model,
    ...(args.warp ? { warp: args.warp } : {}),
    size: args.jobs,
    maxQueue: 10_000,
    timeoutMs: 120_000,
  };
  await withMeansPools(utterances, meansOf(args, model), poolOptions, async (pool, group) => {
    await pool.ready();
    samples.push(...(await Promise.all(group.map(([i, u]) => one(pool, u, i)))));
  });
  return samples.filter((s): s is CalibrationSample => s !== undefined);

  async function one(
    pool: ScoringPool,
    u: (typeof utterances)[number],
    i: number,
  ): Promise<CalibrationSample | undefined> {
    const audio = await loadAudio(u.wav);
    // Another utterance's text with at least one word in common would make the negative
    // partly right; take the next text sharing no word (of ≥ 2 words).
    const own = new Set(u.text.toLowerCase().split(/\s+/));
    let other = utterances[(i + 97) % utterances.length];
    for (let k = 1; k < utterances.length; k++) {
      const candidate = utterances[(i + 97 * k) % utterances.length];
      const words = candidate?.text.toLowerCase().split(/\s+/) ?? [];
      if (words.length >= 2 && words.every((w) => !own.has(w))) {
        other = candidate;
        break;
      }
    }
    const tokens = u.text.split(/\s+/).filter((t) => t !== '');
    const insertAt = pick(i, tokens.length + 1);
    const extra =
      INSERTED_WORDS.filter((w) => !own.has(w))[pick(i + 7, INSERTED_WORDS.length - 2)] ?? 'yellow';
    const insertedText = [...tokens.slice(0, insertAt), extra, ...tokens.slice(insertAt)].join(' ');
    const [matched, mismatched, inserted] = (await Promise.all([
      pool.features(audio.slice(), u.text),
      args.ownOnly
        ? Promise.resolve({ verdict: 'ok', analysis: null, sentence: null, words: [] })
        : pool.features(audio.slice(), other?.text ?? 'yellow monkey'),
      args.skipInserted
        ? Promise.resolve({ verdict: 'ok', analysis: null, sentence: null, words: [] })
        : pool.features(audio.slice(), insertedText),
    ])) as [FeatureResult, FeatureResult, FeatureResult];
    done++;
    if (done % 20 === 0) {
      const rate = (performance.now() - started) / done;
      process.stderr.write(
        `  ${model}: ${done}/${utterances.length} (${(rate / 1000).toFixed(2)} s per utterance)\n`,
      );
    }
    if (!matched.sentence) {
      process.stderr.write(`  ${u.id}: not aligned (${matched.verdict}); left out\n`);
      return undefined;
    }
    const lined = u.words.length === matched.words.length;
    const humanWords = lined ? u.words.map((w) => w.accuracy) : null;
    const phones = matched.analysis ? phoneObservations(matched.analysis.tokens) : undefined;
    const insertedWord = inserted.words[insertAt];
    return {
      id: u.id,
      speaker: u.speaker,
      ...(u.age !== undefined ? { age: u.age } : {}),
      sentence: matched.sentence,
      words: matched.words,
      ...(phones ? { phones } : {}),
      human: {
        accuracy: u.accuracy,
        total: u.total,
        fluency: u.fluency,
        words: humanWords,
        phones: lined && phones ? phones.map((p, k) => phoneScoresFor(u.words[k], p)) : null,
      },
      ...(mismatched.sentence ? { mismatched: mismatched.sentence } : {}),
      ...(insertedWord && inserted.words.length === matched.words.length + 1
        ? {
            inserted: {
              word: insertedWord,
              others: inserted.words.filter((_, k) => k !== insertAt),
            },
          }
        : {}),
    };
  }
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');

function describe(metrics: CalibrationMetrics): string {
  return [
    `sentence accuracy PCC ${f3(metrics.pcc_accuracy)}`,
    `total PCC ${f3(metrics.pcc_total)}`,
    `fluency PCC ${f3(metrics.pcc_fluency)}`,
    `word accuracy PCC ${f3(metrics.pcc_word_accuracy)} (${metrics.words} words)`,
    `accuracy MAE ${f3(metrics.mae_accuracy)}`,
    `different text: detected ${f3(metrics.different_text_detected)}, false alarms ${f3(metrics.different_text_false_alarms)}`,
    `missed word: detected ${f3(metrics.missed_detected)}, false alarms ${f3(metrics.missed_false_alarms)}`,
    `mispronounced: precision ${f3(metrics.mispronounced_precision)}, recall ${f3(metrics.mispronounced_recall)}`,
  ].join('\n    ');
}

/**
 * Chooses each output's feature set among {@link CANDIDATES} by speaker-grouped
 * cross-validation on `samples`, one output after the other (each trial keeps the others'
 * choices so far).
 */
function selectFeatures(
  samples: readonly CalibrationSample[],
  meta: CalibrationMeta,
  log?: (line: string) => void,
): FeatureChoice {
  const choice: FeatureChoice = {
    accuracy: CANDIDATES.accuracy[0] ?? [],
    total: CANDIDATES.total[0] ?? [],
    fluency: CANDIDATES.fluency[0] ?? [],
    word: CANDIDATES.word[0] ?? [],
    differentText: CANDIDATES.differentText[0] ?? [],
  };
  for (const key of Object.keys(CANDIDATES) as (keyof FeatureChoice)[]) {
    let best = Number.NEGATIVE_INFINITY;
    let ruledOut = 0;
    for (const candidate of CANDIDATES[key]) {
      const trial = { ...choice, [key]: candidate };
      let value = CRITERION[key](
        crossValidate(samples, { ...fitExtras, choice: trial }, meta, FOLDS),
      );
      // A detector that, fitted on everything, calls a good reading another sentence is out,
      // however well it scores (decision 068, eighth round).
      const flagged =
        key === 'differentText' && detectorRule === 'in-sample'
          ? goodReadingsFlagged(
              samples,
              fitDifferentText(samples, candidate, fitExtras.falseAlarmRate),
            )
          : 0;
      if (flagged > 0) {
        value = Number.NEGATIVE_INFINITY;
        ruledOut++;
      }
      log?.(
        `  ${key.padEnd(13)} ${candidate.join(' + ').padEnd(52)} ${f3(value)}${flagged > 0 ? ` (flags ${flagged} good reading${flagged > 1 ? 's' : ''}: out)` : ''}`,
      );
      if (value > best) {
        best = value;
        choice[key] = candidate;
      }
    }
    if (ruledOut === CANDIDATES[key].length) {
      throw new Error(
        'calibrate: every "different text" detector candidate flags a reading humans gave ≥ 7, and such a detector is never kept',
      );
    }
  }
  return choice;
}

/**
 * Nested cross-validation: the whole choice of feature sets is made again inside every
 * outer fold, on its training speakers only, so the figures carry no selection bias (the
 * plain cross-validated figures are those of the best of several candidates, chosen on the
 * same speakers). The closest estimate here of how the method does on new speakers.
 */
function nestedCrossValidate(
  samples: readonly CalibrationSample[],
  meta: CalibrationMeta,
): CalibrationMetrics {
  let fold = 0;
  return crossValidateWith(
    samples,
    (training) => {
      const choice = selectFeatures(training, meta);
      console.log(
        `  outer fold ${++fold}/${FOLDS}: ${(Object.keys(choice) as (keyof FeatureChoice)[])
          .map((key) => `${key} ${choice[key].join('+')}`)
          .join('; ')}`,
      );
      return fitCalibration(training, { ...fitExtras, choice }, meta);
    },
    FOLDS,
  );
}

function calibrate(
  samples: CalibrationSample[],
  model: AcousticModelName,
  datasetName: string,
  warp = MODEL_WARP[model],
  nested = false,
): ModelCalibration {
  const meta = metaOf(samples, model, datasetName, warp);
  console.log(
    `\n${model}: ${samples.length} utterances; candidates (speaker-grouped ${FOLDS}-fold CV):`,
  );
  const choice = selectFeatures(samples, meta, (line) => console.log(line));
  const crossValidated = crossValidate(samples, { ...fitExtras, choice }, meta, FOLDS);
  const final = fitCalibration(samples, { ...fitExtras, choice }, meta);
  const inSample = evaluate(samples, () => final);
  console.log(`  cross-validated:\n    ${describe(crossValidated)}`);
  console.log(
    `  in-sample (fitted on the same data, for comparison only):\n    ${describe(inSample)}`,
  );
  if (nested) {
    console.log(`  nested (the choice of feature sets made again in every outer fold):`);
    console.log(`    ${describe(nestedCrossValidate(samples, meta))}`);
  }
  return { ...final, report: { folds: FOLDS, crossValidated, inSample } };
}

/**
 * Issue 36: how the method (the choice of feature sets and every fit) does on speakers it has
 * never heard. Nested speaker-grouped cross-validation — the whole choice made again inside
 * every outer fold on its training speakers — repeated over `draws` splits of the speakers
 * into folds; the first split's recordings, scored as the API would, give the figures per age
 * band and their spread over draws of speakers (speakerSpread).
 */
function report(
  samples: CalibrationSample[],
  model: AcousticModelName,
  datasetName: string,
  draws: number,
  warp: number,
  sources: readonly Source[] = [],
  rowsOf?: ReadonlySet<string>,
  fitOn?: ReadonlySet<string>,
): void {
  const meta = metaOf(samples, model, datasetName, warp);
  const speakers = new Set(samples.map((s) => s.speaker)).size;
  console.log(
    `\n${model}: ${samples.length} recordings of ${speakers} speakers; nested speaker-grouped ${FOLDS}-fold CV over ${draws} draw(s) of the folds${fitExtras.falseAlarmRate !== undefined ? `; detector at ${fitExtras.falseAlarmRate}` : ''}`,
  );
  // Where we start from: the calibration in calibration-params.ts on the same recordings (a
  // held-out figure for the speakers it was not fitted on).
  const shipped = CALIBRATIONS[model];
  const fittedOn = new Set(shipped.fitted.speakerIds);
  const shippedRows = scoredRows(samples, () => shipped).filter((r) => !fittedOn.has(r.speaker));
  if (shippedRows.length > 0) {
    console.log(
      `\nthe calibration in calibration-params.ts (fitted on ${shipped.fitted.dataset}) on the ${new Set(shippedRows.map((r) => r.speaker)).size} speakers it was not fitted on:`,
    );
    console.log(formatBands(bandFigures(shippedRows), goodReadingsByGroup(shippedRows)));
  }
  if (rowsOf) {
    // The same, on the --rows-of recordings (e.g. those it was not fitted on, of speakers it
    // heard): beside the nested figures of the same rows below.
    const some = scoredRows(
      samples.filter((s) => rowsOf.has(s.id)),
      () => shipped,
    );
    console.log(
      `\nthe calibration in calibration-params.ts on the ${some.length} recordings of --rows-of:`,
    );
    console.log(formatBands(bandFigures(some), goodReadingsByGroup(some)));
  }
  const perDraw: GroupFigures[][] = [];
  // `--report 0`: the shipped calibration's figures only.
  for (let seed = 0; seed < draws; seed++) {
    const choices: string[] = [];
    const calibrationOf = crossValidatedModels(
      samples,
      (all) => {
        const training = fitOn ? all.filter((s) => fitOn.has(s.id)) : all;
        const choice = selectFeatures(training, meta);
        choices.push(
          (Object.keys(choice) as (keyof FeatureChoice)[])
            .map((key) => `${key} ${choice[key].join('+')}`)
            .join('; '),
        );
        return fitCalibration(training, { ...fitExtras, choice }, meta);
      },
      FOLDS,
      seed,
    );
    const rows = scoredRows(samples, calibrationOf);
    const figures = bandFigures(rows);
    perDraw.push(figures);
    console.log(`\ndraw ${seed} (folds seed ${seed}); chosen per outer fold:`);
    for (const [k, c] of choices.entries()) console.log(`  ${k + 1}: ${c}`);
    console.log(formatBands(figures, goodReadingsByGroup(rows)));
    if (seed === 0) {
      console.log('\nspread over 1,000 draws of speakers (with replacement, per group):');
      console.log(formatSpread(speakerSpread(rows)));
      if (rowsOf) {
        const some = rows.filter((r) => rowsOf.has(r.id));
        console.log(`\nthe ${some.length} recordings of --rows-of only:`);
        console.log(formatBands(bandFigures(some), goodReadingsByGroup(some)));
      }
      // Per cache file: e.g. the speakers the shipped Debian means were NOT adapted on.
      // Only caches of some of the speakers (a cache of a share of every speaker's recordings
      // would repeat the table above).
      for (const source of sources.length > 1
        ? sources.filter((x) => x.speakers.size < speakers)
        : []) {
        const own = rows.filter((r) => source.speakers.has(r.speaker));
        console.log(`\nspeakers of ${source.name} only (${source.speakers.size}):`);
        console.log(formatBands(bandFigures(own), goodReadingsByGroup(own)));
      }
    }
  }
  if (perDraw.length > 1) {
    console.log(`\nover the ${perDraw.length} draws of the folds (min / mean / max):`);
    for (const [g, first] of (perDraw[0] ?? []).entries()) {
      const of = (pick: (x: GroupFigures) => number): string => {
        const xs = perDraw.map((d) => (d[g] ? pick(d[g]) : Number.NaN));
        const m = xs.reduce((a, b) => a + b, 0) / xs.length;
        return `${f3(Math.min(...xs))} / ${f3(m)} / ${f3(Math.max(...xs))}`;
      };
      console.log(
        `  ${first.group.padEnd(16)} sentence ${of((x) => x.pcc_accuracy)}  total ${of((x) => x.pcc_total)}  word ${of((x) => x.pcc_word_accuracy)}  different (≥ 7) ${perDraw.map((d) => d[g]?.different_text_good ?? 0).join(',')}`,
      );
    }
  }
}

/**
 * The reader's age band as inputs (`--age`): one indicator per children's band (adults are the
 * base) and the reader's history GOP times "is a child" (a children's slope of their own).
 */
const AGE_FEATURES = ['age_6_7', 'age_8_9', 'age_10_12', 'hist_x_child'] as const;

function withAgeInputs(samples: readonly CalibrationSample[]): CalibrationSample[] {
  return samples.map((s) => {
    const band = ageBandOf(s.age);
    const child = band === 'adults' ? 0 : 1;
    const extra = {
      age_6_7: band === '6–7' ? 1 : 0,
      age_8_9: band === '8–9' ? 1 : 0,
      age_10_12: band === '10–12' ? 1 : 0,
      hist_x_child: child * s.sentence.hist_gop,
    };
    return {
      ...s,
      sentence: { ...s.sentence, ...extra },
      ...(s.mismatched
        ? { mismatched: { ...s.mismatched, ...extra, hist_x_child: child * s.mismatched.hist_gop } }
        : {}),
    };
  });
}

/** `--age`: every sentence candidate also with the age bands, and with their slope too. */
function addAgeCandidates(): void {
  for (const key of ['accuracy', 'total', 'fluency'] as const) {
    const base = CANDIDATES[key];
    CANDIDATES[key] = [
      ...base,
      ...base.map((c) => [...c, ...AGE_FEATURES.slice(0, 3)]),
      ...base.map((c) => [...c, ...AGE_FEATURES]),
    ];
  }
}

/** A second model's sentence features (`--asr-features`): its log-probability of the text. */
const ASR_SENTENCE_FEATURES = [
  'asr_lp_tok',
  'asr_entropy',
  'asr_word_mean',
  'asr_below2',
  'asr_s_lp_tok',
  'asr_s_llr_tok',
  'asr_s_margin',
  'asr_wer',
];
/** A second model's word features (`--asr-features`). */
const ASR_WORD_FEATURES = ['asr_w_sum', 'asr_w_min', 'asr_w_first', 'asr_w_margin', 'asr_w_top1'];

interface AsrFeatures {
  sentence: Record<string, number>;
  words: Record<string, number>[];
}

/**
 * The samples with a second model's features (`--asr-features`); samples it has none for, or
 * whose word count differs, are left out (counted on the console).
 */
function withAsrFeatures(
  samples: readonly CalibrationSample[],
  asr: Readonly<Record<string, AsrFeatures>>,
): CalibrationSample[] {
  const out: CalibrationSample[] = [];
  for (const s of samples) {
    const extra = asr[s.id];
    if (!extra || extra.words.length !== s.words.length) continue;
    out.push({
      ...s,
      sentence: { ...s.sentence, ...extra.sentence },
      words: s.words.map((w, i) => ({ ...w, ...extra.words[i] })),
      // Not measured against the other text: the detector, the one output read there, never
      // takes them (NaN, so that an output that did would show it).
      ...(s.mismatched
        ? {
            mismatched: {
              ...s.mismatched,
              ...Object.fromEntries(Object.keys(extra.sentence).map((f) => [f, Number.NaN])),
            },
          }
        : {}),
    });
  }
  console.log(`asr features: ${out.length} of ${samples.length} samples`);
  return out;
}

/** `--asr-features`: every accuracy, total and word candidate also with the second model's. */
function addAsrCandidates(): void {
  for (const key of ['accuracy', 'total'] as const) {
    const base = CANDIDATES[key];
    CANDIDATES[key] = [
      ...base,
      ...base.map((c) => [...c, ...ASR_SENTENCE_FEATURES.slice(0, 4)]),
      ...base.map((c) => [...c, ...ASR_SENTENCE_FEATURES]),
      [...ASR_SENTENCE_FEATURES],
    ];
  }
  const words = CANDIDATES.word;
  CANDIDATES.word = [
    ...words,
    ...words.map((c) => [...c, ...ASR_WORD_FEATURES.slice(0, 3)]),
    ...words.map((c) => [...c, ...ASR_WORD_FEATURES]),
    [...ASR_WORD_FEATURES],
  ];
}

const readCache = async (file: string): Promise<CalibrationSample[]> =>
  JSON.parse(await readFile(file, 'utf8')) as CalibrationSample[];

/**
 * Cached samples completed with the features derived from cached ones (those added after the
 * cache was written: relative word GOPs, prosody) and the speaker's age from the labels.
 */
function completeCached(
  cached: readonly CalibrationSample[],
  ageOf: ReadonlyMap<string, number | undefined>,
): CalibrationSample[] {
  return cached.map((s) => {
    const age = s.age ?? ageOf.get(s.id);
    const words = withRelativeGop(s.words);
    return {
      ...s,
      ...(age !== undefined ? { age } : {}),
      sentence: { ...s.sentence, ...prosodyFeatures(s.sentence, words) },
      words,
      // Another text's reading is read by the detector only, which takes no prosody; a cache
      // written before the prosody features has no words to derive them from.
      ...(s.mismatched ? { mismatched: { ...NO_PROSODY, ...s.mismatched } } : {}),
      ...(s.inserted
        ? {
            inserted: {
              word: withRelativeGop([s.inserted.word])[0] ?? s.inserted.word,
              others: withRelativeGop(s.inserted.others),
            },
          }
        : {}),
    };
  });
}

const NO_PROSODY = { pause_share: 0, pause_per_gap: 0, dur_spread: 0 } as const;

/** One set of the same recordings analysed at one warp (`--alt-warp`). */
interface WarpSamples {
  warp: number;
  samples: CalibrationSample[];
}

/**
 * Label-free quantities a warp per child is chosen by: the warp at which the child's OTHER
 * recordings score highest on it (a VTLN-like choice that needs no human score).
 */
const CHILD_WARP_BY = ['gop_mean', 'ev_mean'] as const;

/**
 * Decision 102, third pass: does another warp, the warp chosen again by nested CV, or a warp
 * per child do better than the shipped warp on speakers the fit never heard? Every variant is
 * scored on the same recordings (those analysed at every warp) and the same speaker-grouped
 * folds (seed 0), with the whole feature choice made again inside every outer fold.
 *
 * - fixed warp w: nested CV on the features at w;
 * - warp by nested CV: inside every outer fold, the warp whose inner-CV sentence accuracy +
 *   word PCC (with its own feature choice) is highest on the training speakers;
 * - warp per child: each recording analysed at the warp where the speaker's other recordings
 *   have the highest mean of a label-free feature ({@link CHILD_WARP_BY}).
 */
function warpReport(sets: readonly WarpSamples[], model: AcousticModelName, name: string): void {
  const idSets = sets.map((set) => new Set(set.samples.map((s) => s.id)));
  const inEvery = (id: string): boolean => idSets.every((ids) => ids.has(id));
  const first = sets[0];
  if (!first) return;
  const order = first.samples.filter((s) => inEvery(s.id)).map((s) => s.id);
  const aligned = sets.map((set) => {
    const byId = new Map(set.samples.map((s) => [s.id, s]));
    return {
      warp: set.warp,
      samples: order.map((id) => byId.get(id)).filter((s): s is CalibrationSample => !!s),
    };
  });
  const base = aligned[0]?.samples ?? [];
  const foldOf = groupFolds(
    base.map((s) => s.speaker),
    FOLDS,
    0,
  );
  console.log(
    `\n${model}: ${base.length} recordings analysed at every warp (${aligned.map((a) => a.warp).join(', ')}) of ${new Set(base.map((s) => s.speaker)).size} speakers; nested speaker-grouped ${FOLDS}-fold CV, folds seed 0`,
  );
  const rowsOfFolds = (
    samplesAt: (fold: number) => CalibrationSample[],
    fitted: (fold: number) => ReturnType<typeof fitCalibration>,
  ): ReturnType<typeof scoredRows> =>
    Array.from({ length: FOLDS }, (_, k) =>
      scoredRows(
        samplesAt(k).filter((_, i) => foldOf[i] === k),
        () => fitted(k),
      ),
    ).flat();
  const show = (label: string, rows: ReturnType<typeof scoredRows>): void => {
    console.log(`\n${label}:`);
    console.log(formatBands(bandFigures(rows), goodReadingsByGroup(rows)));
    console.log(formatSpread(speakerSpread(rows)));
  };
  // Per warp and outer fold: the feature choice on the training speakers, its inner-CV
  // criterion and the fit.
  const perWarp = aligned.map(({ warp, samples }) => {
    const meta = metaOf(samples, model, name, warp);
    const folds = Array.from({ length: FOLDS }, (_, k) => {
      const training = samples.filter((_, i) => foldOf[i] !== k);
      const choice = selectFeatures(training, meta);
      const inner = crossValidate(training, { ...fitExtras, choice }, meta, FOLDS);
      return {
        choice,
        criterion: inner.pcc_accuracy + inner.pcc_word_accuracy,
        fit: fitCalibration(training, { ...fitExtras, choice }, meta),
      };
    });
    console.log(
      `  warp ${warp}: inner criterion per outer fold ${folds.map((f) => f3(f.criterion)).join(' ')}`,
    );
    return { warp, samples, folds };
  });
  for (const w of perWarp) {
    show(
      `fixed warp ${w.warp}`,
      rowsOfFolds(
        () => w.samples,
        (k) => w.folds[k]?.fit ?? fail(),
      ),
    );
  }
  const chosen = Array.from({ length: FOLDS }, (_, k) =>
    perWarp.reduce((best, w) =>
      (w.folds[k]?.criterion ?? -Infinity) > (best.folds[k]?.criterion ?? -Infinity) ? w : best,
    ),
  );
  show(
    `warp chosen again in every outer fold (${chosen.map((w) => w.warp).join(', ')})`,
    rowsOfFolds(
      (k) => chosen[k]?.samples ?? fail(),
      (k) => chosen[k]?.folds[k]?.fit ?? fail(),
    ),
  );
  for (const by of CHILD_WARP_BY) {
    // Each recording at the warp where the same speaker's other recordings score best.
    const picks = base.map((s, i) => {
      let best = perWarp[0];
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const w of perWarp) {
        const others = w.samples.filter((o, j) => j !== i && o.speaker === s.speaker);
        const value = others.reduce((a, o) => a + o.sentence[by], 0) / Math.max(1, others.length);
        if (value > bestValue) {
          bestValue = value;
          best = w;
        }
      }
      return best ?? fail();
    });
    const mixed = picks.map((w, i) => w.samples[i] ?? fail());
    const meta = metaOf(mixed, model, name, first.warp);
    const fits = Array.from({ length: FOLDS }, (_, k) => {
      const training = mixed.filter((_, i) => foldOf[i] !== k);
      return fitCalibration(
        training,
        { ...fitExtras, choice: selectFeatures(training, meta) },
        meta,
      );
    });
    const counts = new Map<number, number>();
    for (const w of picks) counts.set(w.warp, (counts.get(w.warp) ?? 0) + 1);
    show(
      `warp per child by the mean ${by} of their other recordings (recordings per warp: ${[...counts].map(([w, n]) => `${w}: ${n}`).join(', ')})`,
      rowsOfFolds(
        () => mixed,
        (k) => fits[k] ?? fail(),
      ),
    );
  }
}

const fail = (): never => {
  throw new Error('calibrate: warp report out of step');
};

/** The speakers of one cache file (`--caches`), to report them apart. */
interface Source {
  name: string;
  speakers: Set<string>;
}

function metaOf(
  samples: readonly CalibrationSample[],
  model: AcousticModelName,
  datasetName: string,
  warp: number,
): CalibrationMeta {
  return {
    model,
    warp,
    fitted: {
      dataset: datasetName,
      utterances: samples.length,
      speakers: new Set(samples.map((s) => s.speaker)).size,
      speakerIds: [...new Set(samples.map((s) => s.speaker))].sort(),
      words: samples.reduce((a, s) => a + (s.human.words?.length ?? 0), 0),
      date: new Date().toISOString().slice(0, 10),
    },
  };
}

function render(calibrations: Record<AcousticModelName, ModelCalibration>): string {
  const json = JSON.stringify(
    calibrations,
    (_key, value: unknown) =>
      typeof value === 'number'
        ? Number.isFinite(value)
          ? Number(value.toPrecision(6))
          : null
        : value,
    2,
  );
  return `// GENERATED by \`npx tsx packages/speech/src/calibrate.ts\` — do not edit by hand.
//
// Score calibration of the pronunciation scorer, one per acoustic model: linear models
// from the features in features.ts to the human 0–10 scales of speechocean762 (shown ×10),
// and the "missed word" / "different text" detectors. Fitted on ${Object.values(calibrations)
    .map((c) => `${c.fitted.dataset} (${c.model})`)
    .join(', ')}.
// \`report.crossValidated\` holds speaker-grouped ${FOLDS}-fold cross-validated metrics (the
// honest figures); \`report.inSample\` the same metrics on the data the final models were
// fitted to, for comparison only. NaN metrics are written as null.
import type { AcousticModelName } from './acoustic-model';
import type { ModelCalibration } from './calibration';

export const CALIBRATIONS: Readonly<Record<AcousticModelName, ModelCalibration>> = ${json.replace(/null/g, 'Number.NaN')};
`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dev = findDevDataset();
  const dirs = args.datasets.length > 0 ? args.datasets : dev ? [dev] : [];
  if (dirs.length === 0) {
    console.log('calibrate: no dataset (pass --dataset <dir>); nothing to do');
    return;
  }
  const dataset = await loadDatasets(dirs);
  if (args.detector) CANDIDATES.differentText = [args.detector];
  const without = args.without;
  if (without) {
    for (const key of Object.keys(CANDIDATES) as (keyof FeatureChoice)[]) {
      // `feature` leaves out every output's sets reading it; `output:feature` that output's only.
      const out = (f: string): boolean => without.includes(f) || without.includes(`${key}:${f}`);
      const kept = CANDIDATES[key].filter((c) => !c.some(out));
      if (kept.length === 0) throw new Error(`--without leaves no candidate for ${key}`);
      CANDIDATES[key] = kept;
    }
  }
  if (args.falseAlarms !== undefined) fitExtras.falseAlarmRate = args.falseAlarms;
  if (args.age) {
    // The scorer has no age input: a calibration reading the age bands could not be used.
    if (!args.dryRun && args.report === undefined) {
      throw new Error('calibrate: --age is an experiment; use it with --dry-run or --report');
    }
    addAgeCandidates();
  }
  if (args.asrFeatures) {
    if (!args.dryRun && args.report === undefined) {
      throw new Error(
        'calibrate: --asr-features is an experiment; use it with --dry-run or --report',
      );
    }
    addAsrCandidates();
  }
  const asr = args.asrFeatures
    ? (JSON.parse(await readFile(args.asrFeatures, 'utf8')) as Record<string, AsrFeatures>)
    : null;
  const ageOf = new Map(dataset.utterances.map((u) => [u.id, u.age]));
  const calibrations: Record<AcousticModelName, ModelCalibration> = { ...CALIBRATIONS };
  for (const model of args.models) {
    if (model === 'debian') checkDebianMeans(args);
    const cache = cachePath(args, model);
    let samples: CalibrationSample[];
    let sources: Source[] = [];
    const files = args.caches ?? (args.fromCache && existsSync(cache) ? [cache] : []);
    if (files.length > 0) {
      const cached = await Promise.all(files.map(readCache));
      sources = files.map((file, k) => ({
        name: path.basename(file),
        speakers: new Set((cached[k] ?? []).map((s) => s.speaker)),
      }));
      samples = completeCached(cached.flat(), ageOf);
      console.log(`${model}: ${samples.length} samples from ${files.join(', ')}`);
    } else {
      console.log(
        `${model}: analysing ${dataset.utterances.length} recordings ×3 with ${args.jobs} workers…`,
      );
      samples = await extract(dataset, model, args);
      await writeFile(cache, JSON.stringify(samples));
      console.log(`${model}: samples cached in ${cache}`);
      if (args.extractOnly) continue;
    }
    if (asr) samples = withAsrFeatures(samples, asr);
    samples = withSpeakerHistory(samples);
    if (args.age) samples = withAgeInputs(samples);
    if (args.report !== undefined && args.altWarps) {
      const others = await Promise.all(
        args.altWarps.map(async ({ warp, files }) => ({
          warp,
          samples: withSpeakerHistory(
            completeCached((await Promise.all(files.map(readCache))).flat(), ageOf),
          ),
        })),
      );
      warpReport(
        [{ warp: args.warp ?? MODEL_WARP[model], samples }, ...others],
        model,
        dataset.dir,
      );
      continue;
    }
    if (args.report !== undefined) {
      const rowsOf = args.rowsOf
        ? new Set(JSON.parse(await readFile(args.rowsOf, 'utf8')) as string[])
        : undefined;
      report(
        samples,
        model,
        dataset.dir,
        args.report,
        args.warp ?? MODEL_WARP[model],
        sources,
        rowsOf,
        args.fitOn
          ? new Set(JSON.parse(await readFile(args.fitOn, 'utf8')) as string[])
          : undefined,
      );
      continue;
    }
    calibrations[model] = calibrate(
      samples,
      model,
      dataset.dir,
      args.warp ?? MODEL_WARP[model],
      args.nested,
    );
  }
  if (args.dryRun || args.extractOnly || args.report !== undefined) return;
  const target = fileURLToPath(new URL('./calibration-params.ts', import.meta.url));
  await writeFile(target, render(calibrations));
  console.log(`\nwrote ${target}`);
}

await main();
