/**
 * Latency benchmark of the scoring pool on 3–5 s recordings:
 *
 *   npx tsx packages/speech/src/bench-cli.ts [<folder>] [--jobs n] [--sessions n] [--rounds n]
 *       [--model auto|bundled|debian]
 *
 * Recordings: the 3–5 s utterances of a speechocean762-style folder (default: the
 * development set when present), else the Festival fixtures. Each of `sessions`
 * simulated users submits a recording as soon as its previous result arrives ("audio
 * complete" → result is the latency), `rounds` times. Prints p50/p95/max latency, errors,
 * the real-time factor and the machine's core count.
 */
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadAudio } from './audio';
import { findDevDataset, loadDataset } from './dataset';
import { ALIGN_SAMPLE_RATE } from './model';
import { createScoringPool, defaultPoolSize } from './pool';
import { quantile } from './stats';

interface Clip {
  audio: Float32Array;
  text: string;
}

async function clips(folder: string | undefined): Promise<Clip[]> {
  const dir = folder ?? findDevDataset();
  if (dir) {
    const dataset = await loadDataset(dir);
    const out: Clip[] = [];
    for (const u of dataset.utterances) {
      const audio = await loadAudio(u.wav);
      const seconds = audio.length / ALIGN_SAMPLE_RATE;
      if (seconds >= 3 && seconds <= 5) out.push({ audio, text: u.text });
    }
    if (out.length > 0) return out;
  }
  const fixtures = fileURLToPath(new URL('../test-fixtures/', import.meta.url));
  return [
    {
      audio: await loadAudio(`${fixtures}kite.wav`),
      text: 'Lele, look! I see a red kite in the sky.',
    },
    {
      audio: await loadAudio(`${fixtures}ducks.wav`),
      text: 'Three little ducks swim to the pond.',
    },
  ];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let folder: string | undefined;
  let jobs = defaultPoolSize();
  let sessions = 1;
  let rounds = 20;
  let model: 'auto' | 'bundled' | 'debian' = 'auto';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--jobs') jobs = Number(argv[++i]);
    else if (a === '--sessions') sessions = Number(argv[++i]);
    else if (a === '--rounds') rounds = Number(argv[++i]);
    else if (a === '--model') model = argv[++i] as typeof model;
    else folder = a;
  }
  const pool = createScoringPool({ size: jobs, model, maxQueue: 64 });
  const loadStarted = performance.now();
  const loaded = await pool.ready();
  const loadMs = performance.now() - loadStarted;
  const all = await clips(folder);
  // Warm-up: one job per worker (a failure here, e.g. a timeout on a busy machine, is not
  // measured; the measured rounds count their own errors).
  await Promise.all(
    Array.from({ length: jobs }, (_, i) => {
      const c = all[i % all.length];
      return c ? pool.score(c.audio.slice(), c.text).catch(() => undefined) : undefined;
    }),
  );
  const latencies: number[] = [];
  let audioSeconds = 0;
  let errors = 0;
  let k = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: sessions }, async () => {
      for (let r = 0; r < rounds; r++) {
        const clip = all[k++ % all.length];
        if (!clip) continue;
        const t = performance.now();
        try {
          await pool.score(clip.audio.slice(), clip.text);
          latencies.push(performance.now() - t);
          audioSeconds += clip.audio.length / ALIGN_SAMPLE_RATE;
        } catch (error) {
          errors++;
          console.error(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  await pool.close();
  console.log(
    [
      `machine           ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'})`,
      `model             ${loaded}, ${jobs} worker(s), loaded in ${loadMs.toFixed(0)} ms`,
      `load              ${sessions} concurrent session(s) × ${rounds} recordings of 3–5 s (${all.length} distinct)`,
      `latency p50/p95   ${quantile(latencies, 0.5).toFixed(0)} / ${quantile(latencies, 0.95).toFixed(0)} ms (max ${Math.max(...latencies).toFixed(0)} ms)`,
      `errors            ${errors}`,
      `throughput        ${(audioSeconds / wall).toFixed(1)} s of audio per second (RTF of the pool ${(wall / audioSeconds).toFixed(3)})`,
    ].join('\n'),
  );
}

await main();
