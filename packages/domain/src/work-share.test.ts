import { describe, expect, it } from 'vitest';
import { sharedPagesOf, shareStateOf } from './work-share';

describe('sharedPagesOf', () => {
  it.each([
    ['nothing recorded', [], []],
    [
      'repeat: sentences grouped by page, pages and sentences in reading order',
      ['p2s2', 'p1s1', 'p2s1'],
      [
        { page: 1, ids: ['p1s1'] },
        { page: 2, ids: ['p2s1', 'p2s2'] },
      ],
    ],
    [
      'speak: one item a page',
      ['p3', 'p1'],
      [
        { page: 1, ids: ['p1'] },
        { page: 3, ids: ['p3'] },
      ],
    ],
    [
      'only the pages recorded (page 2 of 3 skipped)',
      ['p3s1', 'p1s2'],
      [
        { page: 1, ids: ['p1s2'] },
        { page: 3, ids: ['p3s1'] },
      ],
    ],
    [
      'ids naming no page are left out',
      ['x', 'p0s1', 'P1S1', 'p4s1'],
      [{ page: 4, ids: ['p4s1'] }],
    ],
  ])('%s', (_name, ids, expected) => {
    const plan = sharedPagesOf(ids.map((contentId) => ({ contentId })));
    expect(plan.map((p) => ({ page: p.page, ids: p.items.map((i) => i.contentId) }))).toEqual(
      expected,
    );
  });

  it('keeps what each item carries and adds its sentence', () => {
    const [page] = sharedPagesOf([{ contentId: 'p1s2', url: 'a' }]);
    expect(page?.items[0]).toEqual({ contentId: 'p1s2', url: 'a', sentence: 2 });
  });
});

describe('shareStateOf', () => {
  it.each([
    [true, true, 'shared'],
    [true, false, 'withdrawn'],
    [false, true, 'withdrawn'],
    [false, false, 'withdrawn'],
  ] as const)('work exists %s, consent %s → %s', (workExists, consented, state) => {
    expect(shareStateOf({ workExists, consented })).toBe(state);
  });
});
