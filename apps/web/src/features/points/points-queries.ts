import type { TExchange } from '@picbook/contracts';
import { isLastPage } from '@picbook/domain';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';

/** Query keys of the points mall; everything under ['points'] moves with the balance. */
export const pointsKeys = {
  all: ['points'] as const,
  detail: () => ['points', 'detail'] as const,
  sign: () => ['points', 'sign'] as const,
  tasks: () => ['points', 'tasks'] as const,
  records: (type: number) => ['points', 'records', type] as const,
  goods: () => ['points', 'goods'] as const,
  goodsDetail: (itemId: number) => ['points', 'goods', itemId] as const,
  orders: () => ['points', 'orders'] as const,
  order: (orderId: number) => ['points', 'order', orderId] as const,
  invitees: () => ['points', 'invitees'] as const,
  ranks: () => ['points', 'ranks'] as const,
};

/** After points moved (sign-in, collect, exchange, cancel, draw) every points view refetches. */
export const refreshPoints = () => queryClient.invalidateQueries({ queryKey: pointsKeys.all });

/**
 * The lucky wheel the points detail names: read by the points mall's daily modal and by the wheel
 * itself (features/lottery), one cache entry for both.
 */
export function useLotteryInfo(id: number, enabled = true) {
  return useQuery({
    queryKey: ['lottery', 'info', id] as const,
    queryFn: () => api('lotteryInfo', { query: { id } }),
    enabled,
  });
}

export function usePointsDetail() {
  return useQuery({ queryKey: pointsKeys.detail(), queryFn: () => api('pointsDetail') });
}

export function useSignIn() {
  return useQuery({ queryKey: pointsKeys.sign(), queryFn: () => api('dailySignDetail') });
}

export function usePointsTasks() {
  return useQuery({ queryKey: pointsKeys.tasks(), queryFn: () => api('pointsMissions') });
}

export function useGoodsList() {
  return useQuery({ queryKey: pointsKeys.goods(), queryFn: () => api('goodsList') });
}

export function useGoodsDetail(itemId: number) {
  return useQuery({
    queryKey: pointsKeys.goodsDetail(itemId),
    queryFn: () => api('goodsDetail', { query: { item_id: itemId } }),
  });
}

/** §9: records ten a page from page 1; loading more stops at page_count. */
export function usePointsRecords(type: number) {
  return useInfiniteQuery({
    queryKey: pointsKeys.records(type),
    queryFn: ({ pageParam }) =>
      api('pointsRecord', { query: { transaction_type: type, page: pageParam, page_size: 10 } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      isLastPage(last.current_page, last.page_count) ? undefined : last.current_page + 1,
  });
}

export function useOrders() {
  return useInfiniteQuery({
    queryKey: pointsKeys.orders(),
    queryFn: ({ pageParam }) => api('orderList', { query: { page: pageParam, page_size: 10 } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      isLastPage(last.current_page, last.page_count) ? undefined : last.current_page + 1,
  });
}

export function useInvitees() {
  return useQuery({ queryKey: pointsKeys.invitees(), queryFn: () => api('invitees') });
}

/** §9: default rank length 20. */
export function useInviteRanks() {
  return useQuery({
    queryKey: pointsKeys.ranks(),
    queryFn: () => api('inviteRanks', { query: { rank_len: 20 } }),
  });
}

export function useDailySign() {
  return useMutation({
    mutationFn: () => api('dailySign'),
    onSuccess: () => void refreshPoints(),
  });
}

export function useReceiveTask() {
  return useMutation({
    mutationFn: (id: string) => api('receivePoints', { body: { id } }),
    onSuccess: () => void refreshPoints(),
  });
}

/** One call of the exchange (the exchange check around it retries). */
export const exchangeOnce = (body: TExchange) => api('exchangeGoods', { body }, { silent: true });
