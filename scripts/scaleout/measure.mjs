// Figures of `npm run scaleout` (not checks): a read journey's throughput and speech scoring
// capacity through the balancer with one API process in rotation and with two.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { median } from '../lib/stats.mjs';
import { call, fresh, guest, ok } from './client.mjs';

/** CPU seconds (user + system, all threads) a process has used so far; Linux /proc. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return 0;
  }
}
const apiCpu = (pids) => pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const quantile = (xs, q) => sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

function load(url, headers, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * GET /api/v1.1/books/1101 as a guest, `connections` at once for `duration` s, alternating one
 * process in rotation (the other disabled in HAProxy, still running) and two, `rounds` times.
 */
export async function readThroughput(
  { base, haproxy, names, pids, log },
  { connections, duration, rounds },
) {
  const token = await guest(base);
  const url = `${base}/api/v1.1/books/1101`;
  const headers = { access_token: token };
  ok(await call(base, 'GET', '/api/v1.1/books/1101', { token }), 'book');
  const runs = { one: [], two: [] };
  const setRotation = async (count) => {
    for (const [i, name] of names.entries()) await haproxy.setEnabled(name, i < count);
  };
  for (let round = 0; round < rounds; round++) {
    for (const [label, count] of [
      ['one', 1],
      ['two', names.length],
    ]) {
      await setRotation(count);
      await load(url, headers, connections, 2); // warm-up: caches and JIT of the process(es)
      const before = await haproxy.stats();
      const cpuBefore = apiCpu(pids);
      const r = await load(url, headers, connections, duration);
      const cpu = apiCpu(pids) - cpuBefore;
      const after = await haproxy.stats();
      const spread = after
        .map((s) => `${s.name} ${s.served - (before.find((b) => b.name === s.name)?.served ?? 0)}`)
        .join(', ');
      const row = {
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        cpuMs: (cpu * 1000) / Math.max(1, r.requests.total),
      };
      runs[label].push(row);
      log(
        `    round ${round + 1}, ${label === 'one' ? '1 process ' : '2 processes'}: ${row.rps.toFixed(0).padStart(5)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${row.errors}  API CPU ${row.cpuMs.toFixed(2)} ms/request  (served: ${spread})`,
      );
    }
  }
  await setRotation(names.length);
  const summary = (rows) => ({
    rps: median(rows.map((r) => r.rps)),
    p50: median(rows.map((r) => r.p50)),
    p99: median(rows.map((r) => r.p99)),
    errors: rows.reduce((n, r) => n + r.errors, 0),
    cpuMs: median(rows.map((r) => r.cpuMs)),
  });
  return { one: summary(runs.one), two: summary(runs.two) };
}

/** The recordings the speech bench falls back to (Festival, 16 kHz) with their texts. */
function clips(repoRoot) {
  const dir = path.join(repoRoot, 'packages/speech/test-fixtures');
  return [
    ['kite.wav', 'Lele, look! I see a red kite in the sky.'],
    ['ducks.wav', 'Three little ducks swim to the pond.'],
    ['boat.wav', 'Duoduo has a little green boat.'],
  ].map(([file, text]) => {
    const wav = fs.readFileSync(path.join(dir, file));
    return { wav, text, seconds: (wav.length - 44) / 32_000 };
  });
}

/**
 * One whole recording scored: POST /api/v1/speech (seq 0, is_ended 1). A busy judge answers
 * 10429 with retry_after (its queue is full or a job timed out); this client waits that long
 * and sends again, and the round trip includes the wait. Answers { instance, busy }.
 */
async function scoreOnce(base, token, clip, pin) {
  for (let busy = 0; ; busy++) {
    const res = await call(base, 'POST', '/api/v1/speech', {
      pin,
      token,
      form: {
        fields: { session_id: fresh.id('s'), seq: 0, is_ended: 1, ref_text: clip.text },
        file: clip.wav,
        fileField: 'audio_bin',
      },
    });
    if (res.body?.code === 10429 && busy < 20) {
      await new Promise((r) => setTimeout(r, (res.body.data?.retry_after ?? 1) * 1000));
      continue;
    }
    const data = ok(res, 'speech', pin);
    if (!data.result) throw new Error(`no score: ${JSON.stringify(data)}`);
    return { instance: res.instance, busy };
  }
}

/**
 * Speech scoring through the balancer: `sessions` children (guests) each send a recording as
 * soon as the last one is scored, `perSession` times; round trip = upload → score answered.
 * With one process in rotation, then two (each process scores in its own worker pool).
 */
export async function scoringCapacity(
  { base, haproxy, names, pids, log, repoRoot },
  { sessions, perSession, rounds },
) {
  const all = clips(repoRoot);
  const tokens = await Promise.all(Array.from({ length: sessions }, () => guest(base)));
  // Warm-up: every process loads its model into each of its workers.
  for (const name of names) {
    await Promise.all(
      tokens.slice(0, 4).map((t, i) => scoreOnce(base, t, all[i % all.length], name)),
    );
  }
  const runs = { one: [], two: [] };
  let k = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [label, count] of [
      ['one', 1],
      ['two', names.length],
    ]) {
      for (const [i, name] of names.entries()) await haproxy.setEnabled(name, i < count);
      const latencies = [];
      const served = {};
      let busyAnswers = 0;
      let audio = 0;
      const started = performance.now();
      const cpuBefore = apiCpu(pids);
      await Promise.all(
        tokens.map(async (token) => {
          for (let r = 0; r < perSession; r++) {
            const clip = all[k++ % all.length];
            const t = performance.now();
            const { instance, busy } = await scoreOnce(base, token, clip);
            latencies.push(performance.now() - t);
            busyAnswers += busy;
            audio += clip.seconds;
            served[instance] = (served[instance] ?? 0) + 1;
          }
        }),
      );
      const wall = (performance.now() - started) / 1000;
      const cpu = apiCpu(pids) - cpuBefore;
      const s = {
        cpuPerRecording: cpu / latencies.length,
        p50: quantile(latencies, 0.5),
        p95: quantile(latencies, 0.95),
        perMinute: (latencies.length / wall) * 60,
        audioPerSecond: audio / wall,
        n: latencies.length,
        busy: busyAnswers,
      };
      runs[label].push(s);
      log(
        `    round ${round + 1}, ${label === 'one' ? '1 process ' : '2 processes'}: ${s.n} recordings, p50 ${s.p50.toFixed(0)} ms  p95 ${s.p95.toFixed(0)} ms  ${s.perMinute.toFixed(0)} scored/min  API CPU ${s.cpuPerRecording.toFixed(2)} s/recording  ${s.busy} busy answers (${s.audioPerSecond.toFixed(1)} s of audio per s; served: ${Object.entries(
          served,
        )
          .map(([n, c]) => `${n} ${c}`)
          .join(', ')})`,
      );
    }
  }
  for (const name of names) await haproxy.setEnabled(name, true);
  const summary = (rows) => ({
    p50: median(rows.map((r) => r.p50)),
    p95: median(rows.map((r) => r.p95)),
    perMinute: median(rows.map((r) => r.perMinute)),
    cpuPerRecording: median(rows.map((r) => r.cpuPerRecording)),
  });
  return { one: summary(runs.one), two: summary(runs.two) };
}
