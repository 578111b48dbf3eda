import type { Page } from '@playwright/test';
import { expect, keep, passParentalGate, saveSetting, test } from './fixtures';

/**
 * 「Wi‑Fi 下预先下载离线打分」 (issue 37, decision 110): with the family's setting on, the app fetches
 * the device scorer's files in the background on Wi‑Fi once the first load has gone idle; with it
 * off, or on a mobile network, nothing of them is fetched. The network type is stubbed
 * (navigator.connection, as Chrome on Android has it); no child here has used speaking before,
 * so nothing else loads the scorer.
 */

/** navigator.connection as Chrome on Android gives it, of this type. */
async function connectionOf(page: Page, type: string): Promise<void> {
  await page.addInitScript((kind) => {
    const connection = Object.assign(new EventTarget(), { type: kind, saveData: false });
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => connection,
    });
  }, type);
}

/** The speech files' requests of the page (its worker's too) from now on. */
function speechRequests(page: Page): string[] {
  const seen: string[] = [];
  page.context().on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/speech/') || path.startsWith('/assets/speech/')) seen.push(path);
  });
  return seen;
}

test('on Wi‑Fi with the setting on (the default) the scorer’s files are fetched after the load', async ({
  loggedInPage: page,
}) => {
  test.setTimeout(120_000);
  await connectionOf(page, 'wifi');
  const seen = speechRequests(page);
  await page.goto('/library');
  await expect(page.locator('html[data-speech-prefetched]')).toHaveCount(1, { timeout: 90_000 });
  expect(seen).toContain('/speech/model.json');
  // The model's files (mdef, means, variances, dictionary…), the worker and SoundSwallower's wasm.
  expect(seen.filter((p) => p.startsWith('/speech/f/')).length).toBeGreaterThanOrEqual(6);
  expect(seen.some((p) => /^\/assets\/speech\/.*\.wasm$/.test(p))).toBe(true);
});

for (const [name, type, setting] of [
  ['with the setting off, nothing is fetched on Wi‑Fi', 'wifi', '0'],
  ['on a mobile network, nothing is fetched', 'cellular', '1'],
] as const) {
  test(name, async ({ loggedInPage: page }) => {
    await connectionOf(page, type);
    // Saved before the app's first load (a load with the default would start a prefetch).
    await page.goto('/healthz');
    await saveSetting(page, 'speech_prefetch_wifi', setting);
    const seen = speechRequests(page);
    await page.goto('/library');
    await expect(page.getByTestId('library-page')).toBeVisible();
    // Past the idle point the prefetch waits for (at most 5 s after the load).
    await page.waitForTimeout(8_000);
    expect(seen).toEqual([]);
    await expect(page.locator('html[data-speech-prefetched]')).toHaveCount(0);
  });
}

test("the parents' setting Wi‑Fi 下预先下载离线打分: on by default, saved with the family's settings", async ({
  loggedInPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/parents/center');
  await passParentalGate(page);
  const select = page.locator('select[data-setting=speech_prefetch_wifi]');
  await expect(select).toHaveValue('1');
  await expect(page.getByTestId('speech-prefetch-hint')).toContainText('用手机流量时不下载');
  await select.scrollIntoViewIfNeeded();
  await keep(page, 'parents-speech-prefetch');
  await select.selectOption('0');
  await expect(page.getByText('已保存')).toBeVisible();
  const stored = await page.request.get('/api/v1/user/storages?group=setting', {
    headers: {
      access_token: (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '',
    },
  });
  const list = ((await stored.json()).data?.list ?? []) as Array<{ key: string; value: string }>;
  expect(list.find((item) => item.key === 'speech_prefetch_wifi')?.value).toBe('0');
});
