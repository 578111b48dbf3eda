import type { TBook } from '@picbook/contracts';
import { useEffect } from 'react';
import { create } from 'zustand';
import { isOffline } from '../platform/network';
import {
  bookMediaUrls,
  isBookMedia,
  mediaCacheKey,
  OFFLINE_CACHES,
  type OfflineState,
  offlineBookState,
} from './cache-rules';

/**
 * The page's side of reading offline (decision 074): registers the service worker in the built
 * app, fetches the rest of a book the child opened so the worker keeps it, drops a book whose
 * right has ended, and forgets everything on logout.
 */

const hasWorkers = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
const hasCaches = () => typeof caches !== 'undefined';

export function registerOfflineWorker(): void {
  if (!import.meta.env.PROD || !hasWorkers()) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app still runs online; nothing to tell the child.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Each book's offline copy in the spec's package-download states, for the screens. */
export interface BookOffline {
  state: OfflineState;
  kept: number;
  needed: number;
}

export const useOfflineBooks = create<{ books: Record<number, BookOffline> }>(() => ({
  books: {},
}));

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
  const urls = bookMediaUrls(book.pages);
  setBook(id, { state: 'checking', kept: 0, needed: urls.length });
  const kept = (await keptUrls(urls)).size;
  setBook(id, {
    state: offlineBookState({ needed: urls.length, kept, fetching: false, failed: false }),
    kept,
    needed: urls.length,
  });
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
  const urls = bookMediaUrls(book.pages);
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
  const state = offlineBookState({ needed: urls.length, kept, fetching: false, failed });
  setBook(id, { state, kept, needed: urls.length });
  return state;
}

/** Drops a book's media and answers from the offline copy (its right has ended). */
export async function forgetBook(bookId: number): Promise<void> {
  setBook(bookId, null);
  if (!hasCaches()) return;
  const media = await caches.open(OFFLINE_CACHES.media);
  const keys = await media.keys();
  await Promise.all(keys.filter((r) => isBookMedia(r.url, bookId)).map((r) => media.delete(r)));
  const api = await caches.open(OFFLINE_CACHES.api);
  const answers = await api.keys();
  await Promise.all(
    answers
      .filter((r) => new URL(r.url).pathname.endsWith(`/books/${bookId}`))
      .map((r) => api.delete(r)),
  );
}

/** Logout: nothing of the family stays on the device. */
export async function forgetOfflineData(): Promise<void> {
  useOfflineBooks.setState({ books: {} });
  if (!hasCaches()) return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}

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
