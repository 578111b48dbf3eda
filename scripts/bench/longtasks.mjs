import { chromium } from '@playwright/test';

// PerformanceObserver long tasks and the page's measures per run, for a primed guest's first load
// (rough: observed durations, disturbed by a busy host).
//   node scripts/bench/longtasks.mjs http://127.0.0.1:8397 /library 4
const [base, route] = process.argv.slice(2);
const runs = Number(process.argv[4] ?? 5);
const { benchUser } = await import('./reader.mjs');
const token = await benchUser(base);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const all = {};
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ viewport: { width: 823, height: 412 } });
  const page = await context.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  await page.evaluate(() => {});
  await page.addInitScript(() => {
    window.__lt = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const r = await page.evaluate(() => ({
    m: performance.getEntriesByType('measure').map((m) => [m.name, Math.round(m.duration)]),
    lt: window.__lt,
  }));
  const add = (name, value) => {
    all[name] ??= [];
    all[name].push(value);
  };
  for (const [n, d] of r.m) add(n, d);
  add('longtasks', r.lt.map(([s, d]) => `${s}+${d}`).join(' '));
  add(
    'tbt',
    r.lt.reduce((a, [, d]) => a + Math.max(0, d - 50), 0),
  );
  await context.close();
}
await browser.close();
console.log(JSON.stringify(all, null, 1));
