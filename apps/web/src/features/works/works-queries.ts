import { ErrorCode } from '@picbook/contracts/errors';
import { WORKS_PAGE_SIZE } from '@picbook/contracts/works-limits';
import { isLastPage, type WorkSort } from '@picbook/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';
import { isRequestError } from '../../shared/request/request-error';

/** What a works list shows: mode (-1 all, 1 repeat, 2 speak), book level (null: all), order. */
export interface WorksFilter {
  type: -1 | 1 | 2;
  level: number | null;
  sort: WorkSort;
}

/** Every works query key starts with 'works', so the like store can patch them all. */
export const worksKeys = {
  ranks: (bookId: number, type: number) => ['works', 'ranks', bookId, type] as const,
  myRank: (bookId: number, type: number) => ['works', 'myrank', bookId, type] as const,
  pk: (bookId: number, type: number, rankId: number) =>
    ['works', 'pk', bookId, type, rankId] as const,
  rank: (id: number) => ['works', 'rank', id] as const,
  /** A works home page (GET user/overview/{id}). */
  home: (userId: number) => ['works', 'home', userId] as const,
  /** Every works list of a user; with a filter, one list (GET user/works/{id}). */
  list: (userId: number, filter?: WorksFilter) =>
    filter
      ? (['works', 'list', userId, filter.type, filter.level, filter.sort] as const)
      : (['works', 'list', userId] as const),
  /** The guardian's choice to show the child's works (parents' center). */
  publicWorks: () => ['works', 'public'] as const,
};

/** A book's ranking, a page at a time (10); loading more stops at page_count. */
export function useBookRanks(bookId: number, type: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: worksKeys.ranks(bookId, type),
    queryFn: ({ pageParam }) =>
      api('bookRanks', { params: { id: bookId }, query: { type, sort: 2, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page >= last.page_count ? undefined : last.page + 1),
    enabled,
  });
}

export function useMyRank(bookId: number, type: number, enabled = true) {
  return useQuery({
    queryKey: worksKeys.myRank(bookId, type),
    queryFn: () => api('myRank', { params: { id: bookId }, query: { type } }, { silent: true }),
    enabled,
  });
}

/** One work with its recorded items (GET rank/{id}). */
export function useRankDetail(id: number) {
  return useQuery({
    queryKey: worksKeys.rank(id),
    queryFn: () => api('rankDetail', { params: { id } }),
  });
}

export function usePk(bookId: number, type: number, rankId: number) {
  return useQuery({
    queryKey: worksKeys.pk(bookId, type, rankId),
    queryFn: () => api('bookPk', { params: { id: bookId }, query: { type, rank_id: rankId } }),
  });
}

/** A hidden child's works (10024) stay hidden on a second try: no retry for that answer. */
const retryUnlessHidden = (failures: number, error: unknown) =>
  failures < 1 && !(isRequestError(error) && error.code === ErrorCode.RecordNotFound);

/**
 * A child's works home: profile, counts and up to 10 best works. Another child's home answers
 * 10024 while their guardian has not made the works public; the page says so itself (silent).
 */
export function useUserOverview(userId: number, isOwn: boolean) {
  return useQuery({
    queryKey: worksKeys.home(userId),
    queryFn: () => api('userOverview', { params: { id: userId } }, { silent: !isOwn }),
    retry: retryUnlessHidden,
    enabled: userId > 0,
  });
}

/** A child's works, 50 a page (§9); loading more stops when page reaches page_count (§5). */
export function useUserWorks(userId: number, filter: WorksFilter, isOwn: boolean) {
  return useInfiniteQuery({
    queryKey: worksKeys.list(userId, filter),
    queryFn: ({ pageParam }) =>
      api(
        'userWorks',
        {
          params: { id: userId },
          query: {
            type: filter.type,
            level: filter.level ?? undefined,
            sort: filter.sort,
            page: pageParam,
            page_size: WORKS_PAGE_SIZE,
          },
        },
        { silent: !isOwn },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      isLastPage(last.page, last.page_count) ? undefined : last.page + 1,
    retry: retryUnlessHidden,
    enabled: userId > 0,
  });
}

/** Whether the child's works are shown to others (parents' center). */
export function usePublicWorks() {
  return useQuery({
    queryKey: worksKeys.publicWorks(),
    queryFn: () => api('getPublicWorks'),
  });
}
