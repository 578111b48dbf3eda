import { describe, expect, it } from 'vitest';
import {
  apiCacheKey,
  bookMediaUrls,
  isBookAnswer,
  isBookMedia,
  mediaCacheKey,
  OFFLINE_CACHES,
  offlineBookState,
  offlineRoute,
  parseSavedIndex,
  SAVED_INDEX_PATH,
  savedBookApiPaths,
  tokenDigest,
  withoutSavedBook,
  withSavedBook,
} from './cache-rules';

const at = (path: string) => new URL(path, 'https://picbook.test');

describe('offline cache rules', () => {
  it.each([
    ['/library', 'navigate', 'page'],
    ['/library/read/1106/003?x=1', 'navigate', 'page'],
    ['/', 'navigate', 'page'],
    ['/api/v1.1/books/1106', 'navigate', null],
    ['/ops', 'navigate', null],
    ['/ops/login', 'navigate', null],
    ['/legal/privacy.html', 'navigate', null],
    ['/media/books/1106/p1-1280.ae975a35.webp?exp=1&sig=x', 'no-cors', 'media'],
    ['/media/books/1106/p1.ae975a35.mp3', 'cors', 'media'],
    ['/api/v1.1/books/1106', 'cors', 'api'],
    ['/api/v1/configs', 'cors', 'api'],
    ['/api/pingback', 'cors', null],
    ['/api/v1/sms/code', 'cors', null],
    ['/api/v1/orders/12', 'cors', null],
    ['/assets/index-abc.js', 'cors', null],
    ['/uploads/rec/1.mp3', 'cors', null],
    ['/speech/f/mdef.0123456789abcdef', 'cors', 'speech'],
    ['/assets/speech/device-worker-abc.js', 'same-origin', 'speech'],
    ['/assets/speech/soundswallower.web-abc.wasm', 'same-origin', 'speech'],
    ['/speech/model.json', 'cors', 'speechModel'],
    ['/speech/model.json', 'navigate', null],
  ])('%s (%s) → %s', (path, mode, route) => {
    expect(offlineRoute(at(path), mode)).toBe(route);
  });

  it('one media copy per path and image options, whatever the signature', () => {
    const a = mediaCacheKey(at('/media/books/1/p1.ab12cd34.webp?exp=100&sig=aaa'));
    const b = mediaCacheKey(at('/media/books/1/p1.ab12cd34.webp?sig=bbb&exp=200&aud=user'));
    expect(a).toBe('https://picbook.test/media/books/1/p1.ab12cd34.webp');
    expect(b).toBe(a);
    expect(mediaCacheKey(at('/media/books/1/c.webp?sig=x&thumbnail=200&crop=1'))).toBe(
      'https://picbook.test/media/books/1/c.webp?crop=1&thumbnail=200',
    );
  });

  it('API answers are kept per family and child', () => {
    const url = at('/api/v1.1/books/5?page=2');
    const mine = apiCacheKey(url, 'abc', '7');
    expect(mine).not.toBe(apiCacheKey(url, 'def', '7'));
    expect(mine).not.toBe(apiCacheKey(url, 'abc', '8'));
    expect(apiCacheKey(at('/api/v1/configs'), 'guest', null)).toBe(
      'https://picbook.test/api/v1/configs?__who=guest&__child=',
    );
  });

  it('a book is its pictures, narration and hotspot sounds, once each', () => {
    const page = (n: number) => ({
      image: `/media/books/9/p${n}.webp?sig=1`,
      audio: `/media/books/9/p${n}.mp3?sig=1`,
      hotspots: [{ audio: '/media/books/9/dog.mp3?sig=1' }],
    });
    expect(bookMediaUrls([page(1), page(2)])).toEqual([
      '/media/books/9/p1.webp?sig=1',
      '/media/books/9/p1.mp3?sig=1',
      '/media/books/9/dog.mp3?sig=1',
      '/media/books/9/p2.webp?sig=1',
      '/media/books/9/p2.mp3?sig=1',
    ]);
    expect(bookMediaUrls([{ image: 'data:image/png;base64,x', audio: '', hotspots: [] }])).toEqual(
      [],
    );
  });

  it('knows which cached media belong to a book', () => {
    expect(isBookMedia('https://x/media/books/12/p1.webp', 12)).toBe(true);
    expect(isBookMedia('https://x/media/books/123/p1.webp', 12)).toBe(false);
  });
});

describe('a book kept offline, in the spec package states', () => {
  it.each([
    [{ needed: 10, kept: 10, fetching: false, failed: false }, 'loaded'],
    [{ needed: 10, kept: 12, fetching: false, failed: false }, 'loaded'],
    [{ needed: 10, kept: 4, fetching: false, failed: false }, 'stale'],
    [{ needed: 10, kept: 0, fetching: false, failed: false }, 'none'],
    [{ needed: 10, kept: 3, fetching: true, failed: false }, 'loading'],
    [{ needed: 10, kept: 3, fetching: false, failed: true }, 'error'],
    [{ needed: 10, kept: 10, fetching: false, failed: true }, 'loaded'],
    [{ needed: 0, kept: 0, fetching: false, failed: false }, 'none'],
  ] as const)('%j → %s', (input, state) => {
    expect(offlineBookState(input)).toBe(state);
  });
});

describe('a saved book keeps what its entrances need (decision 096)', () => {
  it('its cover in both sizes is listed with its pages, once each', () => {
    const page = { image: '/media/books/9/p1.webp', audio: '/media/books/9/p1.mp3', hotspots: [] };
    expect(
      bookMediaUrls([page], ['/media/books/9/c.webp?w=512', '/media/books/9/c.webp?w=256', '']),
    ).toEqual([
      '/media/books/9/c.webp?w=512',
      '/media/books/9/c.webp?w=256',
      '/media/books/9/p1.webp',
      '/media/books/9/p1.mp3',
    ]);
  });

  it('the detail, summary and reader answers are the ones kept, and all are the book’s', () => {
    const paths = savedBookApiPaths(1101);
    expect(paths).toEqual([
      '/api/v1.1/books/1101',
      '/api/v1/books/1101/summary',
      '/api/v1/books/1101/interactive_areas',
    ]);
    for (const path of paths) {
      expect(offlineRoute(at(path), 'cors')).toBe('api');
      expect(isBookAnswer(apiCacheKey(at(path), 'abc', '7'), 1101)).toBe(true);
      expect(isBookAnswer(apiCacheKey(at(path), 'abc', '7'), 110)).toBe(false);
    }
    expect(isBookAnswer('https://x/api/v1/books/11012/summary', 1101)).toBe(false);
    expect(isBookAnswer('https://x/api/v1.2/learning/level/1', 1101)).toBe(false);
  });

  it('the list of saved books: newest first, once each, removable, malformed entries left out', () => {
    const a = { id: 1, saved_at: 1, card: { t: 'a' } };
    const b = { id: 2, saved_at: 2, card: { t: 'b' } };
    const list = withSavedBook(withSavedBook([], a), b);
    expect(list.map((x) => x.id)).toEqual([2, 1]);
    expect(withSavedBook(list, { ...a, saved_at: 3 }).map((x) => x.id)).toEqual([1, 2]);
    expect(withoutSavedBook(list, 2)).toEqual([a]);
    expect(parseSavedIndex([a, { id: 'x', card: {} }, { id: 3, card: null }, null])).toEqual([a]);
    expect(parseSavedIndex({ id: 1 })).toEqual([]);
    expect(parseSavedIndex(null)).toEqual([]);
  });

  it('the list is kept per family and child, in a cache logout deletes', async () => {
    const url = at(SAVED_INDEX_PATH);
    const one = apiCacheKey(url, await tokenDigest('token-a'), '7');
    expect(one).not.toBe(apiCacheKey(url, await tokenDigest('token-b'), '7'));
    expect(one).not.toBe(apiCacheKey(url, await tokenDigest('token-a'), '8'));
    expect(await tokenDigest(null)).toBe('guest');
    expect(await tokenDigest('token-a')).toMatch(/^[0-9a-f]{24}$/);
    expect(Object.values(OFFLINE_CACHES)).toContain('picbook-saved');
  });
});
