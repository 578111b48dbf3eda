import { describe, expect, it } from 'vitest';
import {
  type KobAccessInput,
  type KobGuideInput,
  kobFeatureOn,
  kobOpenToday,
  shouldShowKobGuide,
} from './kob';

const base: KobAccessInput = { isXiaodu: false, isGuest: false, doneCourses: 0, gray: {} };

describe('kob gate (shell §6: off on Xiaodu; off if kobDisabled equals 1; on if kobEnabled is set; otherwise on when done_courses reaches kobDoneCoursesThreshold if given, else on for non-guests)', () => {
  it.each<[string, Partial<KobAccessInput>, boolean]>([
    ['registered user, no options', {}, true],
    ['guest, no options', { isGuest: true }, false],
    ['Xiaodu, even when enabled', { isXiaodu: true, gray: { kobEnabled: 1 } }, false],
    ['kobDisabled 1 beats kobEnabled', { gray: { kobDisabled: 1, kobEnabled: 1 } }, false],
    ['kobDisabled 0 does not disable', { gray: { kobDisabled: 0 } }, true],
    ['kobEnabled set opens it for a guest', { isGuest: true, gray: { kobEnabled: 1 } }, true],
    [
      'threshold 3, 2 courses done',
      { doneCourses: 2, gray: { kobDoneCoursesThreshold: 3 } },
      false,
    ],
    ['threshold 3, 3 courses done', { doneCourses: 3, gray: { kobDoneCoursesThreshold: 3 } }, true],
    [
      'threshold reached by a guest',
      { isGuest: true, doneCourses: 5, gray: { kobDoneCoursesThreshold: 3 } },
      true,
    ],
    [
      'threshold 0 counts as not given',
      { isGuest: true, gray: { kobDoneCoursesThreshold: 0 } },
      false,
    ],
    ['threshold null counts as not given', { gray: { kobDoneCoursesThreshold: null } }, true],
  ])('%s → %s', (_, patch, expected) => expect(kobFeatureOn({ ...base, ...patch })).toBe(expected));
});

describe('kob_schedule (shell §3: 0 never, 12345 weekdays, 67 weekend, any other value every day)', () => {
  it.each<[number, number, boolean]>([
    [0, 1, false],
    [0, 7, false],
    [12345, 1, true],
    [12345, 5, true],
    [12345, 6, false],
    [67, 6, true],
    [67, 7, true],
    [67, 3, false],
    [1, 3, true],
    [1, 7, true],
    [99, 6, true],
  ])('schedule %i on ISO weekday %i → %s', (schedule, weekday, expected) =>
    expect(kobOpenToday(base, schedule, weekday)).toBe(expected),
  );
  it('a closed gate stays closed on an open day', () =>
    expect(kobOpenToday({ ...base, isXiaodu: true }, 1, 1)).toBe(false));
});

const guide: KobGuideInput = {
  credits: 10,
  coins: 0,
  canEnterKob: true,
  planningToKob: false,
  today: '2026-11-27',
  history: { lastShownDay: null, count: 0 },
};

describe('kob guide (shell §5: at least 10 credits and permission; planningToKob also 200 coins; once a day, 3 in total)', () => {
  it.each<[string, Partial<KobGuideInput>, boolean]>([
    ['10 credits, may enter', {}, true],
    ['9 credits', { credits: 9 }, false],
    ['may not enter kob', { canEnterKob: false }, false],
    ['planningToKob with 199 coins', { planningToKob: true, coins: 199 }, false],
    ['planningToKob with 200 coins', { planningToKob: true, coins: 200 }, true],
    ['shown today already', { history: { lastShownDay: '2026-11-27', count: 1 } }, false],
    ['shown yesterday, twice in all', { history: { lastShownDay: '2026-11-26', count: 2 } }, true],
    ['shown 3 times in all', { history: { lastShownDay: '2026-11-20', count: 3 } }, false],
  ])('%s → %s', (_, patch, expected) =>
    expect(shouldShowKobGuide({ ...guide, ...patch })).toBe(expected),
  );
});
