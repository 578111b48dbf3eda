/**
 * What the service worker keeps for reading offline (decision 074), as pure rules shared by the
 * worker (src/sw.ts) and the page. Book media are content-hashed and immutable, so one copy per
 * path serves every signed URL of it; API answers are per family and child, so their key carries
 * a digest of the token and the child id.
 */

/** Cache names; `forgetEverything` on logout deletes all of them. */
export const OFFLINE_CACHES = {
  pages: 'picbook-pages',
  media: 'picbook-media',
  api: 'picbook-api',
} as const;

/** Bounds of the runtime caches (entries and age); the browser's quota error also purges. */
export const OFFLINE_LIMITS = {
  mediaEntries: 2000,
  apiEntries: 300,
  maxAgeSeconds: 30 * 24 * 3600,
} as const;

/** The signed URL's own parameters (apps/server signed-urls SIGNATURE_PARAMS). */
const SIGNATURE_PARAMS = ['exp', 'sig', 'aud'];

/** Paths the app document never answers (they have their own handlers on the server). */
const NOT_APP_PREFIXES = ['/api/', '/media/', '/uploads/', '/dev/', '/legal/', '/oauth/', '/ops'];

export type OfflineRoute = 'page' | 'media' | 'api' | null;

/** Which runtime cache a GET request of this origin belongs to (null: straight to the network). */
export function offlineRoute(url: URL, mode: RequestMode | string): OfflineRoute {
  const path = url.pathname;
  if (mode === 'navigate') {
    return NOT_APP_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))
      ? null
      : 'page';
  }
  if (path.startsWith('/media/')) return 'media';
  if (path.startsWith('/api/') && !NO_OFFLINE_API.some((p) => path.startsWith(p))) return 'api';
  return null;
}

/** API reads that must never be answered from an old copy (money, codes, live state). */
const NO_OFFLINE_API = ['/api/pingback', '/api/v1/sms', '/api/v1/pay', '/api/v1/orders'];

/** The cache key of a media URL: its path and image options without the signature. */
export function mediaCacheKey(url: URL): string {
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (!SIGNATURE_PARAMS.includes(key)) kept.append(key, value);
  }
  kept.sort();
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** The cache key of an API read: the URL plus whose answer it is (token digest and child). */
export function apiCacheKey(url: URL, tokenDigest: string, childId: string | null): string {
  const who = new URLSearchParams({ __who: tokenDigest, __child: childId ?? '' });
  return `${url.href}${url.search ? '&' : '?'}${who.toString()}`;
}

/** All app documents share one cached copy of index.html. */
export const PAGE_CACHE_KEY = '/index.html';

/** The media of a book: what a reader needs to read it offline (pictures, narration, hotspots). */
export function bookMediaUrls(
  pages: readonly { image: string; audio: string; hotspots: readonly { audio: string }[] }[],
): string[] {
  const urls = new Set<string>();
  for (const page of pages) {
    for (const url of [page.image, page.audio, ...page.hotspots.map((h) => h.audio)]) {
      if (url?.startsWith('/media/')) urls.add(url);
    }
  }
  return [...urls];
}

/** Whether a cached media key belongs to a book (for dropping a book whose right has ended). */
export function isBookMedia(key: string, bookId: number): boolean {
  return new URL(key, 'http://x').pathname.startsWith(`/media/books/${bookId}/`);
}

/** The spec's package-download states (learning-content §6), used for a book kept offline. */
export type OfflineState = 'checking' | 'loaded' | 'stale' | 'none' | 'loading' | 'error';

/**
 * A book's offline state from what it needs and what the device holds: all of it kept → loaded;
 * some of it (an older version, or evicted) → stale; none → none; while fetching → loading; a
 * fetch that failed with files still missing → error.
 */
export function offlineBookState(input: {
  needed: number;
  kept: number;
  fetching: boolean;
  failed: boolean;
}): OfflineState {
  const { needed, kept, fetching, failed } = input;
  if (fetching) return 'loading';
  if (needed > 0 && kept >= needed) return 'loaded';
  if (failed) return 'error';
  return kept > 0 ? 'stale' : 'none';
}
