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

/** One Lighthouse run of `url` in a fresh profile whose localStorage holds `token`. */
async function runOnce({ base, url, token, port, cpuSlowdown }) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-lh-'));
  // The persistent (default) context is the one Lighthouse's own tab opens in, so it sees the
  // token; no viewport of Playwright's, Lighthouse emulates the phone.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: null,
    args: [...LIGHTHOUSE_CHROME_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/healthz`);
    await page.evaluate((t) => localStorage.setItem('access_token', t), token);
    await page.goto('about:blank');
    const artifactsDir = process.env.BENCH_LIGHTHOUSE_ARTIFACTS
      ? path.join(
          process.env.BENCH_LIGHTHOUSE_ARTIFACTS,
          `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}`,
        )
      : undefined;
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keep the primed localStorage (Lighthouse would clear the origin's storage first).
        disableStorageReset: true,
        // The mobile preset's phone, held sideways: the child area is landscape and asks a phone
        // held upright to turn (RotateHint), which Lighthouse would otherwise measure.
        screenEmulation: LANDSCAPE_PHONE,
        // The preset's network; the CPU slowdown calibrated to this host (cpuSlowdownFor).
        ...(cpuSlowdown
          ? {
              throttling: {
                ...lighthouseConstants.throttling.mobileSlow4G,
                cpuSlowdownMultiplier: cpuSlowdown,
              },
            }
          : {}),
        // BENCH_LIGHTHOUSE_ARTIFACTS=dir keeps each run's artifacts (the trace, the devtools log)
        // in a folder of its own, for scripts/bench/lantern-why.mjs (what the simulation waits on).
        ...(process.env.BENCH_LIGHTHOUSE_ARTIFACTS
          ? {
              gatherMode: artifactsDir,
              auditMode: artifactsDir,
            }
          : {}),
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // BENCH_LIGHTHOUSE_DIR=dir keeps each full report (JSON) for a closer look.
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) {
      fs.mkdirSync(keep, { recursive: true });
      const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(keep, name), JSON.stringify(lhr));
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
      mainThread:
        (lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN) /
        (lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? 1),
      lcpElement: JSON.stringify(lcpElement ?? null).slice(0, 300),
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse `runs` times on each page; returns the runs per page (the caller prints medians).
 * `pages` maps a label to a path of the app.
 */
export async function benchLighthouse({ base, pages, runs = 3, port, log }) {
  const token = await benchUser(base);
  // A first run measures the host (benchmarkIndex); the measured runs use its multiplier.
  // BENCH_LIGHTHOUSE_CPU_SLOWDOWN=7.72 fixes it instead: on a busy machine the index moves from
  // run to run, and two builds compared side by side need the same simulated phone.
  const fixed = Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN);
  const [firstRoute] = Object.values(pages);
  const calibration =
    fixed > 0 ? null : await runOnce({ base, url: `${base}${firstRoute}`, token, port });
  const cpuSlowdown = fixed > 0 ? fixed : cpuSlowdownFor(calibration.benchmarkIndex);
  log?.(
    calibration
      ? `  host benchmarkIndex ${calibration.benchmarkIndex?.toFixed(0)} → CPU slowdown ${cpuSlowdown.toFixed(2)}× (the preset's 4× stands for an index of 1533)`
      : `  CPU slowdown fixed at ${cpuSlowdown}× (BENCH_LIGHTHOUSE_CPU_SLOWDOWN)`,
  );
  const out = { host: { benchmarkIndex: calibration?.benchmarkIndex, cpuSlowdown } };
  for (const [label, route] of Object.entries(pages)) {
    out[label] = [];
    for (let i = 0; i < runs; i++) {
      const r = await runOnce({ base, url: `${base}${route}`, token, port, cpuSlowdown });
      log?.(
        `  ${label} run ${i + 1}: score ${r.score}, LCP ${(r.lcp / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}, TBT ${r.tbt.toFixed(0)} ms, main thread ${r.mainThread.toFixed(0)} ms observed, FCP ${(r.fcp / 1000).toFixed(2)} s, index ${r.benchmarkIndex?.toFixed(0)} (${r.finalUrl})`,
      );
      if (process.env.BENCH_VERBOSE) log?.(`    LCP element ${r.lcpElement}`);
      out[label].push(r);
    }
  }
  return out;
}
