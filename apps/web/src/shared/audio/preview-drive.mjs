// Dev-only: drives preview.html in Chromium and prints start latencies and segment durations.
// Needs the Vite dev server: cd apps/web && npx vite --port 5197
// Run: node apps/web/src/shared/audio/preview-drive.mjs
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const BASE = process.env.PREVIEW_URL ?? 'http://localhost:5197/src/shared/audio/preview.html';
// The repository's sample media through Vite's /@fs/ (no API server needed).
const MEDIA = `/@fs${fileURLToPath(new URL('../../../../../content/media', import.meta.url))}`;
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const pages = [1, 2, 3, 4, 5];
const files = {
  1: '/books/1101/p1-s1.0a8a370c.mp3',
  2: '/books/1101/p2-s1.ac022863.mp3',
  3: '/books/1101/p3-s1.4eec2faa.mp3',
  4: '/books/1101/p4-s1.f9164240.mp3',
  5: '/books/1101/p5-s1.e72bc4f7.mp3',
};
const narration = '/books/1504/p4.3c60caa3.mp3';
const sentences = [
  [0, 3.135],
  [3.585, 7.655],
  [8.105, 14.1],
  [14.55, 19.98],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => xs.map((x) => x.toFixed(1)).join(', ');
let bust = 0;
const url = (path) => `${MEDIA}${path}?b=${Date.now()}-${bust++}`;

async function open(browser) {
  const page = await browser.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      console.log(`  [page ${m.type()}]`, m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) console.log('  [http]', r.status(), r.url());
  });
  await page.goto(`${BASE}?media=${encodeURIComponent(MEDIA)}`);
  await page.waitForFunction(() => 'audioPreview' in window);
  return page;
}

async function latencies(page, label, options = {}) {
  const cold = [];
  const warm = [];
  const fallbackWarm = [];
  for (const n of pages) {
    const f = files[n];
    cold.push(
      await page.evaluate(
        ([u]) => window.audioPreview.startLatency(u, { preload: false }),
        [url(f)],
      ),
    );
    warm.push(
      await page.evaluate(
        ([u]) => window.audioPreview.startLatency(u, { preload: true }),
        [url(f)],
      ),
    );
    if (options.fallback) {
      fallbackWarm.push(
        await page.evaluate(
          ([u]) => window.audioPreview.startLatency(u, { preload: true, fallback: true }),
          [url(f)],
        ),
      );
    }
  }
  console.log(`\n${label}`);
  console.log(
    `  not preloaded (HTMLAudio):        median ${median(cold.map((r) => r.startMs)).toFixed(1)} ms  [${fmt(cold.map((r) => r.startMs))}]`,
  );
  console.log(
    `  preloaded (Web Audio buffer):     median ${median(warm.map((r) => r.startMs)).toFixed(1)} ms  [${fmt(warm.map((r) => r.startMs))}]`,
  );
  if (fallbackWarm.length) {
    console.log(
      `  preloaded, no Web Audio (primed): median ${median(fallbackWarm.map((r) => r.startMs)).toFixed(1)} ms  [${fmt(fallbackWarm.map((r) => r.startMs))}]`,
    );
  }
  console.log(
    `  played ms vs duration (buffer):   ${warm.map((r) => `${r.playedMs.toFixed(0)}/${(r.duration * 1000).toFixed(0)}`).join(', ')}`,
  );
}

async function segments(page, label, fallback, speed = 1) {
  console.log(`\n${label}`);
  for (const [start, end] of sentences) {
    const r = await page.evaluate(
      ([u, s, e, fb, sp]) => window.audioPreview.segment(u, s, e, { fallback: fb, speed: sp }),
      [url(narration), start, end, fallback, speed],
    );
    const ctx = r.contextMs === null ? '' : `, context clock ${r.contextMs.toFixed(1)} ms`;
    console.log(
      `  [${start}, ${end}) expected ${r.expectedMs.toFixed(1)} ms: wall ${r.wallMs.toFixed(1)} ms${ctx}; load ${r.loadMs.toFixed(1)} ms; end at ${r.endTime.toFixed(3)} s`,
    );
  }
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [...ARGS, '--autoplay-policy=no-user-gesture-required'],
});
try {
  const page = await open(browser);
  console.log('output latency', await page.evaluate(() => window.audioPreview.outputLatency()));
  await latencies(page, 'Start latency, local dev server', { fallback: true });
  await segments(page, 'playSegment, Web Audio (1504 p4 sentences)', false);
  await segments(page, 'playSegment, HTMLAudio fallback', true);
  await segments(page, 'playSegment, Web Audio at speed 0.75', false, 0.75);
  await segments(page, 'playSegment, Web Audio at speed 1.5', false, 1.5);

  // A slow phone on a mobile network: 4x CPU slowdown, 150 ms RTT, 1.6 Mbps.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await latencies(page, 'Start latency, 4x CPU throttle + 150 ms RTT / 1.6 Mbps');
  await segments(page, 'playSegment under the same throttling', false);
  const reports = await page.evaluate(() => window.audioPreview.reports);
  console.log('\nerror reports:', reports.length);
} finally {
  await browser.close();
}

// The phone policy. page.evaluate() counts as a user gesture in Playwright, so the track is
// started by the page itself at load (?autostart=); only then do we look, then really click.
const strict = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [...ARGS, '--autoplay-policy=user-gesture-required'],
});
try {
  console.log('\nAutoplay gating (--autoplay-policy=user-gesture-required):');
  for (const preload of [false, true]) {
    const page = await strict.newPage();
    const target = `${MEDIA}${files[2]}?b=${Date.now()}`;
    await page.goto(
      `${BASE}?media=${encodeURIComponent(MEDIA)}&autostart=${encodeURIComponent(target)}${preload ? '&preload=1' : ''}`,
    );
    await page.waitForTimeout(1500);
    const look = () =>
      page.evaluate(() => ({
        state: window.audioPreview.lastState.value,
        unlocked: window.audioPreview.unlocked(),
        context: window.audioPreview.contextState(),
      }));
    const waiting = await look();
    const t0 = Date.now();
    await page.click('#tap');
    await page
      .waitForFunction(() => window.audioPreview.lastState.value !== 'pending', null, {
        timeout: 3000,
      })
      .catch(() => {});
    const after = await look();
    console.log(`  ${preload ? 'Web Audio (preloaded)' : 'HTMLAudio'}:`);
    console.log('    1.5 s after load, no gesture:', waiting);
    console.log(`    after a real click (+${Date.now() - t0} ms incl. round trips):`, after);
    await page.close();
  }
} finally {
  await strict.close();
}
