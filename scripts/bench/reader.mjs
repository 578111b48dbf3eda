// The reader on an emulated mid-range phone: tap → new picture on screen, and tap → narration
// sounding, from the tap's input-event timestamp to the reader's User Timing marks
// (apps/web/src/features/library/reader/reader-marks.ts).
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

async function waitForMark(page, name, timeout = 10_000) {
  await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout });
}

/** Waits until the page narration stopped playing (the play button offers play again). */
async function waitNarrationDone(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=reader-play]')?.getAttribute('aria-label') !== '暂停',
    undefined,
    { timeout: 20_000 },
  );
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
      await page.getByTestId('reader-next').tap();
      await waitForMark(page, 'reader:picture');
      await waitForMark(page, 'reader:narration-start');
      const m = await marksSince(page);
      turns.push(m['reader:picture'] - m['bench:tap']);
      narrations.push(m['reader:narration-start'] - m['bench:tap']);
      log?.(
        `tap→handler ${(m['reader:turn'] - m['bench:tap']).toFixed(0)} handler→picture ${(m['reader:picture'] - m['reader:turn']).toFixed(0)} handler→narration ${(m['reader:narration-start'] - m['reader:turn']).toFixed(0)}`,
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
      await page.locator('[data-testid=reader-sentence] button').first().tap();
      await waitForMark(page, 'reader:narration-start');
      const m = await marksSince(page);
      replays.push(m['reader:narration-start'] - m['bench:tap']);
    }
    return { pageCount, turns, narrations, replays };
  } finally {
    await browser.close();
  }
}
