/**
 * The wrong-sentence test (see wrong-sentences.ts):
 *
 *   npm run eval:speech:wrong -- [--media content/media] [--dataset <dir>] [--per-book n]
 *       [--every n] [--from i] [--jobs n] [--means <file or per-speaker folder>] [--json]
 *       [--no-competitors] [--out rows.json]
 *
 * Prints, for the books' narration and for children's recordings, the share of wrong
 * sentences scoring ≤ 30, detected as "different sentence", the share of their words marked
 * good, and for the same recordings read against their own sentence the false "different
 * sentence" rate (children: only readings humans gave accuracy ≥ 7).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withMeansPools } from './adapted-means';
import { findDevDataset, loadDataset } from './dataset';
import {
  bookPairs,
  childPairs,
  scorePairs,
  type WrongSentencePair,
  type WrongSentenceRow,
  wrongSentenceFigures,
} from './wrong-sentences';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const media = option('--media') ?? path.join(repoRoot, 'content/media');
const perBook = Number(option('--per-book') ?? 3);
const every = Number(option('--every') ?? 1);
const from = Number(option('--from') ?? 0);
const jobs = Number(option('--jobs') ?? 2);
const datasetDir = option('--dataset') ?? findDevDataset();

const pairs: WrongSentencePair[] = await bookPairs(media, perBook);
if (datasetDir) pairs.push(...childPairs(await loadDataset(datasetDir), every, from));
const means = option('--means');
// One pool per means file (see adapted-means.ts); the rows keep the pairs' order.
const rows: WrongSentenceRow[] = new Array(pairs.length);
let scoredSoFar = 0;
await withMeansPools(
  pairs,
  means,
  { size: jobs, maxQueue: pairs.length * 2 + 2, timeoutMs: 120_000 },
  async (pool, group) => {
    const mine = await scorePairs(
      pool,
      group.map(([, pair]) => pair),
      () => {
        if (process.stderr.isTTY)
          process.stderr.write(`\r  scored ${++scoredSoFar}/${pairs.length}`);
      },
      !argv.includes('--no-competitors'),
    );
    mine.forEach((row, k) => {
      rows[group[k]?.[0] ?? 0] = row;
    });
  },
);
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const result: Record<string, ReturnType<typeof wrongSentenceFigures>> = {};
for (const source of ['book', 'child'] as const) {
  const mine = rows.filter((r) => r.pair.source === source);
  if (mine.length === 0) continue;
  const figures = wrongSentenceFigures(mine);
  const good = mine.filter((r) => (r.pair.human ?? 10) >= 7);
  const ownGood = wrongSentenceFigures(good).own_flagged;
  result[source] = figures;
  console.log(
    [
      `\n${source === 'book' ? "books' narration" : "children's recordings"}: ${figures.pairs} pairs`,
      `  wrong sentence ≤ 30          ${pct(figures.wrong_at_most_30)}   (mean score ${figures.wrong_mean_score.toFixed(1)})`,
      `  wrong sentence detected      ${pct(figures.wrong_detected)}`,
      `  its words marked good        ${pct(figures.wrong_words_good)}`,
      `  own sentence flagged         ${pct(ownGood)} of ${good.length} good readings   (mean score ${figures.own_mean_score.toFixed(1)})`,
    ].join('\n'),
  );
  for (const r of mine.filter((r) => r.wrong.score > 30 || r.own.verdict === 'different_text')) {
    console.log(
      `    ${r.pair.id}: "${r.pair.said}" as "${r.pair.target}" → ${r.wrong.score} (${r.wrong.verdict}); own ${r.own.score} (${r.own.verdict})`,
    );
  }
}
if (argv.includes('--json')) console.log(JSON.stringify(result));
const out = option('--out');
if (out) await writeFile(out, `${JSON.stringify(rows, null, 1)}\n`);
