// Where a page's first load spends the main thread's CPU, by source file (issue 41): a primed
// guest opens the page in Debian's Chromium with the V8 sampling profiler on; the samples' self
// time is mapped through the build's source maps to the original modules, and the main thread's
// long tasks are listed with the modules that ran in each. CPU time, so a busy host disturbs it
// less than Lighthouse's observed durations.
//   node scripts/bench/cpu-profile.mjs --base http://127.0.0.1:8390 --path /library [--top 30]
//     [--runs 3] [--tasks [--frames 9] [--all-frames]]
// --tasks names each long task's frames (--frames how many; --all-frames keeps the libraries'
// frames too). WEB_DIST_DIR=<build> maps through that build's source maps (a server started
// with the same WEB_DIST_DIR) instead of apps/web/dist.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map';
import { chromiumPath } from '../lib/chromium.mjs';
import { benchUser } from './reader.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const base = arg('base', 'http://127.0.0.1:8390');
const route = arg('path', '/library');
const top = Number(arg('top', '30'));
const runs = Number(arg('runs', '1'));
// --frames N: how many frames to name per long task (9 by default).
const taskFrames = Number(arg('frames', '9'));
const dist =
  process.env.WEB_DIST_DIR ??
  path.resolve(fileURLToPath(import.meta.url), '../../../apps/web/dist');

const token = await benchUser(base);
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
const byFile = new Map();
const inclusive = new Map();
const tasksOut = [];
let totalMs = 0;
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({ viewport: { width: 823, height: 412 } });
  const page = await context.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  collect(profile);
}
await browser.close();

function collect(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const dt = (timeDeltas[i + 1] ?? 0) / 1000;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + dt);
  }
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const [id, ms] of self) {
    const seenKeys = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { url, lineNumber, columnNumber, functionName } = nodes.get(at).callFrame;
      if (!url) continue;
      const key = JSON.stringify([url, lineNumber, columnNumber, functionName]);
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  for (const [id, ms] of self) {
    const node = nodes.get(id);
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    if (['(idle)', '(program)', '(garbage collector)'].includes(functionName) && !url) {
      const key = functionName;
      byFile.set(key, (byFile.get(key) ?? 0) + ms);
      if (functionName !== '(idle)') totalMs += ms;
      continue;
    }
    totalMs += ms;
    const key = JSON.stringify([url, lineNumber, columnNumber, functionName]);
    byFile.set(key, (byFile.get(key) ?? 0) + ms);
  }
  // Runs of non-idle samples = main-thread tasks (roughly); the 8 longest with their app frames.
  let cur = null;
  const runsOf = [];
  for (let i = 0; i < samples.length; i++) {
    const dt = (timeDeltas[i + 1] ?? 0) / 1000;
    const n = nodes.get(samples[i]);
    if (n.callFrame.functionName === '(idle)') {
      if (cur) runsOf.push(cur);
      cur = null;
      continue;
    }
    cur ??= { ms: 0, frames: new Map() };
    cur.ms += dt;
    const seen = new Set();
    for (let at = samples[i]; at !== undefined; at = parent.get(at)) {
      const f = nodes.get(at).callFrame;
      if (!f.url) continue;
      const key = JSON.stringify([f.url, f.lineNumber, f.columnNumber, f.functionName]);
      if (seen.has(key)) continue;
      seen.add(key);
      cur.frames.set(key, (cur.frames.get(key) ?? 0) + dt);
    }
  }
  if (cur) runsOf.push(cur);
  tasksOut.push(...runsOf.filter((r) => r.ms > 8));
}

const consumers = new Map();
async function consumerFor(url) {
  if (!url.includes('/assets/')) return null;
  const file = path.join(dist, 'assets', url.split('/assets/')[1].split('?')[0]);
  if (consumers.has(file)) return consumers.get(file);
  let c = null;
  if (fs.existsSync(`${file}.map`)) {
    c = await new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
  }
  consumers.set(file, c);
  return c;
}

const byModule = new Map();
const byFunction = new Map();
for (const [key, ms] of byFile) {
  if (key.startsWith('(')) {
    byModule.set(key, (byModule.get(key) ?? 0) + ms);
    continue;
  }
  const [url, line, column, fn] = JSON.parse(key);
  const c = url ? await consumerFor(url) : null;
  let where = url ? url.replace(base, '') : '(native)';
  let name = fn;
  if (c) {
    const pos = c.originalPositionFor({ line: line + 1, column });
    if (pos.source) {
      where = pos.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, 'nm/');
      name = `${pos.name ?? fn}:${pos.line}`;
    }
  }
  byModule.set(where, (byModule.get(where) ?? 0) + ms);
  const fk = `${where} ${name}`;
  byFunction.set(fk, (byFunction.get(fk) ?? 0) + ms);
}
const byInclusive = new Map();
for (const [key, ms] of inclusive) {
  const [url, line, column, fn] = JSON.parse(key);
  const c = await consumerFor(url);
  let where = url.replace(base, '');
  let name = fn;
  if (c) {
    const pos = c.originalPositionFor({ line: line + 1, column });
    if (pos.source) {
      where = pos.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'nm/');
      name = `${pos.name ?? fn}:${pos.line}`;
    }
  }
  if (where.startsWith('nm/')) continue;
  const k = `${where} ${name}`;
  byInclusive.set(k, Math.max(byInclusive.get(k) ?? 0, ms));
}
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    if (k === '(idle)') continue;
    console.log(`${(ms / runs).toFixed(1).padStart(8)} ms  ${k}`);
  }
};
if (process.argv.includes('--tasks')) {
  for (const task of tasksOut.sort((a, b) => b.ms - a.ms).slice(0, 12)) {
    const names = [];
    for (const [key, ms] of [...task.frames].sort((a, b) => b[1] - a[1])) {
      const [url, line, column, fn] = JSON.parse(key);
      const c = await consumerFor(url);
      let name = fn || '(anon)';
      let where = url.replace(base, '');
      if (c) {
        const pos = c.originalPositionFor({ line: line + 1, column });
        if (pos.source) {
          where = pos.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'nm/');
          name = pos.name ?? fn;
        }
      }
      if (where.startsWith('nm/') && names.length > 3 && !args.includes('--all-frames')) continue;
      names.push(`${where.split('/').slice(-1)[0]}:${name} ${ms.toFixed(0)}`);
      if (names.length >= taskFrames) break;
    }
    console.log(`task ${task.ms.toFixed(1)} ms: ${names.join(' | ')}`);
  }
}
console.log(
  `${route}: ${(totalMs / runs).toFixed(0)} ms of main-thread CPU sampled (per run, ${runs} run(s))`,
);
show('by module (self time)', byModule);
show('by function (self time)', byFunction);
show('app functions (inclusive time)', byInclusive);
