import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url';

/** One canonical form of a request path, decided before routing (issue 35, decision 086). */
describe('canonicalUrl', () => {
  it.each([
    // Already canonical: returned as sent (the fast path).
    ['/media/books/1103/p3-1280.ab12cd34.webp', '/media/books/1103/p3-1280.ab12cd34.webp'],
    ['/api/v1/user?type=20', '/api/v1/user?type=20'],
    ['/', '/'],
    ['/library/', '/library/'],
    // Empty and dot segments go, `..` is resolved.
    ['/media//books/1103/p3.webp', '/media/books/1103/p3.webp'],
    ['//media/books/1103/p3.webp', '/media/books/1103/p3.webp'],
    ['/media/./books/1103/p3.webp', '/media/books/1103/p3.webp'],
    ['/media/books/x/../1103/p3.webp', '/media/books/1103/p3.webp'],
    ['/media/books/1103/.', '/media/books/1103/'],
    ['/media/books/1103/..', '/media/books/'],
    // Escapes are decoded once and re-encoded one way: dots, letters, lower-case hex.
    ['/media/%2e/books/1103/p3.webp', '/media/books/1103/p3.webp'],
    ['/media/books/1103/%2E%2E/1103/p3.webp', '/media/books/1103/p3.webp'],
    ['/media/books/1103/%70%33.webp', '/media/books/1103/p3.webp'],
    ['/api/v1/x/%e4%b9%90', '/api/v1/x/%E4%B9%90'],
    ['/api/v1/x/乐', '/api/v1/x/%E4%B9%90'],
    ['/api/v1/x/a%3Ab@c', '/api/v1/x/a:b@c'],
    // Double-encoded: decoded once only, so `%2e` stays a literal name, never a dot segment.
    ['/media/%252e%252e/books/1103/p3.webp', '/media/%252e%252e/books/1103/p3.webp'],
    ['/media%252Fbooks/1103/p3.webp', '/media%252Fbooks/1103/p3.webp'],
    // The query is kept as sent; the path before it is canonical.
    ['/media//books/1103/p3.webp?exp=1&sig=a%2Fb', '/media/books/1103/p3.webp?exp=1&sig=a%2Fb'],
  ])('%s → %s', (url, expected) => {
    expect(canonicalUrl(url)).toBe(expected);
  });

  it.each([
    ['/media/../../etc/passwd', 'above the root'],
    ['/..', 'above the root'],
    ['/media/%2e%2e/%2e%2e/etc/passwd', 'encoded dots above the root'],
    ['/media%2Fbooks%2F1103%2Fp3.webp', 'an encoded slash'],
    ['/media/books/1103%2fp3.webp', 'an encoded slash'],
    ['/media/books/1103%5Cp3.webp', 'an encoded backslash'],
    ['/media\\books\\1103\\p3.webp', 'a backslash'],
    ['/media/books/1103/p3.webp%00.png', 'a NUL'],
    ['/media/books/1103/p3.webp;x', 'a raw semicolon'],
    ['/media/books/1103/p3.webp#x', 'a raw hash'],
    ['/media/books/%E0%A4%A', 'an escape that does not decode'],
    ['http://example.com/media/books/1103/p3.webp', 'absolute-form'],
    ['*', 'asterisk-form'],
  ])('%s is refused (%s)', (url) => {
    expect(canonicalUrl(url)).toBeNull();
  });

  it('is idempotent: a canonical URL is its own canonical form', () => {
    for (const url of ['/media//a/./b/../c%2e/d', '/x/%25/乐/a:b', '/a/b/.', '/']) {
      const once = canonicalUrl(url);
      expect(once).not.toBeNull();
      expect(canonicalUrl(once as string)).toBe(once);
    }
  });
});
