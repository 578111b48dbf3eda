// The reader on an emulated mid-range phone: tap → new picture on screen, and tap → narration
// sounding, from the tap's input-event timestamp. The picture counts as shown when the browser
// paints it (Element Timing's renderTime of the new page's <img>); the narration, and the turn's
// handler, by the reader's User Timing marks (apps/web/src/features/library/reader/reader-marks.ts).
// The taps are plain touch events at the control's centre (`fingerTap`): Playwright's own
// `locator.tap()` polls the page in animation frames until the tap and listens to the pointer
// events to check its target, work of the test tool on the main thread that a child's finger
// does not bring (decision 081, second round).
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../lib/chromium.mjs';

/** Chrome DevTools' "mid-tier mobile" CPU factor and a fast 4G-like network. */
export const PHONE = {
  cpuSlowdown: 4,
  network: {
    latency: 40,
    downloadThroughput: (9 * 1024 * 1024) / 8,
    uploadThroughput: (1.5 * 1024 * 1024) / 8,
  },
  viewport: { width: 812, height: 375 },
};

async function api(base, method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { access_token: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${url}: ${json.code} ${json.msg}`);
  return json.data;
}

/** A guest with a child profile and manual page turning (the bench turns the pages itself). */
export async function benchUser(base) {
  const { access_token: token } = await api(base, 'POST', '/api/v1/guest_login', null, {
    device_id: `bench-${Date.now()}`,
  });
  await api(base, 'POST', '/api/v1/child', token, {
    nickname: 'Bench',
    birthday: '2019-06-01',
    gender: 1,
    region: 214,
    consent: 1,
  });
  await api(base, 'POST', '/api/v1/user/storages', token, {
    group: 'setting',
    list: [{ key: 'library_page_type', value: '0', group: 'setting' }],
  });
  return token;
}

const marksSince = (page) =>
  page.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
  );

/** The time of a mark (or, for 'element', of the current picture's paint), once it exists. */
const seen = (page, type, name, timeout = 10_000) =>
  Promise.race([
    page.evaluate(([t, n]) => window.__benchSeen(t, n), [type, name]),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`no ${type} ${name ?? ''} in ${timeout} ms`)), timeout),
    ),
  ]);

/**
 * A finger's tap on the control: touch start and end at its centre, as the device sends them.
 * Its position is read first; nothing of the test tool then runs in the page until the tap.
 */
async function fingerTap(page, locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to tap');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** How long after the narration ended the child taps (a child's reaction, not a machine's). */
const TAP_AFTER_NARRATION_MS = 500;

/**
 * Waits until the page narration stopped playing (the play button offers play again), then
 * the child's reaction time. The check polls every 100 ms, not every animation frame: a check
 * per frame is work of the test tool on the page's main thread, which a child does not bring.
 */
async function waitNarrationDone(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=reader-play]')?.getAttribute('aria-label') !== '暂停',
    undefined,
    { timeout: 20_000, polling: 100 },
  );
  await page.waitForTimeout(TAP_AFTER_NARRATION_MS);
}

/**
 * Opens a book and turns every page like a child in manual mode: listen to the page, then tap
 * next; then taps one sentence to hear it again. Returns per-event durations in ms.
 */
export async function benchReader({ base, bookId, log }) {
  const token = await benchUser(base);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const context = await browser.newContext({
      viewport: PHONE.viewport,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    await context.addInitScript((t) => {
      localStorage.setItem('access_token', t);
      // When the finger touched the screen (the input event's own timestamp).
      document.addEventListener(
        'pointerdown',
        (e) => performance.mark('bench:tap', { startTime: e.timeStamp }),
        true,
      );
      // When the reader's page picture was painted: Element Timing reports the paint of an <img>
      // that carries the attribute, which is set here as the reader inserts the element (before
      // its first paint), so any build of the app can be measured.
      new MutationObserver(() => {
        for (const img of document.querySelectorAll('img[data-testid=reader-picture]')) {
          if (!img.hasAttribute('elementtiming')) img.setAttribute('elementtiming', 'reader');
        }
      }).observe(document, { childList: true, subtree: true });
      // Resolves with the time of the first entry of `type` that `match` names: a User Timing
      // mark by its name, or ('picture') the paint of the picture now in the reader. An
      // observer, not a poll: nothing of the bench runs in the page while it waits.
      window.__benchSeen = (type, name) =>
        new Promise((resolve) => {
          const hit = (e) =>
            type === 'element'
              ? e.element !== null &&
                e.element === document.querySelector('img[data-testid=reader-picture]')
              : e.name === name;
          new PerformanceObserver((list, observer) => {
            const entry = list.getEntries().find(hit);
            if (!entry) return;
            observer.disconnect();
            resolve(type === 'element' ? entry.renderTime : entry.startTime);
          }).observe({ type, buffered: true });
        });
    }, token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE.network });

    await page.goto(`${base}/library/read/${bookId}/001`);
    await page.waitForSelector('[data-testid=reader]', { timeout: 30_000 });
    const pageCount = Number(
      (await page.getByTestId('reader-page-no').textContent())?.split('/')[1],
    );
    const turns = [];
    const narrations = [];
    for (let n = 1; n < pageCount; n++) {
      await waitNarrationDone(page);
      await page.evaluate(() => performance.clearMarks());
      await fingerTap(page, page.getByTestId('reader-next'));
      await seen(page, 'mark', 'reader:turn');
      const shown = await seen(page, 'element');
      await seen(page, 'mark', 'reader:narration-start');
      const m = await marksSince(page);
      turns.push(shown - m['bench:tap']);
      narrations.push(m['reader:narration-start'] - m['bench:tap']);
      log?.(
        `tap→handler ${(m['reader:turn'] - m['bench:tap']).toFixed(0)} handler→picture painted ${(shown - m['reader:turn']).toFixed(0)} (reader:picture mark ${(m['reader:picture'] - m['reader:turn']).toFixed(0)}) handler→narration ${(m['reader:narration-start'] - m['reader:turn']).toFixed(0)}`,
      );
      log?.(
        `page ${n + 1}: picture ${turns.at(-1).toFixed(0)} ms, narration ${narrations.at(-1).toFixed(0)} ms`,
      );
    }
    // Tap a sentence to hear it again (the audio is already decoded).
    const replays = [];
    for (let n = 0; n < 5; n++) {
      await waitNarrationDone(page);
      await page.evaluate(() => performance.clearMarks());
      await fingerTap(page, page.locator('[data-testid=reader-sentence] button').first());
      await seen(page, 'mark', 'reader:narration-start');
      const m = await marksSince(page);
      replays.push(m['reader:narration-start'] - m['bench:tap']);
    }
    return { pageCount, turns, narrations, replays };
  } finally {
    await browser.close();
  }
}
