import type { TBook } from '@picbook/contracts';
import { useEffect } from 'react';
import { bookMediaUrls, isBookMedia, OFFLINE_CACHES } from './cache-rules';

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

const kept = new Set<number>();

/**
 * Fetches every picture and narration of an open book one by one (through the worker, which keeps
 * them), after the reader has what it needs now. Skipped without a controlling worker, on a
 * data-saving connection, and for a book already kept in this page session.
 */
export async function keepBookOffline(book: TBook): Promise<number> {
  const id = book.book_info.id;
  if (!hasWorkers() || !navigator.serviceWorker.controller || kept.has(id)) return 0;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return 0;
  kept.add(id);
  let fetched = 0;
  for (const url of bookMediaUrls(book.pages)) {
    if (!navigator.onLine) break;
    try {
      const response = await fetch(url, {
        credentials: 'same-origin',
        priority: 'low',
      } as RequestInit);
      if (response.ok) fetched += 1;
      await response.arrayBuffer();
    } catch {
      // The worker keeps whatever arrived; a later opening fetches the rest.
    }
  }
  return fetched;
}

/** Drops a book's media and answers from the offline copy (its right has ended). */
export async function forgetBook(bookId: number): Promise<void> {
  if (!hasCaches()) return;
  kept.delete(bookId);
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
  kept.clear();
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
