import { describe, expect, it } from 'vitest';
import { modeOfPath } from './ReaderPage';
import { SWIPE_MIN_PX, swipeStep } from './use-reader-input';

describe('swipeStep', () => {
  it.each([
    [-SWIPE_MIN_PX, 0, 1], // finger moves left: next page
    [-200, 40, 1],
    [SWIPE_MIN_PX, 0, -1], // right: previous page
    [150, -30, -1],
    [-SWIPE_MIN_PX + 1, 0, null], // too short
    [-80, 70, null], // mostly vertical
    [0, 0, null], // a tap
  ] as const)('dx %i, dy %i → %s', (dx, dy, step) => {
    expect(swipeStep(dx, dy)).toBe(step);
  });
});

describe('modeOfPath', () => {
  it.each([
    ['/library/read/1101/001', 'read'],
    ['/library/cn_read/1101/001', 'cn_read'],
    ['/library/explain/1101/002', 'explain'],
    ['/library/other/1101/002', 'read'],
  ] as const)('%s → %s', (path, mode) => {
    expect(modeOfPath(path)).toBe(mode);
  });
});
