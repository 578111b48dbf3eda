import { describe, expect, it } from 'vitest';
import { routeDataFor } from './early-data';

describe('the data an opening address needs (decision 081)', () => {
  it.each([
    ['/', { kind: 'library' }],
    ['/index.html', { kind: 'library' }],
    ['/library', { kind: 'library' }],
    ['/library/', { kind: 'library' }],
    ['/library/read/1603/001', { kind: 'book', bookId: 1603, page: 1 }],
    ['/library/cn_read/1603/012', { kind: 'book', bookId: 1603, page: 12 }],
    ['/library/explain/42/003/', { kind: 'book', bookId: 42, page: 3 }],
    ['/library/read/1603/x', { kind: 'book', bookId: 1603, page: 1 }],
    ['/library/repeat/1603/001', { kind: 'none' }],
    ['/library/read/abc/001', { kind: 'none' }],
    ['/library/detail/1603/1/0/0', { kind: 'none' }],
    ['/learning', { kind: 'none' }],
    ['/parents/center', { kind: 'none' }],
  ])('%s → %o', (pathname, expected) => {
    expect(routeDataFor(pathname)).toEqual(expected);
  });
});
