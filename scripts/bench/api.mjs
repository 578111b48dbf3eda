// `npm run bench -- --only api`: the API under load beside a raw node:http server sending the same
// bytes, in alternating rounds (project, raw, project, raw, …) so a busy machine slows both alike
// (issue 41). autocannon, 50 connections. autocannon sends no Accept-Encoding, so neither side
// compresses: like with like (a browser's request makes the project brotli-compress each answer
// over 1 KB, decision 072; the raw server would not). Each row also gives the server's own CPU
// time per request (from /proc), which a busy machine disturbs less than req/s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { median } from '../lib/stats.mjs';

/**
 * The calls a family makes at every start of the app (configs, user info, settings, a level's
 * books, the library's shelf of books being read, its activity badges and growth hints, a
 * book), at every page (the progress write) and every 30 s on a learning screen (the study time),
 * with what each must reach (issues 20 and 41): req/s, p99 and share of the raw server. On
 * PGlite (one connection in process) the calls must hold 50 connections without a time-out or an
 * error; on PostgreSQL they must reach a quarter of the raw server.
 */
export const API_TARGETS = {
  configs: { url: '/api/v1/configs' },
  user: { url: '/api/v1/user?type=20' },
  settings: { url: '/api/v1/user/storages?group=setting' },
  level: { url: '/api/v1.2/learning/level/1' },
  shelf: { url: '/api/v1/bookshelf/reading?page=1' },
  activity: { url: '/api/v1/activity_data' },
  hints: { url: '/api/v1/user/missions/hints' },
  book: { url: '/api/v1.1/books/1101' },
  process: {
    url: '/api/v1/user/process/1101',
    method: 'POST',
    body: JSON.stringify({ process: '002', type: 'read' }),
  },
  studytime: {
    url: '/api/v1/user/study_time',
    method: 'POST',
    body: JSON.stringify({ book_id: 1101, kind: 'read', seconds: 30 }),
  },
};
export const API_BUDGETS = {
  configs: { pglite: {}, postgres: { ratio: 0.25 } },
  user: { pglite: { rps: 1000 }, postgres: { ratio: 0.25 } },
  settings: { pglite: { rps: 1000 }, postgres: { ratio: 0.25 } },
  level: { pglite: {}, postgres: { ratio: 0.25 } },
  shelf: { pglite: {}, postgres: { ratio: 0.25 } },
  activity: { pglite: {}, postgres: { ratio: 0.25 } },
  hints: { pglite: {}, postgres: { ratio: 0.25 } },
  book: { pglite: { rps: 1000 }, postgres: { rps: 2000, p99: 50, ratio: 0.25 } },
  process: { pglite: { p99: 1000 }, postgres: { ratio: 0.25 } },
  studytime: { pglite: { p99: 1000 }, postgres: { ratio: 0.25 } },
};
const CONNECTIONS = 50;

const BASELINE_SOURCE = `
import fs from 'node:fs';
import http from 'node:http';
const bodies = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const answers = new Map(Object.entries(bodies).map(([name, body]) => ['/' + name, Buffer.from(body)]));
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = answers.get(req.url);
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
});
server.listen(Number(process.argv[3]), '127.0.0.1', () => process.send?.('ready'));
`;

/** A raw node:http server answering /<name> with the recorded bytes, in its own process. */
async function startBaseline(bodies, port, cwd) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-baseline-'));
  const file = path.join(dir, 'bodies.json');
  fs.writeFileSync(file, JSON.stringify(bodies));
  const script = path.join(cwd, 'apps/server', `.bench-baseline-${process.pid}.mjs`);
  fs.writeFileSync(script, BASELINE_SOURCE);
  const child = spawn(process.execPath, [script, file, String(port)], {
    cwd: path.join(cwd, 'apps/server'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`baseline exited ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop() {
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(script, { force: true });
    },
  };
}

/**
 * autocannon on one call. With `tokens`, each request carries the next family's token: a family
 * per connection, as in life (50 requests at once of one family would all queue on its one row).
 */
function load(url, tokens, duration, { method = 'GET', body } = {}) {
  let next = 0;
  const headers = body ? { 'content-type': 'application/json' } : {};
  const setupRequest = (request) =>
    tokens.length === 0
      ? request
      : {
          ...request,
          headers: { ...request.headers, access_token: tokens[next++ % tokens.length] },
        };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        requests: [{ method, body, headers, setupRequest }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** One guest family's token. */
async function guestToken(base, i) {
  const guest = await fetch(`${base}/api/v1/guest_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ device_id: `bench-${Date.now()}-${i}` }),
  }).then((r) => r.json());
  const token = guest.data?.access_token;
  if (!token) throw new Error(`guest login failed: ${JSON.stringify(guest)}`);
  return token;
}

/** CPU time (user + system) a process has used, in ms; null where /proc is not there. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** One measured load, with the CPU the answering process spent per request. */
async function measure(url, tokens, duration, target, pid) {
  const cpu0 = cpuMs(pid);
  const r = await load(url, tokens, duration, target);
  const cpu1 = cpuMs(pid);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuMs: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / Math.max(1, r.requests.total),
  };
}

/** The median of each figure over the rounds (errors summed). */
function combine(rounds) {
  const pick = (key) => median(rounds.map((r) => r[key]));
  return {
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    cpuMs: rounds.some((r) => r.cpuMs === null) ? null : pick('cpuMs'),
  };
}

const loadAverage = () => os.loadavg()[0];

/**
 * Loads each endpoint of the project at `base` and the same bytes from the raw server, in
 * `rounds` alternating rounds, and returns rows { name, project, baseline, ratio, load,
 * checks: [{label, ok}] } (medians over the rounds; the ratio is the median of each round's).
 * `serverPid` is the project's process, for its CPU per request; `only` limits the rows.
 */
export async function benchApi({
  base,
  kind,
  repoRoot,
  baselinePort,
  duration = 10,
  rounds = 3,
  serverPid,
  only,
  log,
}) {
  const tokens = [];
  for (let i = 0; i < CONNECTIONS; i++) tokens.push(await guestToken(base, i));
  const headers = { access_token: tokens[0] };
  const bodies = {};
  const targets = Object.entries(API_TARGETS).filter(([name]) => !only || only.includes(name));
  for (const [name, { url, method = 'GET', body }] of targets) {
    const res = await fetch(`${base}${url}`, {
      method,
      body,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    });
    bodies[name] = await res.text();
    if (!res.ok || JSON.parse(bodies[name]).code !== 0)
      throw new Error(`${url} answered ${res.status}: ${bodies[name].slice(0, 200)}`);
  }
  log?.(
    `  (${CONNECTIONS} guest families, one per connection; no Accept-Encoding: neither side compresses; ${rounds} alternating rounds of ${duration} s, medians)`,
  );
  const baseline = await startBaseline(bodies, baselinePort, repoRoot);
  const rows = [];
  try {
    for (const [name, target] of targets) {
      const { url } = target;
      const loadBefore = loadAverage();
      // A short warm-up fills the caches and JITs both sides.
      await load(`${base}${url}`, tokens, 2, target);
      await load(`${baseline.base}/${name}`, [], 2, target);
      const ours = [];
      const raws = [];
      for (let round = 0; round < rounds; round++) {
        ours.push(await measure(`${base}${url}`, tokens, duration, target, serverPid));
        raws.push(await measure(`${baseline.base}/${name}`, [], duration, target, baseline.pid));
      }
      const project = combine(ours);
      const ref = combine(raws);
      const ratio = median(ours.map((r, i) => r.rps / (raws[i]?.rps ?? Number.NaN)));
      const budget = API_BUDGETS[name][kind] ?? {};
      const checks = [{ label: 'no errors', ok: project.errors === 0 }];
      if (budget.rps)
        checks.push({ label: `≥ ${budget.rps} req/s`, ok: project.rps >= budget.rps });
      if (budget.p99)
        checks.push({ label: `p99 ≤ ${budget.p99} ms`, ok: project.p99 <= budget.p99 });
      if (budget.ratio)
        checks.push({ label: `≥ ${budget.ratio * 100} % of raw`, ok: ratio >= budget.ratio });
      const loadAvg = [loadBefore, loadAverage()];
      const row = {
        name,
        url,
        bytes: bodies[name].length,
        project,
        baseline: ref,
        ratio,
        loadAvg,
        checks,
      };
      rows.push(row);
      log?.(formatRow(row));
    }
  } finally {
    baseline.stop();
  }
  return rows;
}

export function formatRow({ name, bytes, project, baseline, ratio, loadAvg, checks }) {
  const fig = (s) =>
    `${s.rps.toFixed(0).padStart(6)} req/s  p50 ${String(s.p50).padStart(4)} ms  p99 ${String(s.p99).padStart(5)} ms${s.cpuMs === null ? '' : `  CPU ${s.cpuMs.toFixed(3)} ms/req`}`;
  const verdicts = checks.map((c) => `${c.ok ? 'PASS' : 'MISS'} ${c.label}`).join(' · ');
  return [
    `  ${name.padEnd(8)} (${(bytes / 1024).toFixed(1)} KB)  project ${fig(project)}${project.errors ? `  ${project.errors} errors` : ''}`,
    `  ${''.padEnd(8)}            raw      ${fig(baseline)}  → ${(ratio * 100).toFixed(1)} % of raw`,
    `  ${''.padEnd(8)}            ${verdicts}  (load average ${loadAvg[0].toFixed(1)} → ${loadAvg[1].toFixed(1)})`,
  ].join('\n');
}
