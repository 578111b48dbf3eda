// Lighthouse (mobile preset, performance only) on /library and the reader, driven with Debian's
// Chromium, for a primed guest profile: the app's guest login and child profile are made through
// the API and the token put in localStorage before the measured load, as a returning child has.
// The HTTP cache and the service worker stay empty (the token is written from /healthz, a page
// that loads none of the app), so each run is a first load of the app's code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { chromiumPath } from '../lib/chromium.mjs';
import { median } from '../lib/stats.mjs';
import { benchUser } from './reader.mjs';

/** The flags Chromium runs with here: headless, and nothing that reaches the network itself. */
export const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Lighthouse's mobile preset screen (412×823 at 1.75) turned to landscape. */
const LANDSCAPE_PHONE = {
  mobile: true,
  width: 823,
  height: 412,
  deviceScaleFactor: 1.75,
  disabled: false,
};

/** The pages the bench measures: the library tab and the first page of `book` in the reader. */
export const lighthousePages = (book) => ({
  library: '/library',
  reader: `/library/read/${book}/001`,
});

/** The same phone as Playwright's context options, for the bench's other scripts' loads. */
export const LANDSCAPE_PHONE_CONTEXT = {
  viewport: { width: LANDSCAPE_PHONE.width, height: LANDSCAPE_PHONE.height },
  deviceScaleFactor: LANDSCAPE_PHONE.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
};

const audits = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'cumulative-layout-shift',
  'total-blocking-time',
  'speed-index',
];

/**
 * The CPU slowdown that makes this host stand for Lighthouse's mid-tier phone, from the host's
 * benchmarkIndex, as Lighthouse's throttling guide calibrates it (docs/throttling.md, "CPU
 * throttling"; the CPU throttling calculator's table: index 150 → 1×, 800 → 2×, 1300 → 3×,
 * 1533 → 4× — the preset's own —, 2000 → 6×). A slower or busier host gets a smaller multiplier,
 * so the simulated phone is the same phone on any machine (issue 41).
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return 4;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}

/** The Lighthouse settings of every run; `cpuSlowdown` is used only by the audits' simulation. */
function lighthouseFlags(cpuSlowdown) {
  return {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Keep the primed localStorage (Lighthouse would clear the origin's storage first).
    disableStorageReset: true,
    // The mobile preset's phone, held sideways: the child area is landscape and asks a phone
    // held upright to turn (RotateHint), which Lighthouse would otherwise measure.
    screenEmulation: LANDSCAPE_PHONE,
    // The preset's network; the CPU slowdown calibrated to this host (cpuSlowdownFor).
    throttling: {
      ...lighthouseConstants.throttling.mobileSlow4G,
      cpuSlowdownMultiplier: cpuSlowdown,
    },
  };
}

/**
 * Debian's Chromium with the bench's flags in a fresh profile whose localStorage holds `token`
 * (written from /healthz, a page that loads none of the app, so the HTTP cache and the service
 * worker stay empty), on about:blank: a returning child's first load of the app comes next.
 * `options` are Playwright's context options (a phone's viewport, more `args`). Answers the
 * context, its page and `close`, which also removes the profile.
 */
export async function openPrimedProfile({ base, token, prefix = 'picbook-lh-', options = {} }) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    ...options,
    args: [...LIGHTHOUSE_CHROME_FLAGS, ...(options.args ?? [])],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/healthz`);
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  await page.goto('about:blank');
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, page, close };
}

/**
 * One load of `url` that is not measured, in a primed profile as the measured ones: the server's
 * code paths, its queries and the files it sends are warm afterwards, as a running service's are.
 * The first measured load otherwise met a server that had only just started (decision 117).
 */
async function warmUp({ base, url, token }) {
  const { page, close } = await openPrimedProfile({
    base,
    token,
    options: LANDSCAPE_PHONE_CONTEXT,
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    await close();
  }
}

/**
 * Lighthouse's load of `url` (its trace and devtools log, unthrottled: the throttling is
 * simulated afterwards) in a fresh profile whose localStorage holds `token`, saved in `dir`.
 * Returns the benchmarkIndex Lighthouse measured on the host just before that load.
 */
async function gatherOnce({ base, url, token, port, dir }) {
  // The persistent (default) context is the one Lighthouse's own tab opens in, so it sees the
  // token; no viewport of Playwright's, Lighthouse emulates the phone.
  const { close } = await openPrimedProfile({
    base,
    token,
    options: { viewport: null, args: [`--remote-debugging-port=${port}`] },
  });
  try {
    // The slowdown is not known yet (it comes from the runs' index); the gathered load does not
    // depend on it, and the audits are run with the one chosen.
    await lighthouse(url, { ...lighthouseFlags(1), port, gatherMode: dir }, undefined);
  } finally {
    await close();
  }
  return JSON.parse(fs.readFileSync(path.join(dir, 'artifacts.json'), 'utf8')).BenchmarkIndex;
}

/**
 * Lighthouse's audits of a load gathered in `dir`, with its simulation slowed down `cpuSlowdown`
 * times: the score and the metrics. Simulated throttling throttles nothing while gathering, so the
 * slowdown is the audits' only; it is written into the saved settings (Lighthouse refuses
 * settings that differ between gathering and auditing).
 */
async function auditOnce({ url, dir, cpuSlowdown }) {
  const flags = lighthouseFlags(cpuSlowdown);
  const file = path.join(dir, 'artifacts.json');
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  saved.settings.throttling = flags.throttling;
  fs.writeFileSync(file, JSON.stringify(saved));
  const result = await lighthouse(url, { ...flags, auditMode: dir }, undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_LIGHTHOUSE_DIR=dir keeps each full report (JSON) for a closer look.
  const keep = process.env.BENCH_LIGHTHOUSE_DIR;
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    fs.writeFileSync(path.join(keep, `${path.basename(dir)}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const values = Object.fromEntries(audits.map((id) => [id, lhr.audits[id]?.numericValue]));
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: values['first-contentful-paint'],
    lcp: values['largest-contentful-paint'],
    cls: values['cumulative-layout-shift'],
    tbt: values['total-blocking-time'],
    si: values['speed-index'],
    // Main-thread work as this host ran it (Lighthouse's breakdown is scaled by the slowdown).
    mainThread: (lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN) / cpuSlowdown,
    lcpElement: JSON.stringify(lcpElement ?? null).slice(0, 300),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    cpuSlowdown,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/**
 * Lighthouse `runs` times on each page; returns the runs per page (the caller prints medians) and
 * `host`: the slowdown and the index it came from. `pages` maps a label to a path of the app.
 *
 * Every load is gathered first; the slowdown then comes from the median of the benchmarkIndex
 * Lighthouse measured before each of those loads, and every run is audited with it. One run's
 * index moved 2,044–2,987 on this shared machine (issue 41): the median of all the runs' is the
 * host as it was during the measurement, and every run simulates the same phone.
 */
export async function benchLighthouse({ base, pages, runs = 5, port, log, warm = true }) {
  const token = await benchUser(base);
  // BENCH_LIGHTHOUSE_CPU_SLOWDOWN=7.72 fixes the slowdown instead: two builds compared side by
  // side need the same simulated phone.
  const fixed = Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN);
  // BENCH_LIGHTHOUSE_ARTIFACTS=dir keeps each run's artifacts (the trace, the devtools log) in a
  // folder of its own, for scripts/bench/lantern-why.mjs (what the simulation waits on).
  const kept = process.env.BENCH_LIGHTHOUSE_ARTIFACTS;
  const root = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-lh-runs-'));
  try {
    // Each page once first, not measured (warmUp). The reader's load also leaves the bench's
    // child a book in progress, so every measured /library load shows 继续阅读 alike.
    // `warm: false` for a server already warmed by an earlier call (lighthouse-ab.mjs).
    if (warm) {
      for (const route of Object.values(pages))
        await warmUp({ base, url: `${base}${route}`, token });
    }
    const gathered = [];
    // The pages take turns (library, reader, library, ...): a slow minute of a shared host then
    // falls on every page alike, not on all of one page's runs.
    for (let i = 0; i < runs; i++) {
      for (const [label, route] of Object.entries(pages)) {
        const url = `${base}${route}`;
        const dir = path.join(root, `${route.replaceAll('/', '_')}-${Date.now()}`);
        const index = await gatherOnce({ base, url, token, port, dir });
        gathered.push({ label, url, dir, index });
      }
    }
    const indexes = gathered.map((g) => g.index).sort((a, b) => a - b);
    const benchmarkIndex = median(indexes);
    const cpuSlowdown = fixed > 0 ? fixed : cpuSlowdownFor(benchmarkIndex);
    log?.(
      `  host benchmarkIndex ${benchmarkIndex.toFixed(0)} (median of the ${indexes.length} runs', ${indexes[0].toFixed(0)}–${indexes.at(-1).toFixed(0)}) → CPU slowdown ${cpuSlowdown.toFixed(2)}×${fixed > 0 ? ' (fixed by BENCH_LIGHTHOUSE_CPU_SLOWDOWN)' : " (the preset's 4× stands for an index of 1533)"}`,
    );
    const out = { host: { benchmarkIndex, cpuSlowdown } };
    for (const { label, url, dir } of gathered) {
      const r = await auditOnce({ url, dir, cpuSlowdown });
      out[label] ??= [];
      out[label].push(r);
      log?.(
        `  ${label} run ${out[label].length}: score ${r.score}, LCP ${(r.lcp / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}, TBT ${r.tbt.toFixed(0)} ms, main thread ${r.mainThread.toFixed(0)} ms observed, FCP ${(r.fcp / 1000).toFixed(2)} s, SI ${(r.si / 1000).toFixed(2)} s, index ${r.benchmarkIndex?.toFixed(0)} (${r.finalUrl})`,
      );
      if (process.env.BENCH_VERBOSE) log?.(`    LCP element ${r.lcpElement}`);
    }
    return out;
  } finally {
    if (!kept) fs.rmSync(root, { recursive: true, force: true });
  }
}
