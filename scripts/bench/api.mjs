// `npm run bench -- --only api`: the API under load beside a minimal Fastify serving the same
// bytes in the same run (so a busy machine slows both). autocannon, 50 connections. autocannon
// sends no Accept-Encoding, so neither side compresses: like with like (a browser's request makes
// the project brotli-compress each answer over 1 KB, decision 072; the baseline would not).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * The calls a family makes at every start of the app (configs, user info, settings, a level's
 * books, a book) and at every page (the progress write), with what each must reach (issues 20 and
 * 41): req/s, p99 and share of the baseline. On PGlite (one connection in process) the calls must
 * hold 50 connections without a time-out or an error; on PostgreSQL they must reach a quarter of
 * the baseline.
 */
export const API_TARGETS = {
  configs: { url: '/api/v1/configs' },
  user: { url: '/api/v1/user?type=20' },
  settings: { url: '/api/v1/user/storages?group=setting' },
  level: { url: '/api/v1.2/learning/level/1' },
  book: { url: '/api/v1.1/books/1101' },
  process: {
    url: '/api/v1/user/process/1101',
    method: 'POST',
    body: JSON.stringify({ process: '002', type: 'read' }),
  },
};
export const API_BUDGETS = {
  configs: { pglite: {}, postgres: { ratio: 0.25 } },
  user: { pglite: { rps: 1000 }, postgres: { ratio: 0.25 } },
  settings: { pglite: { rps: 1000 }, postgres: { ratio: 0.25 } },
  level: { pglite: {}, postgres: { ratio: 0.25 } },
  book: { pglite: { rps: 1000 }, postgres: { rps: 2000, p99: 50, ratio: 0.25 } },
  process: { pglite: { p99: 1000 }, postgres: { ratio: 0.25 } },
};
const CONNECTIONS = 50;

const BASELINE_SOURCE = `
import fs from 'node:fs';
import Fastify from 'fastify';
const bodies = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
for (const [name, body] of Object.entries(bodies))
  app.all('/' + name, (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
process.send?.('ready');
`;

/** A minimal Fastify answering /<name> with the recorded bytes, in its own process. */
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

const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + r.non2xx,
});

/**
 * Loads each endpoint of the project at `base`, then the same bytes from the baseline, and
 * returns rows { name, project, baseline, ratio, checks: [{label, ok}] }.
 */
export async function benchApi({ base, kind, repoRoot, baselinePort, duration = 10, log }) {
  const tokens = [];
  for (let i = 0; i < CONNECTIONS; i++) tokens.push(await guestToken(base, i));
  const headers = { access_token: tokens[0] };
  const bodies = {};
  for (const [name, { url, method = 'GET', body }] of Object.entries(API_TARGETS)) {
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
    `  (${CONNECTIONS} guest families, one per connection; no Accept-Encoding: neither side compresses)`,
  );
  const baseline = await startBaseline(bodies, baselinePort, repoRoot);
  const rows = [];
  try {
    for (const [name, target] of Object.entries(API_TARGETS)) {
      const { url } = target;
      // A short warm-up fills the caches and JITs both sides.
      await load(`${base}${url}`, tokens, 2, target);
      const project = summary(await load(`${base}${url}`, tokens, duration, target));
      await load(`${baseline.base}/${name}`, [], 2, target);
      const ref = summary(await load(`${baseline.base}/${name}`, [], duration, target));
      const ratio = project.rps / ref.rps;
      const budget = API_BUDGETS[name][kind] ?? {};
      const checks = [{ label: 'no errors', ok: project.errors === 0 }];
      if (budget.rps)
        checks.push({ label: `≥ ${budget.rps} req/s`, ok: project.rps >= budget.rps });
      if (budget.p99)
        checks.push({ label: `p99 ≤ ${budget.p99} ms`, ok: project.p99 <= budget.p99 });
      if (budget.ratio)
        checks.push({ label: `≥ ${budget.ratio * 100} % of baseline`, ok: ratio >= budget.ratio });
      const row = { name, url, bytes: bodies[name].length, project, baseline: ref, ratio, checks };
      rows.push(row);
      log?.(formatRow(row));
    }
  } finally {
    baseline.stop();
  }
  return rows;
}

export function formatRow({ name, bytes, project, baseline, ratio, checks }) {
  const fig = (s) =>
    `${s.rps.toFixed(0).padStart(6)} req/s  p50 ${String(s.p50).padStart(4)} ms  p99 ${String(s.p99).padStart(5)} ms`;
  const verdicts = checks.map((c) => `${c.ok ? 'PASS' : 'MISS'} ${c.label}`).join(' · ');
  return [
    `  ${name.padEnd(8)} (${(bytes / 1024).toFixed(1)} KB)  project ${fig(project)}${project.errors ? `  ${project.errors} errors` : ''}`,
    `  ${''.padEnd(8)}            baseline ${fig(baseline)}  → ${(ratio * 100).toFixed(1)} % of baseline`,
    `  ${''.padEnd(8)}            ${verdicts}`,
  ].join('\n');
}
