/**
 * Evaluates the pronunciation scorer on a labelled folder laid out like
 * speechocean762-dev (labels.json + wav/):
 *
 *   npm run eval:speech -- <folder> [<folder> …] [--json] [--limit n] [--jobs n] [--concurrency n]
 *       [--model auto|bundled|debian] [--calibration auto|shipped|cv] [--out file.json]
 *       [--no-history]
 *
 * Prints N, the Pearson correlations of the sentence scores with the human accuracy and
 * total scores and of the word scores with the human word accuracy, latency p50/p95 per
 * recording (from "audio complete" to result) and the real-time factor. With --json the
 * last line is {n, pcc_accuracy, pcc_total, pcc_word_accuracy, latency_p50_ms,
 * latency_p95_ms, rtf, by_age, by_speaker}. The same figures are printed per age group and
 * per speaker (a regression on children shows at once), per age band (6–7, 8–9, 10–12, adults)
 * with the spread of each figure over draws of speakers (cv-report.ts); several folders are
 * scored as one set of all their speakers (speechocean762-dev and -train: 64 speakers; issue
 * 36); --out writes every utterance (id,
 * speaker, age, human scores, ours, verdict) as JSON. A missing folder is reported and skipped
 * (exit code 0).
 */
import { writeFile } from 'node:fs/promises';
import {
  bandFigures,
  formatBands,
  formatSpread,
  goodReadingsByGroup,
  speakerSpread,
} from './cv-report';
import { DatasetUnavailableError, loadDatasets } from './dataset';
import {
  type CalibrationMode,
  type EvaluationReport,
  evaluateDataset,
  type GroupFigures,
} from './eval';

interface CliArgs {
  folders: string[];
  json: boolean;
  limit?: number;
  jobs?: number;
  concurrency?: number;
  model: 'auto' | 'bundled' | 'debian';
  mode: CalibrationMode;
  out?: string;
  history: boolean;
  /** Adapted means (file or per-speaker folder), see EvaluationOptions.means. */
  means?: string;
  competitors: boolean;
}

const USAGE =
  'usage: eval:speech -- <folder> [<folder> …] [--json] [--limit n] [--jobs n] [--concurrency n] ' +
  '[--model auto|bundled|debian] [--calibration auto|shipped|cv] [--out file.json] [--no-history] [--no-competitors] [--means <file or per-speaker folder>]';

function parse(argv: readonly string[]): CliArgs {
  const args: CliArgs = {
    folders: [],
    json: false,
    model: 'auto',
    mode: 'auto',
    history: true,
    competitors: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value\n${USAGE}`);
      return v;
    };
    const count = (): number => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw new Error(`${a} needs a positive integer`);
      return n;
    };
    if (a === '--json') args.json = true;
    else if (a === '--limit') args.limit = count();
    else if (a === '--out') args.out = value();
    else if (a === '--means') args.means = value();
    else if (a === '--no-history') args.history = false;
    else if (a === '--no-competitors') args.competitors = false;
    else if (a === '--jobs') args.jobs = count();
    else if (a === '--concurrency') args.concurrency = count();
    else if (a === '--model') {
      const m = value();
      if (m !== 'auto' && m !== 'bundled' && m !== 'debian') throw new Error(USAGE);
      args.model = m;
    } else if (a === '--calibration') {
      const m = value();
      if (m === 'cv') args.mode = 'cross-validated';
      else if (m === 'auto' || m === 'shipped') args.mode = m;
      else throw new Error(USAGE);
    } else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('--')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else args.folders.push(a);
  }
  return args;
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');

function print(report: EvaluationReport): void {
  const lines = [
    `N                         ${report.n}`,
    `PCC accuracy              ${f3(report.pcc_accuracy)}   (result.accuracy vs human sentence accuracy)`,
    `PCC total                 ${f3(report.pcc_total)}   (result.score vs human sentence total)`,
    `PCC score vs accuracy     ${f3(report.pcc_score_accuracy)}   (result.score vs human sentence accuracy)`,
    `PCC word accuracy         ${f3(report.pcc_word_accuracy)}   (${report.words} words)`,
    `PCC fluency               ${f3(report.pcc_fluency)}`,
    `latency p50 / p95         ${report.latency_p50_ms.toFixed(0)} / ${report.latency_p95_ms.toFixed(0)} ms`,
    `real-time factor          ${report.rtf.toFixed(3)}   (${report.audioSeconds.toFixed(0)} s of audio)`,
    `model                     ${report.model}; ${report.poolSize} worker(s), ${report.concurrency} in flight`,
    `calibration               ${
      report.calibration === 'cross-validated'
        ? `speaker-grouped ${report.folds}-fold cross-validation on this folder (its speakers were used to fit the shipped calibration)`
        : report.inSample
          ? 'shipped, IN-SAMPLE: fitted on these speakers (a regression check, not a figure to report)'
          : 'shipped (not fitted on these speakers)'
    }`,
    `Debian means              ${
      {
        'held-out': "each speaker's adapted without them (a child new to the adaptation)",
        given: 'the file given',
        shipped: "the model's own (not adapted to any speaker; decision 102)",
        none: 'not used (bundled model)',
      }[report.means]
    }`,
    `reader history            ${report.history ? "each speaker's other recordings in this folder (as a child's earlier recordings)" : 'none (every recording a new reader)'}`,
    `other sentences           ${report.competitors ? "each speaker's other sentences compete with the text (as a book's other lines)" : 'none (the text alone)'}${report.competitorFailures > 0 ? `; NOT DECODED for ${report.competitorFailures} recording(s)` : ''}`,
    `verdicts                  ${Object.entries(report.verdicts)
      .filter(([, n]) => n > 0)
      .map(([v, n]) => `${v} ${n}`)
      .join(', ')}`,
  ];
  console.log(lines.join('\n'));
  console.log(
    `\n${groupTable('age group', report.byAge)}\n\n${groupTable('speaker', report.bySpeaker)}`,
  );
  console.log(
    `\nage bands:\n${formatBands(bandFigures(report.utterances), goodReadingsByGroup(report.utterances))}`,
  );
  console.log(
    `\nspread over 1,000 draws of speakers (with replacement, per group):\n${formatSpread(speakerSpread(report.utterances))}`,
  );
}

function groupTable(title: string, groups: readonly GroupFigures[]): string {
  const header = `${title.padEnd(18)} ${'N'.padStart(4)}  PCC acc  PCC tot  PCC word (words)  human  ours  different (acc ≥ 7)`;
  const rows = groups.map(
    (g) =>
      `${g.group.padEnd(18)} ${String(g.n).padStart(4)}  ${f3(g.pcc_accuracy).padStart(7)}  ${f3(g.pcc_total).padStart(7)}  ${f3(g.pcc_word_accuracy).padStart(8)} ${`(${g.words})`.padStart(7)}  ${g.human_mean.toFixed(1).padStart(5)}  ${g.ours_mean.toFixed(1).padStart(4)}  ${String(g.different_text).padStart(9)} (${g.different_text_good})`,
  );
  return [header, ...rows].join('\n');
}

async function main(): Promise<number> {
  let args: CliArgs;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  if (args.folders.length === 0) {
    console.error(USAGE);
    return 2;
  }
  let dataset: Awaited<ReturnType<typeof loadDatasets>>;
  try {
    dataset = await loadDatasets(args.folders);
  } catch (error) {
    if (error instanceof DatasetUnavailableError) {
      console.log(`eval:speech skipped: ${error.message}`);
      if (args.json) console.log(JSON.stringify({ skipped: true, reason: error.message }));
      return 0;
    }
    throw error;
  }
  const report = await evaluateDataset(dataset, {
    ...(args.limit ? { limit: args.limit } : {}),
    ...(args.jobs ? { poolSize: args.jobs } : {}),
    ...(args.concurrency ? { concurrency: args.concurrency } : {}),
    model: args.model,
    mode: args.mode,
    history: args.history,
    competitors: args.competitors,
    ...(args.means ? { means: args.means } : {}),
    onProgress: (done, total) => {
      if (process.stderr.isTTY) process.stderr.write(`\r  scored ${done}/${total}`);
      if (done === total && process.stderr.isTTY) process.stderr.write('\n');
    },
  });
  print(report);
  if (args.out) {
    await writeFile(args.out, `${JSON.stringify(report.utterances, null, 1)}\n`);
    console.log(`\nper-utterance results written to ${args.out}`);
  }
  if (args.json) {
    const { n, pcc_accuracy, pcc_total, pcc_word_accuracy, latency_p50_ms, latency_p95_ms, rtf } =
      report;
    console.log(
      JSON.stringify({
        n,
        pcc_accuracy,
        pcc_total,
        pcc_word_accuracy,
        latency_p50_ms,
        latency_p95_ms,
        rtf,
        by_age: report.byAge,
        by_speaker: report.bySpeaker,
      }),
    );
  }
  return 0;
}

process.exitCode = await main();
