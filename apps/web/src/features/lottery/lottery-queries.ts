import { isLastPage } from '@picbook/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';

export const lotteryKeys = {
  awards: () => ['lottery', 'awards'] as const,
};

export function useMyAwards() {
  return useInfiniteQuery({
    queryKey: lotteryKeys.awards(),
    queryFn: ({ pageParam }) => api('lotteryAwards', { query: { page: pageParam, page_size: 10 } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      isLastPage(last.current_page, last.page_count) ? undefined : last.current_page + 1,
  });
}
