import type { TReadMode, TShelfType } from '@picbook/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { bookQuery, levelBooksQuery, libraryKeys, shelfQuery } from './library-data';
import { sendProgress } from './progress-outbox';

export { bookQuery, libraryKeys, prefetchBook } from './library-data';

export function useLevelBooks(level: number) {
  return useQuery(levelBooksQuery(level));
}

export function useBook(id: number) {
  return useQuery(bookQuery(id));
}

export function useBookSummary(id: number) {
  return useQuery({
    queryKey: libraryKeys.summary(id),
    queryFn: () => api('bookSummary', { params: { id } }),
  });
}

export function useInteractiveAreas(id: number, enabled = true) {
  return useQuery({
    queryKey: libraryKeys.areas(id),
    queryFn: () => api('interactiveAreas', { params: { id } }),
    enabled,
  });
}

export function useShelf(type: TShelfType, page = 1, enabled = true) {
  return useQuery({ ...shelfQuery(type, page), enabled });
}

/** A whole shelf, page after page ("加载更多"); page_size is the server's default (20). */
export function useShelfPages(type: TShelfType) {
  return useInfiniteQuery({
    queryKey: libraryKeys.shelfPages(type),
    queryFn: ({ pageParam }) => api('bookshelf', { params: { type }, query: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
  });
}

/** After an unlock or a reading step the lists, shelves and book views are refetched. */
const refreshLibrary = () => queryClient.invalidateQueries({ queryKey: libraryKeys.all });

export function useUnlockBook(id: number) {
  return useMutation({
    // The unlock refusal is explained on the detail page itself, not in a toast.
    mutationFn: () => api('unlockBook', { params: { id } }, { silent: true }),
    onSuccess: refreshLibrary,
  });
}

export function useFavoriteBook(id: number) {
  return useMutation({
    mutationFn: (favorite: boolean) =>
      api('favoriteBook', { params: { id }, body: { favorite: favorite ? 1 : 0 } }),
    onSuccess: refreshLibrary,
  });
}

/**
 * Saves reading progress without disturbing the child: failures are silent (the next page turn
 * saves again, and the server keeps the furthest page anyway); without a network the step waits
 * on the device and is sent when the connection returns (progress-outbox).
 */
export async function saveReadingProgress(
  id: number,
  process: string,
  type: TReadMode,
  finished = false,
) {
  const reading = await sendProgress({ bookId: id, process, type, finished });
  // Lists and shelves show the new state when next opened; the open book is not refetched.
  void queryClient.invalidateQueries({
    queryKey: libraryKeys.all,
    predicate: (q) => q.queryKey[1] !== 'book',
  });
  return reading;
}
