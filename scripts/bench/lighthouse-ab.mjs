// Two or more web builds side by side in Lighthouse (decision 116): each build is served by a
// server of its own (WEB_DIST_DIR), and the builds take turns, three loads of every page each,
// for `--rounds` rounds (the order flips every round), all audited with the same CPU slowdown.
// On a host whose speed drifts from one hour to the next, only builds measured in the same minutes
// compare; this prints each build's median score, TBT, LCP and FCP over all its loads.
//   node scripts/bench/lighthouse-ab.mjs --dist /tmp/before --dist apps/web/dist [--rounds 5]
//     [--slowdown 13.1] [--only library|reader] [--port 8600]
// Without --slowdown, one calibration load of the first build sets it (cpuSlowdownFor).
// A build for it: `cd apps/web && npx vite build --outDir /tmp/before --emptyOutDir`.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { median } from '../lib/stats.mjs';
import { benchLighthouse, lighthousePages } from './lighthouse.mjs';
import { startServer } from './server.mjs';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '5' },
    slowdown: { type: 'string' },
    only: { type: 'string' },
    port: { type: 'string', default: '8600' },
    book: { type: 'string', default: '1603' },
  },
});
if (values.dist.length < 2) {
  console.error('Give two builds or more: --dist <dir> --dist <dir>');
  process.exit(2);
}
const allPages = lighthousePages(values.book);
const pages = values.only ? { [values.only]: allPages[values.only] } : allPages;
if (Object.values(pages).some((route) => !route)) {
  console.error('--only is library or reader');
  process.exit(2);
}
const port = Number(values.port);

const builds = [];
try {
  for (const [i, dist] of values.dist.entries()) {
    const server = await startServer(port + i, { WEB_DIST_DIR: path.resolve(dist) });
    builds.push({ dist, server, runs: {}, warm: false });
  }
  // Lighthouse's debugging ports, above the servers'.
  let debugPort = port + 100;
  if (values.slowdown) {
    process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN = values.slowdown;
  } else {
    delete process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN;
    const { host } = await benchLighthouse({
      base: builds[0].server.base,
      pages,
      runs: 1,
      port: debugPort++,
    });
    builds[0].warm = true;
    process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN = String(host.cpuSlowdown);
  }
  const slowdown = Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN);
  console.log(
    `Lighthouse side by side: ${builds.length} builds, ${values.rounds} rounds of 3 loads a page, CPU ${slowdown.toFixed(2)}×`,
  );
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = round % 2 ? [...builds].reverse() : builds;
    for (const build of order) {
      const out = await benchLighthouse({
        base: build.server.base,
        pages,
        runs: 3,
        port: debugPort++,
        // Each server's pages are loaded once unmeasured, before its first measured loads.
        warm: !build.warm,
      });
      build.warm = true;
      for (const label of Object.keys(pages)) {
        build.runs[label] = [...(build.runs[label] ?? []), ...out[label]];
      }
    }
    console.log(`  round ${round + 1} done`);
  }
  for (const label of Object.keys(pages)) {
    for (const { dist, runs } of builds) {
      const rs = runs[label];
      const m = (key) => median(rs.map((r) => r[key]));
      console.log(
        `  ${label.padEnd(8)} ${dist}: score ${m('score')} (TBT ${m('tbt').toFixed(0)} ms, LCP ${(m('lcp') / 1000).toFixed(2)} s, FCP ${(m('fcp') / 1000).toFixed(2)} s, index ${m('benchmarkIndex').toFixed(0)}; loads ${rs.map((r) => r.score).join(' ')})`,
      );
    }
  }
} finally {
  for (const { server } of builds) server.stop();
}
