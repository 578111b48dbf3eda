import type { TGoodsCategory } from '@picbook/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { useStartup } from '../../shared/startup/startup-store';
import { libraryKeys } from '../library';

/** Query keys of the store. */
export const storeKeys = {
  all: ['store'] as const,
  goods: (query: GoodsQuery) => ['store', 'goods', query] as const,
  orders: () => ['store', 'orders'] as const,
  recent: () => ['store', 'orders', 'recent'] as const,
};

export interface GoodsQuery {
  category?: TGoodsCategory;
  product_id?: string;
  promo?: string;
}

export function useGoods(query: GoodsQuery = {}) {
  return useQuery({
    queryKey: storeKeys.goods(query),
    queryFn: () => api('goods', { query }),
    staleTime: 60_000,
  });
}

export function useRecentOrders(enabled = true) {
  return useQuery({
    queryKey: storeKeys.recent(),
    queryFn: () => api('orders', { query: { page: 1, page_size: 3 } }, { silent: true }),
    enabled,
  });
}

/** All my orders, page after page. */
export function useOrderPages() {
  return useInfiniteQuery({
    queryKey: storeKeys.orders(),
    queryFn: ({ pageParam }) => api('orders', { query: { page: pageParam, page_size: 10 } }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
  });
}

export function useCancelOrder() {
  return useMutation({
    mutationFn: (id: string) => api('cancelStoreOrder', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}

/**
 * After a purchase: user info (vip, rights) is reloaded at once and every book list, shelf and
 * book is refetched, so access codes (0 for members) follow without waiting.
 */
export async function refreshAfterPurchase(): Promise<void> {
  await useStartup.getState().reloadUser();
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  ]);
}
