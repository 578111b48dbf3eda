/**
 * CPU time per scored recording, robust to other load on the machine (process CPU time, not
 * wall-clock): `npx tsx packages/speech/src/cpu-time-cli.ts [n] [--dataset <dir>] [--competitors]`.
 * Scores n development utterances spread over the set (default 40) with one scorer in this
 * process and prints the median CPU milliseconds per recording and the CPU real-time factor.
 * `--competitors`: with the speaker's other sentences as competitors, as eval:speech scores.
 */
import { loadAudio } from './audio';
import { findDevDataset, loadDataset } from './dataset';
import { speakerCompetitors, spreadSubset } from './eval';
import { ALIGN_SAMPLE_RATE } from './model';
import { createScorer } from './score';
import { quantile } from './stats';

const argv = process.argv.slice(2);
const at = argv.indexOf('--dataset');
const dir = at >= 0 ? argv[at + 1] : findDevDataset();
const n = Number(argv.find((a, i) => /^\d+$/.test(a) && argv[i - 1] !== '--dataset') ?? 40);
if (!dir) {
  console.log('cpu-time: no dataset (pass --dataset <dir>)');
} else {
  const dataset = await loadDataset(dir);
  const utterances = spreadSubset(dataset.utterances, n);
  const competitorsOf = argv.includes('--competitors') ? speakerCompetitors(dataset) : () => [];
  const scorer = await createScorer();
  const cpu: number[] = [];
  let audioSeconds = 0;
  for (const u of utterances) {
    const audio = await loadAudio(u.wav);
    audioSeconds += audio.length / ALIGN_SAMPLE_RATE;
    const before = process.cpuUsage();
    scorer.score(audio, u.text, { competitors: competitorsOf(u) });
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  scorer.close();
  const total = cpu.reduce((a, b) => a + b, 0);
  console.log(
    `${scorer.model}${argv.includes('--competitors') ? ' with competitors' : ''}: ${cpu.length} recordings, CPU median ${quantile(cpu, 0.5).toFixed(0)} ms, ` +
      `CPU real-time factor ${(total / 1000 / audioSeconds).toFixed(3)}`,
  );
}
