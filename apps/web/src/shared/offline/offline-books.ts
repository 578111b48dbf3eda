import type { TBook, TBookCard } from '@picbook/contracts';
import { useEffect } from 'react';
import { create } from 'zustand';
import { afterLoadIdle } from '../platform/idle';
import { isOffline } from '../platform/network';
import { readHeaders } from '../request/request';
import { useSession } from '../session/session';
import {
  apiCacheKey,
  bookMediaUrls,
  isBookAnswer,
  isBookMedia,
  mediaCacheKey,
  OFFLINE_CACHES,
  type OfflineState,
  offlineBookState,
  parseSavedIndex,
  SAVED_INDEX_PATH,
  type SavedBookEntry,
  savedBookApiPaths,
  tokenDigest,
  withoutSavedBook,
  withSavedBook,
} from './cache-rules';

/**
 * The page's side of reading offline (decisions 074, 096): registers the service worker in the
 * built app, fetches the rest of a book the child opened so the worker keeps it, keeps with a saved
 * book the answers its entrances need (detail, summary, reader) and a list of the saved books,
 * drops a book whose right has ended, and forgets everything on logout or a switch of account.
 */

const hasWorkers = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
/** The built app registers its worker; development and the unit tests run without one. */
const registersWorker = () => import.meta.env.PROD && hasWorkers();
const hasCaches = () => typeof caches !== 'undefined';

/**
 * How long after the first load has gone idle the worker is registered (decision 114). Its
 * install downloads and stores the app's code (~250 files, 1.5 MB): on a 2-core phone that is
 * more CPU than the first screen itself, so it waits until the child has that screen.
 */
export const WORKER_REGISTER_DELAY_MS = 3000;

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the service worker now (once): a first need of it that cannot wait (the push
 * opt-in's subscription) calls this; otherwise `registerOfflineWorker` does, later.
 */
export function registerWorkerNow(): Promise<ServiceWorkerRegistration | null> {
  if (!registersWorker()) return Promise.resolve(null);
  registration ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without a worker the app still runs online; nothing to tell the child.
    return null;
  });
  return registration;
}

export function registerOfflineWorker(): void {
  void loadSavedBooks();
  if (!registersWorker()) return;
  afterLoadIdle(() => setTimeout(() => void registerWorkerNow(), WORKER_REGISTER_DELAY_MS), {
    fallbackMs: 1000,
  });
}

/** Each book's offline copy in the spec's package-download states, for the screens. */
export interface BookOffline {
  state: OfflineState;
  kept: number;
  needed: number;
}

export const useOfflineBooks = create<{
  books: Record<number, BookOffline>;
  /** The books saved for this family and child, by id; null until read from the device. */
  saved: Record<number, SavedBook> | null;
}>(() => ({
  books: {},
  saved: null,
}));

/** A saved book and its card as last answered (the library shows it offline). */
export type SavedBook = SavedBookEntry<TBookCard>;

const byId = (list: SavedBookEntry[]) =>
  Object.fromEntries(list.map((b) => [b.id, b as SavedBook])) as Record<number, SavedBook>;

/** Whether a book is saved on this device for the signed-in child (null: not known yet). */
export function isBookSaved(bookId: number): boolean | null {
  const saved = useOfflineBooks.getState().saved;
  return saved === null ? null : bookId in saved;
}

/** The hook form: true/false once the device's list is read, null before. */
export function useBookSaved(bookId: number): boolean | null {
  return useOfflineBooks((s) => (s.saved === null ? null : bookId in s.saved));
}

function setBook(id: number, value: BookOffline | null): void {
  useOfflineBooks.setState((s) => {
    const books = { ...s.books };
    if (value) books[id] = value;
    else delete books[id];
    return { books };
  });
}

/** Whether this page can keep books (a worker controls it and the Cache API exists). */
export function canKeepOffline(): boolean {
  return hasWorkers() && navigator.serviceWorker.controller != null && hasCaches();
}

async function keptUrls(urls: readonly string[]): Promise<Set<string>> {
  const media = await caches.open(OFFLINE_CACHES.media);
  const found = await Promise.all(
    urls.map(async (url) =>
      (await media.match(mediaCacheKey(new URL(url, window.location.origin)))) ? url : null,
    ),
  );
  return new Set(found.filter((url): url is string => url !== null));
}

/** Looks at what the device holds of a book and records its state (checking → loaded …). */
export async function checkBookOffline(book: TBook): Promise<void> {
  const id = book.book_info.id;
  if (!canKeepOffline() || book.pages.length === 0) return;
  if (useOfflineBooks.getState().books[id]?.state === 'loading') return;
  const urls = mediaOf(book);
  setBook(id, { state: 'checking', kept: 0, needed: urls.length });
  const kept = (await keptUrls(urls)).size;
  const state = offlineBookState({ needed: urls.length, kept, fetching: false, failed: false });
  setBook(id, { state, kept, needed: urls.length });
  // A book whose media are all here but whose answers are not (saved before decision 096).
  if (state === 'loaded' && isBookSaved(id) === false && !isOffline()) await keepAnswers(book);
  // A saved book whose files the browser has since evicted is no longer saved.
  if (state === 'none' && isBookSaved(id)) {
    await updateIndex((list) => withoutSavedBook(list, id)).catch(() => undefined);
  }
}

/**
 * What a book needs on the device to read: its pages' media. (Its cover is kept with its answers,
 * not counted: the library shows covers of books never saved, which would count as half saved.)
 */
function mediaOf(book: TBook): string[] {
  return bookMediaUrls(book.pages);
}

/**
 * Fetches the pictures, narration and hotspot sounds of a book the device does not hold yet, one
 * by one at low priority, through the worker (which keeps them); the state says how far it got.
 * Skipped without a controlling worker and, unless asked for, on a data-saving connection.
 */
export async function keepBookOffline(book: TBook, asked = false): Promise<OfflineState | null> {
  const id = book.book_info.id;
  if (!canKeepOffline() || book.pages.length === 0) return null;
  if (useOfflineBooks.getState().books[id]?.state === 'loading') return 'loading';
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData && !asked) return null;
  const urls = mediaOf(book);
  const have = await keptUrls(urls);
  let kept = have.size;
  let failed = false;
  setBook(id, { state: 'loading', kept, needed: urls.length });
  for (const url of urls) {
    if (have.has(url)) continue;
    if (isOffline()) {
      failed = true;
      break;
    }
    try {
      const response = await fetch(url, {
        credentials: 'same-origin',
        priority: 'low',
      } as RequestInit);
      await response.arrayBuffer();
      if (response.ok) kept += 1;
      else failed = true;
    } catch {
      failed = true;
    }
    setBook(id, { state: 'loading', kept, needed: urls.length });
  }
  let state = offlineBookState({ needed: urls.length, kept, fetching: false, failed });
  // The answers are fetched once (the worker refreshes them whenever the app reads them again).
  const isNew = kept > have.size || isBookSaved(id) !== true;
  if (state === 'loaded' && isNew && !(await keepAnswers(book))) state = 'error';
  setBook(id, { state, kept, needed: urls.length });
  return state;
}

/** Who the answers are for: the digest of the token and the child, as the worker keys them. */
async function who(): Promise<{ digest: string; childId: string | null; token: string | null }> {
  const { token, childId } = useSession.getState();
  return { digest: await tokenDigest(token), childId, token };
}

const answerKey = (path: string, digest: string, childId: string | null) =>
  apiCacheKey(new URL(path, window.location.origin), digest, childId);

/** The list of saved books changes one step at a time (two books may finish saving together). */
let indexQueue: Promise<unknown> = Promise.resolve();

function updateIndex(change: (list: SavedBookEntry[]) => SavedBookEntry[]): Promise<void> {
  const step = indexQueue.then(async () => {
    const { digest, childId } = await who();
    const saved = await caches.open(OFFLINE_CACHES.saved);
    const key = answerKey(SAVED_INDEX_PATH, digest, childId);
    const stored = await saved.match(key);
    const list = change(parseSavedIndex(stored ? await stored.json().catch(() => null) : null));
    await saved.put(
      key,
      new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } }),
    );
    useOfflineBooks.setState({ saved: byId(list) });
  });
  indexQueue = step.catch(() => undefined);
  return step;
}

/** Reads the list of saved books of the signed-in child from the device (startup, a new login). */
export async function loadSavedBooks(): Promise<void> {
  if (!hasCaches()) {
    useOfflineBooks.setState({ saved: {} });
    return;
  }
  const { digest, childId } = await who();
  try {
    const stored = await (await caches.open(OFFLINE_CACHES.saved)).match(
      answerKey(SAVED_INDEX_PATH, digest, childId),
    );
    const list = parseSavedIndex(stored ? await stored.json() : null);
    useOfflineBooks.setState({ saved: byId(list) });
  } catch {
    useOfflineBooks.setState({ saved: {} });
  }
}

/**
 * Keeps with a saved book the answers its entrances need (book, summary, talking pictures) in the
 * saved cache, under the worker's key, and the book in the list of saved books. False when an
 * answer could not be fetched (the book then says it is not fully saved).
 */
async function keepAnswers(book: TBook): Promise<boolean> {
  const info = book.book_info;
  try {
    const { digest, childId } = await who();
    const saved = await caches.open(OFFLINE_CACHES.saved);
    const headers = readHeaders();
    for (const path of savedBookApiPaths(info.id)) {
      const response = await fetch(path, { headers, credentials: 'same-origin' });
      const body = (await response.clone().json()) as { code?: number; data?: unknown };
      if (!response.ok || (body.code !== 0 && body.code !== 200)) return false;
      await saved.put(answerKey(path, digest, childId), response);
      if (path.endsWith('/interactive_areas')) void keepPictures(body.data);
    }
    void keepFiles(bookMediaUrls([], [info.cover.image, info.cover.image_small]));
    await updateIndex((list) =>
      withSavedBook<unknown>(list, {
        id: info.id,
        saved_at: Date.now(),
        card: { book_info: info, reading: book.reading ?? null } satisfies TBookCard,
      }),
    );
    return true;
  } catch {
    return false;
  }
}

/** The talking pictures' thumbnails (the detail page shows them). */
function keepPictures(areas: unknown): Promise<void> {
  const list = (areas as { list?: { image_small?: string }[] } | null)?.list ?? [];
  return keepFiles(list.map((item) => item.image_small ?? ''));
}

/** Files the saved book's screens show besides its pages (cover, thumbnails), best effort. */
async function keepFiles(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    if (!url.startsWith('/media/')) continue;
    await fetch(url, { credentials: 'same-origin', priority: 'low' } as RequestInit)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  }
}

/** Drops a book's media and answers from the offline copy (its right has ended). */
export async function forgetBook(bookId: number): Promise<void> {
  setBook(bookId, null);
  if (!hasCaches()) return;
  const media = await caches.open(OFFLINE_CACHES.media);
  const keys = await media.keys();
  await Promise.all(keys.filter((r) => isBookMedia(r.url, bookId)).map((r) => media.delete(r)));
  for (const name of [OFFLINE_CACHES.api, OFFLINE_CACHES.saved]) {
    const cache = await caches.open(name);
    const answers = await cache.keys();
    await Promise.all(
      answers.filter((r) => isBookAnswer(r.url, bookId)).map((r) => cache.delete(r)),
    );
  }
  if (isBookSaved(bookId)) await updateIndex((list) => withoutSavedBook(list, bookId));
}

/** Logout or another account: nothing of the family stays on the device. */
export async function forgetOfflineData(): Promise<void> {
  useOfflineBooks.setState({ books: {}, saved: {} });
  if (!hasCaches()) return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}

// Whose the device's offline copies are: a logout, or a login that replaces another session (an
// account switch), forgets all of them — another family never reads this one's answers; a new
// child reads its own list of saved books.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token && previous.token !== null) {
    void forgetOfflineData().then(loadSavedBooks);
  } else if (state.token !== previous.token || state.childId !== previous.childId) {
    void loadSavedBooks();
  }
});

/**
 * The reader's hook: an open book is kept for offline reading shortly after it shows; a book the
 * server answers as locked is dropped from the device.
 */
export function useOfflineBook(book: TBook | undefined): void {
  const id = book?.book_info.id;
  const locked = !book || book.book_info.lock === 1 || book.pages.length === 0;
  useEffect(() => {
    if (!book || id === undefined) return;
    if (locked) {
      void forgetBook(id);
      return;
    }
    const timer = window.setTimeout(() => void keepBookOffline(book), KEEP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [book, id, locked]);
}

/** The first page's picture and narration go first; the rest of the book follows. */
const KEEP_DELAY_MS = 1500;
