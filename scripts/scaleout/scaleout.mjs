#!/usr/bin/env node
// `npm run scaleout`: two API processes behind HAProxy on PostgreSQL + Redis + an S3-compatible
// server (s3rver), all on this machine, and the API journeys through the balancer: login on one
// process and use on the other, SMS limits shared, a recording stored by one and served by the
// other, one process SIGKILLed while acknowledged writes stream (nothing lost, nothing doubled).
// Then (unless --quick) a read journey's throughput and speech scoring capacity with one process
// in rotation and with two. Exits non-zero when a check fails (figures are printed, not judged).
//
//   npm run scaleout [-- --quick] [--duration 10] [--rounds 3] [--connections 50]
//       [--sessions 4] [--per-session 6] [--score-rounds 3] [--writes 200]
//
// Needs: PostgreSQL at SCALEOUT_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres; a
// throwaway database is created and dropped), Redis at SCALEOUT_REDIS_URL (default
// redis://127.0.0.1:6379; db index SCALEOUT_REDIS_DB, default 13, is emptied before and after),
// and Debian's haproxy. Ports SCALEOUT_PORT (default 8210: balancer) … +3 (APIs, s3rver).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../lib/web-source.mjs';
import { Failed } from './client.mjs';
import { killMidRun, loginAcross, recordingAcross, roundRobin, smsDeviceCap } from './journeys.mjs';
import { readThroughput, scoringCapacity } from './measure.mjs';
import {
  apiProcess,
  claimRedisDb,
  createDatabase,
  findHaproxy,
  sharedEnv,
  startHaproxy,
  startS3rver,
} from './stack.mjs';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    sessions: { type: 'string', default: '4' },
    'per-session': { type: 'string', default: '6' },
    'score-rounds': { type: 'string', default: '3' },
    writes: { type: 'string' },
  },
});
const env = process.env;
const basePort = Number(env.SCALEOUT_PORT ?? 8210);
const names = ['api-a', 'api-b'];
const [a, b] = names;
const log = (line = '') => console.log(line);

const haproxyBinary = findHaproxy();
if (!haproxyBinary) {
  console.error(
    'HAProxy is missing: the scale-out check needs a real load balancer. Install it with\n' +
      '  apt-get install -y haproxy\n(.ci/run does this on CI.)',
  );
  process.exit(2);
}

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-scaleout-logs-'));
const cleanups = [];
let failed = 0;
let interrupted = false;

async function cleanup() {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : error}`);
    }
  }
  cleanups.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    cleanup().finally(() => process.exit(130));
  });
}

async function check(label, fn) {
  const started = performance.now();
  try {
    const detail = await fn();
    log(`  PASS ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    if (detail) log(`      ${detail}`);
  } catch (error) {
    failed++;
    log(`  FAIL ${label}: ${error instanceof Failed ? error.message : (error?.stack ?? error)}`);
  }
}

try {
  log(`scale-out check${values.quick ? ' (quick: journeys only)' : ''} — logs in ${logDir}`);
  const adminUrl = env.SCALEOUT_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const db = await createDatabase({ repoRoot, adminUrl }).catch((error) => {
    throw new Error(
      `PostgreSQL at ${adminUrl} is needed (set SCALEOUT_PG_URL to another server): ${error.message}`,
    );
  });
  cleanups.push(() => db.drop());
  const redisBase = env.SCALEOUT_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = await claimRedisDb({
    repoRoot,
    baseUrl: redisBase,
    db: Number(env.SCALEOUT_REDIS_DB ?? 13),
  }).catch((error) => {
    throw new Error(
      `Redis at ${redisBase} is needed (set SCALEOUT_REDIS_URL to another server): ${error.message}`,
    );
  });
  cleanups.push(() => redis.release());
  const s3 = await startS3rver({
    repoRoot,
    port: basePort + 3,
    bucket: 'picbook-scaleout',
    logDir,
  });
  cleanups.push(() => s3.stop());
  log(`  PostgreSQL database ${db.name}; Redis ${redis.url}; s3rver ${s3.endpoint}/${s3.bucket}`);

  const shared = sharedEnv({ databaseUrl: db.url, redisUrl: redis.url, s3 });
  const apis = names.map((name, i) =>
    apiProcess({ repoRoot, name, port: basePort + 1 + i, env: shared, logDir }),
  );
  for (const api of apis) {
    cleanups.push(async () => {
      await api.stop();
      api.cleanup();
    });
  }
  let t = performance.now();
  await Promise.all(apis.map((api) => api.start()));
  log(
    `  ${apis.map((api) => `${api.name} pid ${api.pid} on :${api.port}`).join(', ')} — up in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const haproxy = await startHaproxy({
    binary: haproxyBinary,
    port: basePort,
    servers: apis.map((api) => ({ name: api.name, port: api.port })),
    logDir,
  });
  cleanups.push(() => haproxy.stop());
  await haproxy.waitFor(names, 'UP');
  const base = haproxy.base;
  log(`  HAProxy (${haproxyBinary}) on ${base}, round-robin, health checks on /healthz\n`);

  log('journeys through the balancer:');
  await check('round-robin reaches both processes', () => roundRobin({ base, names }));
  await check('login on one process, token used on the other; SMS resend limit shared', () =>
    loginAcross({ base, a, b }),
  );
  await check('SMS per-device limit counted across both processes', () =>
    smsDeviceCap({ base, names }),
  );
  await check('a recording stored by one process is served by the other', () =>
    recordingAcross({ base, a, b, repoRoot, s3 }),
  );
  const victim = apis[1];
  await check(`${victim.name} SIGKILLed mid-run: every acknowledged write kept, none doubled`, () =>
    killMidRun({
      base,
      a,
      victim: victim.name,
      db,
      total: Number(values.writes ?? (values.quick ? 60 : 200)),
      workers: 4,
      onKill: () => victim.kill(),
    }),
  );
  await check(`${victim.name} restarted rejoins the rotation`, async () => {
    await haproxy.waitFor([victim.name], 'DOWN');
    t = performance.now();
    await victim.start();
    await haproxy.waitFor([victim.name], 'UP');
    const detail = await roundRobin({ base, names });
    return `back after ${((performance.now() - t) / 1000).toFixed(1)} s; ${detail}`;
  });

  if (!values.quick && failed === 0) {
    const loadavg = () =>
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${os.availableParallelism()} cores`;
    const pids = () => apis.map((api) => api.pid).filter(Boolean);
    const measuring = { base, haproxy, names, pids, log, repoRoot };
    const connections = Number(values.connections);
    const duration = Number(values.duration);
    log(
      `\nread journey GET /api/v1.1/books/1101 (guest), ${connections} connections, ${duration} s per run, through HAProxy (${loadavg()}):`,
    );
    const rt = await readThroughput(measuring, {
      connections,
      duration,
      rounds: Number(values.rounds),
    });
    const fig = (s) =>
      `${s.rps.toFixed(0).padStart(5)} req/s  p50 ${String(s.p50).padStart(4)} ms  p99 ${String(s.p99).padStart(5)} ms  API CPU ${s.cpuMs.toFixed(2)} ms/request  (errors ${s.errors})`;
    log(`  median, 1 process:   ${fig(rt.one)}`);
    log(`  median, 2 processes: ${fig(rt.two)}`);
    log(`  2 / 1 = ${(rt.two.rps / rt.one.rps).toFixed(2)}× the requests per second`);
    if (rt.one.errors + rt.two.errors > 0) {
      failed++;
      log('  FAIL the read journey had errors under load');
    }

    const sessions = Number(values.sessions);
    const perSession = Number(values['per-session']);
    log(
      `\nspeech scoring through HAProxy: ${sessions} concurrent sessions × ${perSession} whole recordings (2.0–2.8 s) each, POST /api/v1/speech (${loadavg()}):`,
    );
    const sc = await scoringCapacity(measuring, {
      sessions,
      perSession,
      rounds: Number(values['score-rounds']),
    });
    const sfig = (s) =>
      `p50 ${s.p50.toFixed(0).padStart(5)} ms  p95 ${s.p95.toFixed(0).padStart(5)} ms  ${s.perMinute.toFixed(0).padStart(4)} scored/min  API CPU ${s.cpuPerRecording.toFixed(2)} s/recording`;
    log(`  median, 1 process:   ${sfig(sc.one)}`);
    log(`  median, 2 processes: ${sfig(sc.two)}`);
    log(
      `  2 / 1 = ${(sc.two.perMinute / sc.one.perMinute).toFixed(2)}× the recordings scored per minute (budget: p50 ≤ 1000 ms at 4 sessions)`,
    );
    log(
      `  each process scores in its own worker pool; ${loadavg()} at the end; the same CPU per recording with one and two processes means capacity follows the cores the processes get`,
    );
  }
} catch (error) {
  failed++;
  console.error(`\nThe scale-out check could not run: ${error?.message ?? error}`);
  if (env.SCALEOUT_VERBOSE) console.error(error?.stack);
} finally {
  if (!interrupted) await cleanup();
}
if (failed > 0) {
  console.error(`\n${failed} check(s) failed; the processes' logs are in ${logDir}`);
  process.exit(1);
}
fs.rmSync(logDir, { recursive: true, force: true });
log('\nscale-out check passed');
