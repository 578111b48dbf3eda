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
  /** Books saved for offline: the answers their entrances need and the list of them, unbounded. */
  saved: 'picbook-saved',
  /**
   * The device's speech scorer (decision 107): its code, SoundSwallower's wasm and the model files,
   * all content-hashed; kept once a child has used speaking, never precached.
   */
  speech: 'picbook-speech',
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
const NOT_APP_PREFIXES = [
  '/api/',
  '/media/',
  '/uploads/',
  '/dev/',
  '/legal/',
  '/oauth/',
  '/ops',
  '/speech/',
];

/** The device scorer's files: versioned by content hash, so one copy is good for ever. */
const SPEECH_FILE_PREFIXES = ['/speech/f/', '/assets/speech/'];
/** Which model the server scores with (the device model): from the network, its last copy offline. */
export const SPEECH_MODEL_PATH = '/speech/model.json';

export type OfflineRoute = 'page' | 'media' | 'api' | 'speech' | 'speechModel' | null;

/** Which runtime cache a GET request of this origin belongs to (null: straight to the network). */
export function offlineRoute(url: URL, mode: RequestMode | string): OfflineRoute {
  const path = url.pathname;
  if (mode === 'navigate') {
    return NOT_APP_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))
      ? null
      : 'page';
  }
  if (path.startsWith('/media/')) return 'media';
  if (SPEECH_FILE_PREFIXES.some((p) => path.startsWith(p))) return 'speech';
  if (path === SPEECH_MODEL_PATH) return 'speechModel';
  if (path.startsWith('/api/') && !NO_OFFLINE_API.some((p) => path.startsWith(p))) return 'api';
  return null;
}

/**
 * API reads that must never be answered from an old copy (money, codes, live state; a shared
 * work, which must stop showing once consent is withdrawn — decision 092).
 */
const NO_OFFLINE_API = [
  '/api/pingback',
  '/api/v1/sms',
  '/api/v1/pay',
  '/api/v1/orders',
  '/api/v1/shared/',
];

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

/** Whose answers a request asks for: a SHA-256 digest of the token ('guest' without one). */
export async function tokenDigest(token: string | null | undefined): Promise<string> {
  if (!token) return 'guest';
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(bytes).slice(0, 12)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

/**
 * The answers a saved book's entrances need offline (the detail page, its summary and talking
 * pictures, the reader): kept with the book in the saved cache, not subject to the API cache's
 * bounds, and refreshed whenever the network answers them again.
 */
export function savedBookApiPaths(bookId: number): string[] {
  return [
    `/api/v1.1/books/${bookId}`,
    `/api/v1/books/${bookId}/summary`,
    `/api/v1/books/${bookId}/interactive_areas`,
  ];
}

/** Whether an API key (or URL) is an answer about one book (to drop it with the book). */
export function isBookAnswer(key: string, bookId: number): boolean {
  return new RegExp(`/books/${bookId}(/|$)`).test(new URL(key, 'http://x').pathname);
}

/** The saved cache's list of saved books (one per family and child, keyed like an answer). */
export const SAVED_INDEX_PATH = '/api/__offline/saved-books';

/** A saved book as the library shows it offline: its card as last answered (the page's type). */
export interface SavedBookEntry<Card = unknown> {
  id: number;
  saved_at: number;
  card: Card;
}

/** The list with a book added (or its entry replaced), newest first. */
export function withSavedBook<C>(list: readonly SavedBookEntry<C>[], entry: SavedBookEntry<C>) {
  return [entry, ...list.filter((b) => b.id !== entry.id)];
}

/** The list without a book. */
export function withoutSavedBook<C>(list: readonly SavedBookEntry<C>[], bookId: number) {
  return list.filter((b) => b.id !== bookId);
}

/** A stored list read back; malformed entries are left out, anything else counts as no list. */
export function parseSavedIndex(value: unknown): SavedBookEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (b): b is SavedBookEntry =>
      typeof b === 'object' &&
      b !== null &&
      Number.isInteger((b as SavedBookEntry).id) &&
      typeof (b as SavedBookEntry).card === 'object' &&
      (b as SavedBookEntry).card !== null,
  );
}

/** All app documents share one cached copy of index.html. */
export const PAGE_CACHE_KEY = '/index.html';

/**
 * The media of a book: what a reader needs to read it offline (pictures, narration, hotspots), and
 * what its card and detail page show (`covers`: the cover in both sizes).
 */
export function bookMediaUrls(
  pages: readonly { image: string; audio: string; hotspots: readonly { audio: string }[] }[],
  covers: readonly string[] = [],
): string[] {
  const urls = new Set<string>();
  for (const url of covers) if (url?.startsWith('/media/')) urls.add(url);
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
