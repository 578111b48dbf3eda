import { isLastPage } from '@picbook/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';

export const lotteryKeys = {
  info: (id: number) => ['lottery', 'info', id] as const,
  awards: () => ['lottery', 'awards'] as const,
};

export function useLotteryInfo(id: number, enabled = true) {
  return useQuery({
    queryKey: lotteryKeys.info(id),
    queryFn: () => api('lotteryInfo', { query: { id } }),
    enabled,
  });
}

export function useMyAwards() {
  return useInfiniteQuery({
    queryKey: lotteryKeys.awards(),
    queryFn: ({ pageParam }) => api('lotteryAwards', { query: { page: pageParam, page_size: 10 } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      isLastPage(last.current_page, last.page_count) ? undefined : last.current_page + 1,
  });
}
