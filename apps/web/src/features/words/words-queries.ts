import type { TVocabBook, TVocabReviewBody } from '@picbook/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';

/** Query keys of the words area: everything under ['words'] follows the child's reviews. */
export const wordKeys = {
  all: ['words'] as const,
  level: (level: number) => ['words', 'level', level] as const,
  book: (bookId: number, type: TVocabBook['type']) => ['words', 'book', bookId, type] as const,
};

export function useVocabs(level: number) {
  return useQuery({
    queryKey: wordKeys.level(level),
    queryFn: () => api('vocabs', { query: { level } }),
  });
}

/** A book's words: preview (book order), recite (the session: due first) or detail (cards). */
export function useVocabBook(bookId: number, type: TVocabBook['type']) {
  return useQuery({
    queryKey: wordKeys.book(bookId, type),
    queryFn: () =>
      type === 'detail'
        ? api('vocabBookWords', { params: { id: bookId } }, { silent: true })
        : api('vocabBook', { params: { id: bookId }, query: { type } }, { silent: true }),
    retry: false,
    // A recite session is fixed once it starts; answering must not reshuffle it.
    staleTime: type === 'recite' ? Number.POSITIVE_INFINITY : 30_000,
  });
}

/** One recite answer: the server schedules the word again; /words reads its counts afresh. */
export function useReview() {
  return useMutation({
    mutationFn: (body: TVocabReviewBody) => api('vocabReview', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['words', 'level'] });
    },
  });
}
