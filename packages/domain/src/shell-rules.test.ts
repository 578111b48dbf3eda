import { describe, expect, it } from 'vitest';
import { parseEnv } from './app-env';
import {
  animationsAllowed,
  type Capability,
  cropSize,
  hasCapability,
  isIosSupported,
  isUnsupportedApp,
  pointsAllowed,
} from './capabilities';
import { shouldShowLifeVipGuide } from './guides';
import { holidayTheme } from './holiday-themes';
import {
  afterMarketRating,
  type MarketRatingState,
  marketRatingCheck,
  needsRelax,
  nextActiveDays,
  onResume,
} from './shell-habits';

const dayOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
// 2026-11-27 10:00 China time.
const T = Date.UTC(2026, 10, 27, 2, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('§4/§9 foreground: "5 minutes restarts the eye-shield timer; 6 hours plus a day change reloads the home view"', () => {
  it.each<[string, number, number, boolean, boolean]>([
    ['back after 4 min', T, T + 4 * MIN, false, false],
    ['back after 6 min', T, T + 6 * MIN, true, false],
    ['back after 7 h the same day', T, T + 7 * HOUR, true, false],
    ['back after 7 h on the next day', T + 8 * HOUR, T + 15 * HOUR, true, true],
    ['back after 5 h on the next day', T + 12 * HOUR, T + 17 * HOUR, true, false],
    ['a negative gap (clock set back)', T, T - MIN, true, true],
  ])('%s', (_, hidden, shown, restart, cold) =>
    expect(onResume(hidden, shown, dayOf)).toEqual({
      restartEyeShield: restart,
      coldBootToHome: cold,
    }),
  );
});

describe('§4 active days and relax', () => {
  it.each<[number, string | null, string, number]>([
    [0, null, '2026-11-27', 1],
    [5, '2026-11-27', '2026-11-27', 5],
    [5, '2026-11-26', '2026-11-27', 6],
  ])('%i days, last %s, today %s → %i', (activeDays, last, today, expected) =>
    expect(nextActiveDays({ activeDays, lastActiveDate: last }, today).activeDays).toBe(expected),
  );
  it.each<[number | null, number, boolean]>([
    [null, T, false],
    [T - HOUR, T, true],
    [T - 24 * HOUR, T, false],
  ])('relax timestamp %s at %s → %s', (relax, now, expected) =>
    expect(needsRelax(relax, now, dayOf)).toBe(expected),
  );
});

describe('§9 market rating: "re-ask after more than 90 active days, or when the big version rises, or when active days since the last ask exceed count squared times 3 after a state-3 answer"', () => {
  const asked = (patch: Partial<MarketRatingState>): MarketRatingState => ({
    action: 2,
    prevActiveDays: 10,
    count: 1,
    prevVersion: '1.4.0',
    ...patch,
  });
  it.each<[string, MarketRatingState | null, number, string, 0 | 1 | 2]>([
    ['never asked', null, 1, '1.4.0', 1],
    ['declined 90 days ago', asked({}), 100, '1.4.0', 0],
    ['declined 91 days ago', asked({}), 101, '1.4.0', 2],
    ['minor version rose', asked({}), 20, '1.9.0', 0],
    ['big version rose', asked({}), 20, '2.0.0', 2],
    ['"later" once, 3 days since', asked({ action: 3 }), 13, '1.4.0', 0],
    ['"later" once, 4 days since (> 1²×3)', asked({ action: 3 }), 14, '1.4.0', 2],
    ['"later" twice, 12 days since', asked({ action: 3, count: 2 }), 22, '1.4.0', 0],
    ['"later" twice, 13 days since (> 2²×3)', asked({ action: 3, count: 2 }), 23, '1.4.0', 2],
    ['rated, 50 days since', asked({ action: 1 }), 60, '1.4.0', 0],
  ])('%s → %i', (_, state, days, version, expected) =>
    expect(marketRatingCheck(state, days, version)).toBe(expected),
  );
  it('an answer records the days, the count and the version', () =>
    expect(afterMarketRating(asked({}), 3, 40, '1.5.0')).toEqual({
      action: 3,
      prevActiveDays: 40,
      count: 2,
      prevVersion: '1.5.0',
    }));
});

describe('§9 holiday themes by date (dated ones in their year, the others every year)', () => {
  it.each<[string, string | null]>([
    ['2021-02-03', null],
    ['2021-02-04', 'springFestival'],
    ['2021-02-26', 'springFestival'],
    ['2026-02-10', null],
    ['2026-04-22', null],
    ['2026-04-23', 'bookDay'],
    ['2027-05-05', 'bookDay'],
    ['2026-05-06', null],
    ['2026-06-01', 'childrensDay'],
    ['2021-06-13', 'dragonBoat'],
    ['2026-06-13', null],
    ['2026-10-29', null],
    ['2026-10-30', 'halloween'],
    ['2026-11-01', 'halloween'],
    ['2026-11-02', null],
    ['2026-12-21', 'christmas'],
    ['2030-12-29', 'christmas'],
    ['2026-12-30', null],
  ])('%s → %s', (day, theme) => expect(holidayTheme(day)).toBe(theme));
});

const ua = {
  web: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
  ios12: 'Mozilla/5.0 (iPhone) PicBookApp/1.6.0 (iOS 12.4; appstore)',
  ios16: 'Mozilla/5.0 (iPhone) PicBookApp/1.6.0 (iOS 16.4; appstore)',
  iosOld: 'Mozilla/5.0 (iPhone) PicBookApp/1.2.5 (iOS 16.4; appstore)',
  android10: 'Mozilla/5.0 (Linux; Android 12) PicBookApp/1.0.0 (Android 12; vivo)',
  android16: 'Mozilla/5.0 (Linux; Android 12) PicBookApp/1.6.2 (Android 12; xiaomi)',
  huawei: 'Mozilla/5.0 (Linux; Android 12) PicBookApp/1.5.0 (Android 12; huawei)',
  xiaodu: 'Mozilla/5.0 (Linux; Android 9) PicBookApp/1.6.0 (Android 9; xiaodu)',
  tooOld: 'Mozilla/5.0 (Linux; Android 9) PicBookApp/0.9.0 (Android 9; vivo)',
};

describe('§6 capability flags by platform and app version', () => {
  it.each<[keyof typeof ua, Capability, boolean]>([
    ['web', 'share', false],
    ['web', 'appFetch', false],
    ['android10', 'appFetch', true],
    ['android10', 'share', false],
    ['android16', 'share', true],
    ['ios16', 'appleLogin', true],
    ['ios12', 'appleLogin', false],
    ['iosOld', 'appleLogin', false],
    ['android16', 'appleLogin', false],
    ['huawei', 'huaweiPay', true],
    ['android16', 'huaweiPay', false],
    ['ios16', 'restorePurchases', true],
    ['android16', 'restorePurchases', false],
    ['android16', 'pushAuth', true],
    ['xiaodu', 'pushAuth', false],
    ['iosOld', 'openUri', true],
    ['android10', 'openUri', false],
    ['android16', 'saveImage', true],
    ['android16', 'song', true],
    ['iosOld', 'song', false],
    ['android16', 'openMiniProgram', true],
    ['xiaodu', 'openMiniProgram', false],
    ['android16', 'appLogin', true],
  ])('%s: %s → %s', (name, capability, expected) =>
    expect(hasCapability(parseEnv(ua[name]), capability)).toBe(expected),
  );
  it('an app older than 1.0.0 (or on iOS below 10.0.0) sees the update dialog; a browser never', () => {
    expect(isUnsupportedApp(parseEnv(ua.tooOld))).toBe(true);
    expect(
      isUnsupportedApp(parseEnv('Mozilla/5.0 (iPhone) PicBookApp/1.6.0 (iOS 9.3.5; appstore)')),
    ).toBe(true);
    expect(
      isIosSupported(parseEnv('Mozilla/5.0 (iPhone) PicBookApp/1.6.0 (iOS 10.0; appstore)')),
    ).toBe(true);
    expect(cropSize(parseEnv(ua.ios16))).toBe(400);
    expect(cropSize(parseEnv(ua.android16))).toBe(270);
    expect(isUnsupportedApp(parseEnv(ua.android10))).toBe(false);
    expect(isUnsupportedApp(parseEnv(ua.web))).toBe(false);
  });
});

describe('§6 points and animations', () => {
  const gray = {
    lottieDisabled: 0,
    spineDisabled: 0,
    kobEnabled: 0,
    kobDisabled: 0,
    kobDoneCoursesThreshold: 0,
  };
  // Kob's gate and schedule live with kob (kob.ts, settings.ts) and are tested there.
  it('points are off on Xiaodu; lottie and spine off when disabled or on Xiaodu', () => {
    expect(pointsAllowed(parseEnv(ua.xiaodu))).toBe(false);
    expect(pointsAllowed(parseEnv(ua.android16))).toBe(true);
    expect(animationsAllowed(parseEnv(ua.xiaodu), gray)).toEqual({ lottie: false, spine: false });
    expect(animationsAllowed(parseEnv(ua.web), { ...gray, spineDisabled: 1 })).toEqual({
      lottie: true,
      spine: false,
    });
  });
});

describe('§5 life-VIP guide', () => {
  // The kob guide's rule lives with kob (kob.ts) and is tested in kob.test.ts.
  type LifeInput = Parameters<typeof shouldShowLifeVipGuide>[0];
  const life: LifeInput = {
    isLifeVip: false,
    hasFreelearnPromo: true,
    today: '2026-11-27',
    history: { day: null, countToday: 0 },
  };
  it.each<
    [
      string,
      Partial<typeof life> & { history?: { day: string | null; countToday: number } },
      boolean,
    ]
  >([
    ['a promo, not life VIP', {}, true],
    ['life VIP', { isLifeVip: true }, false],
    ['no promo', { hasFreelearnPromo: false }, false],
    ['shown twice today', { history: { day: '2026-11-27', countToday: 2 } }, false],
    ['shown twice yesterday', { history: { day: '2026-11-26', countToday: 2 } }, true],
  ])('life VIP: %s → %s', (_, patch, expected) =>
    expect(shouldShowLifeVipGuide({ ...life, ...patch })).toBe(expected),
  );
});
