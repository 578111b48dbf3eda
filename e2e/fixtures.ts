import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/** Screens the journeys keep for people to look at (UI brief), in e2e/artifacts/screens. */
const SCREENS = path.join(import.meta.dirname, 'artifacts/screens');

export async function keep(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

interface Fixtures {
  /** Console errors that are expected in this test (matched as substrings). */
  allowConsoleErrors: string[];
  /**
   * The app's own popups (register success, visitor login, read camp, push) count as already
   * shown on this device, so they do not cover other journeys' screens; the shell journeys set
   * it to false.
   */
  popupsSeen: boolean;
  /** A page whose app is logged in as a fresh guest. */
  loggedInPage: Page;
}

/** Fails any test on an unexpected console.error (house style). */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  popupsSeen: [true, { option: true }],
  page: async ({ page, allowConsoleErrors, popupsSeen }, use) => {
    if (popupsSeen) await page.addInitScript(markPopupsSeen);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowConsoleErrors.some((allowed) => text.includes(allowed))) errors.push(text);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // A throttled answer is reported with its address (the console only says "status of 429").
    page.on('response', (response) => {
      if (response.status() !== 429) return;
      if (!allowConsoleErrors.some((allowed) => 'status of 429'.includes(allowed))) {
        errors.push(`429 from ${response.url()}`);
      }
    });
    await use(page);
    expect(errors, 'unexpected console errors').toEqual([]);
  },
  loggedInPage: async ({ page, request }, use, testInfo) => {
    const res = await request.post('/api/v1/guest_login', {
      data: { device_id: `e2e-${testInfo.testId}-${Date.now()}` },
    });
    const body = await res.json();
    expect(body.code).toBe(0);
    // A child profile exists, so the first-login child step does not cover the page.
    const child = await request.post('/api/v1/child', {
      headers: { access_token: body.data.access_token },
      data: { nickname: '测试宝宝', birthday: '2019-06-01', gender: 1, region: 214, consent: 1 },
    });
    expect((await child.json()).code).toBe(0);
    // Logged in once at the first document; a later logout in the test must stick.
    await page.addInitScript((token) => {
      try {
        if (!sessionStorage.getItem('e2e-init')) {
          sessionStorage.setItem('e2e-init', '1');
          localStorage.setItem('access_token', token);
        }
      } catch {
        // Error pages have no storage.
      }
    }, body.data.access_token as string);
    await use(page);
  },
});

export { expect };

/**
 * Device-wide popup shows (apps/web/src/features/shell/popup-history.ts): dated in 2100, so the
 * scheduler's interval keeps every one of the app's own popups away for every user.
 */
function markPopupsSeen(): void {
  try {
    const key = 'popup_history';
    const map = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
    const at = 4_102_444_800;
    const shows = [{ point: 'coldBootToHome', at }];
    map['*'] = JSON.stringify({
      registerSuccess: shows,
      visitorLogin: shows,
      readCamp: shows,
      // The push popup counts its shows per point (home, parent): a browser can now ask (100).
      push: [...shows, { point: 'home', at }, { point: 'parent', at }],
    });
    localStorage.setItem(key, JSON.stringify(map));
  } catch {
    // Error pages have no storage.
  }
}

const NUMERALS = '一二三四五六七八九';

/** Reads the two Chinese numerals of the parental gate and taps their digits in order. */
export async function passParentalGate(page: Page): Promise<void> {
  const gate = page.getByTestId('parental-gate');
  await expect(gate).toBeVisible();
  const text = (await page.getByTestId('parental-gate-instruction').textContent()) ?? '';
  const digits = [...text]
    .filter((ch) => NUMERALS.includes(ch))
    .map((ch) => NUMERALS.indexOf(ch) + 1);
  expect(digits).toHaveLength(2);
  for (const digit of digits) await gate.getByRole('button', { name: `数字 ${digit}` }).click();
  await expect(gate).toBeHidden();
}

/** Saves a server-stored setting (group `setting`) for the logged-in user of the page. */
export async function saveSetting(page: Page, key: string, value: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const res = await page.request.post('/api/v1/user/storages', {
    headers: { access_token: token ?? '' },
    data: { group: 'setting', list: [{ key, value, group: 'setting' }] },
  });
  expect((await res.json()).code).toBe(0);
}
