import { beforeEach, describe, expect, it } from 'vitest';
import { noteDailyGoal, shouldAskRating, touchActiveDays, useDailyGoal } from './habits';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 27, 2, 0, 0);

beforeEach(() => {
  localStorage.clear();
  useDailyGoal.setState({ state: 0 });
});

describe('active days per user on the device', () => {
  it('rise once per calendar day', () => {
    expect(touchActiveDays(7, T0)).toBe(1);
    expect(touchActiveDays(7, T0 + 3600_000)).toBe(1);
    expect(touchActiveDays(7, T0 + DAY)).toBe(2);
    expect(touchActiveDays(8, T0 + DAY)).toBe(1);
  });
});

describe('daily goal notification', () => {
  it('the first finish of the day sets it, the second does not; other points never', () => {
    expect(noteDailyGoal(7, 'home', T0)).toBe(false);
    expect(noteDailyGoal(7, 'libraryFinishToHome', T0)).toBe(true);
    expect(useDailyGoal.getState().state).toBe(1);
    expect(noteDailyGoal(7, 'learningCourseFinishToHome', T0 + 1000)).toBe(false);
    expect(noteDailyGoal(7, 'learningCourseFinishToHome', T0 + DAY)).toBe(true);
  });
});

describe('market rating', () => {
  it('is never asked in a browser', () => expect(shouldAskRating(7, 100)).toBe(0));
});
