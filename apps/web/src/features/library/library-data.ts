import type { TBook, TShelfType } from '@picbook/contracts';
import { storage } from '../../shared/platform/storage';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { initialLevel } from '../../shared/settings/learning-level';
import { LEVEL_KEY } from '../../shared/settings/levels';
import { preloadPage } from './reader/preload';

/**
 * The library's queries as plain options, light enough for the entry chunk: main.tsx starts a
 * library route's data together with the startup requests (decision 081), and the pages' hooks
 * (library-queries) use the same keys, so they find the answers already in the cache.
 */

/** Query keys of the library; everything under ['books'] depends on the user's access. */
export const libraryKeys = {
  all: ['books'] as const,
  level: (level: number) => ['books', 'level', level] as const,
  book: (id: number) => ['books', 'book', id] as const,
  summary: (id: number) => ['books', 'summary', id] as const,
  areas: (id: number) => ['books', 'areas', id] as const,
  shelf: (type: TShelfType, page = 1) => ['books', 'shelf', type, page] as const,
  shelfPages: (type: TShelfType) => ['books', 'shelf', type, 'pages'] as const,
};

export const bookQuery = (id: number) => ({
  queryKey: libraryKeys.book(id),
  queryFn: () => api('book', { params: { id } }),
  staleTime: 5 * 60_000,
});

export const levelBooksQuery = (level: number) => ({
  queryKey: libraryKeys.level(level),
  queryFn: () => api('levelBooks', { params: { level } }),
});

export const shelfQuery = (type: TShelfType, page = 1) => ({
  queryKey: libraryKeys.shelf(type, page),
  queryFn: () => api('bookshelf', { params: { type }, query: { page } }),
});

/**
 * The level the library opens on: the one chosen last on this device, else the child's (the
 * tabs' one rule, shared/settings/learning-level.ts; index.html's boot script restates it).
 */
export function libraryLevel(userLevel: number | undefined): number {
  return initialLevel(userLevel, storage.get(LEVEL_KEY));
}

/** The library tab's own lists: the opening level's books and the book being read. */
export async function prefetchLibrary(userLevel: number | undefined): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(levelBooksQuery(libraryLevel(userLevel))),
    queryClient.prefetchQuery(shelfQuery('reading', 1)),
  ]);
}

/**
 * Fetches a book while the curtain covers the screen, and its opening page's picture and
 * narration (where the child stopped, else the first), so the reader opens ready to play.
 */
export async function prefetchBook(id: number): Promise<void> {
  await queryClient.prefetchQuery(bookQuery(id));
  const book = queryClient.getQueryData<TBook>(libraryKeys.book(id));
  if (!book) return;
  const reading = book.reading;
  const at = reading && !reading.finished ? reading.page : 1;
  await preloadPage(book.pages[at - 1]);
}
