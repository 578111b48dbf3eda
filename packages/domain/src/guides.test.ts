import { describe, expect, it } from 'vitest';
import { type GuideInput, shouldShowGuide } from './guides';

const base: GuideInput = {
  kind: 'planning',
  doneCourses: 0,
  hasPlanningRight: true,
  isVip: false,
  today: '2026-11-21',
  history: { lastShownDay: null, count: 0 },
};

describe('guides (§5: book detail under 3 courses, planning under 1 with the right, once a day, vip 3 times)', () => {
  it.each<[string, Partial<GuideInput>, boolean]>([
    ['planning: right and no course done', {}, true],
    ['planning: one course done', { doneCourses: 1 }, false],
    ['planning: no planning right', { hasPlanningRight: false }, false],
    ['already shown today', { history: { lastShownDay: '2026-11-21', count: 1 } }, false],
    ['shown yesterday', { history: { lastShownDay: '2026-11-20', count: 1 } }, true],
    [
      'vip, shown 3 times',
      { isVip: true, history: { lastShownDay: '2026-11-01', count: 3 } },
      false,
    ],
    ['not vip, shown 3 times', { history: { lastShownDay: '2026-11-01', count: 3 } }, true],
    [
      'book detail: 2 courses done',
      { kind: 'bookDetail', doneCourses: 2, hasPlanningRight: false },
      true,
    ],
    ['book detail: 3 courses done', { kind: 'bookDetail', doneCourses: 3 }, false],
  ])('%s → %s', (_, patch, expected) =>
    expect(shouldShowGuide({ ...base, ...patch })).toBe(expected),
  );
});
