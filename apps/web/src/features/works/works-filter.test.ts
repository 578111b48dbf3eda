import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER, isNarrowed, parseWorksFilter, withWorksFilter } from './works-filter';

describe('works list filter in the address', () => {
  it.each([
    ['', DEFAULT_FILTER],
    ['type=1', { type: 1, level: null, sort: 'time_desc' }],
    ['type=2&level=6&sort=like_desc', { type: 2, level: 6, sort: 'like_desc' }],
    ['sort=time_asc&level=1', { type: -1, level: 1, sort: 'time_asc' }],
    // Anything unknown means "all" / newest first.
    ['type=3&level=7&sort=random', DEFAULT_FILTER],
    ['type=-1&level=0&sort=', DEFAULT_FILTER],
  ])('%s → %o', (query, filter) => {
    expect(parseWorksFilter(new URLSearchParams(query))).toEqual(filter);
  });

  it('writes only what differs from the defaults and keeps the other values', () => {
    const search = new URLSearchParams('user=12&type=1&level=2');
    expect(withWorksFilter(search, { type: -1, level: null, sort: 'score_desc' }).toString()).toBe(
      'user=12&sort=score_desc',
    );
    expect(withWorksFilter(search, DEFAULT_FILTER).toString()).toBe('user=12');
  });

  it('counts mode and level as narrowing, not the order', () => {
    expect(isNarrowed({ ...DEFAULT_FILTER, sort: 'like_desc' })).toBe(false);
    expect(isNarrowed({ ...DEFAULT_FILTER, type: 2 })).toBe(true);
    expect(isNarrowed({ ...DEFAULT_FILTER, level: 4 })).toBe(true);
  });
});
