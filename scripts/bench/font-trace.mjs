// How long a page's first load waits for fonts (issue 41, decision 115): a primed guest opens the
// page in Debian's Chromium with the bench's flags and a fresh profile per load, traced with
// Chromium's `fonts` category; per load it prints the layouts' wall and CPU time and the
// renderer's synchronous font calls to the browser process (character fallback, family lookups,
// render styles), with their count and wall time, then the median of the loads.
//   node scripts/bench/font-trace.mjs --base http://127.0.0.1:8390 --path /library [--runs 5]
import { parseArgs } from 'node:util';
import { LANDSCAPE_PHONE_CONTEXT, openPrimedProfile } from './lighthouse.mjs';
import { benchUser } from './reader.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8390' },
    path: { type: 'string', default: '/library' },
    runs: { type: 'string', default: '5' },
  },
});
const { base, path: route } = values;
const runs = Number(values.runs);

/** The renderer's synchronous font calls, by the trace event that waits for each. */
const CALLS = {
  fallback: 'WebSandboxSupportLinux::GetFallbackFontForCharacter',
  family: 'FontDataManager::onMatchFamilyStyle',
  renderStyle: 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike',
};

async function traceOnce(token) {
  const { context, page, close } = await openPrimedProfile({
    base,
    token,
    prefix: 'picbook-fonts-',
    options: LANDSCAPE_PHONE_CONTEXT,
  });
  try {
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    const complete = new Promise((resolve) => cdp.on('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      traceConfig: {
        includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'fonts'],
      },
    });
    await page.goto(`${base}${route}`, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    await cdp.send('Tracing.end');
    await complete;
    const spans = events.filter((e) => e.ph === 'X');
    const sum = (list, key) => list.reduce((s, e) => s + (e[key] ?? 0), 0) / 1000;
    const layouts = spans.filter((e) => e.name === 'Layout');
    const row = { layoutWall: sum(layouts, 'dur'), layoutCpu: sum(layouts, 'tdur') };
    for (const [label, name] of Object.entries(CALLS)) {
      const calls = spans.filter((e) => e.name === name);
      row[`${label}Calls`] = calls.length;
      row[`${label}Wall`] = sum(calls, 'dur');
    }
    return row;
  } finally {
    await close();
  }
}

const show = (label, row) =>
  console.log(
    `${label}: ${Object.entries(row)
      .map(([k, v]) => `${k} ${Number.isInteger(v) ? v : v.toFixed(1)}`)
      .join(', ')}`,
  );

const token = await benchUser(base);
const rows = [];
for (let i = 0; i < runs; i++) {
  rows.push(await traceOnce(token));
  show(`load ${i + 1}`, rows.at(-1));
}
const median = (key) => {
  const v = rows.map((r) => r[key]).sort((a, b) => a - b);
  return v[v.length >> 1];
};
show(`median of ${runs}`, Object.fromEntries(Object.keys(rows[0]).map((k) => [k, median(k)])));
