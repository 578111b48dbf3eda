import { useMutation, useQuery } from '@tanstack/react-query';
import { i18n } from '../../shared/i18n';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { RequestError } from '../../shared/request/request-error';
import { refreshAfterPurchase } from '../store';

export const giftKeys = {
  all: ['gift-cards'] as const,
  cards: () => ['gift-cards', 'cards'] as const,
  activations: () => ['gift-cards', 'activations'] as const,
  prizes: () => ['gift-cards', 'prizes'] as const,
  prize: (source: string, id: number) => ['gift-cards', 'prizes', source, id] as const,
};

export const useGiftCards = () =>
  useQuery({ queryKey: giftKeys.cards(), queryFn: () => api('giftCards') });
export const useActivations = () =>
  useQuery({ queryKey: giftKeys.activations(), queryFn: () => api('giftCardActivations') });
export const usePrizes = () =>
  useQuery({ queryKey: giftKeys.prizes(), queryFn: () => api('giftPrizes') });
export const usePrize = (source: 'card' | 'lottery', id: number) =>
  useQuery({
    queryKey: giftKeys.prize(source, id),
    queryFn: () => api('giftPrize', { params: { skuId: source, itemId: id } }),
    enabled: Number.isInteger(id) && id > 0,
  });

/**
 * A card or a code changed the family's rights: cards, prizes, user info and books follow. Not
 * awaited by the mutations: a failed refresh must not make a done redemption look failed.
 */
function refreshAfterCard(): void {
  void Promise.all([
    queryClient.invalidateQueries({ queryKey: giftKeys.all }),
    refreshAfterPurchase(),
  ]).catch(() => undefined);
}

/**
 * Spec §8: gift, card and redemption errors show the server's message, else fall back to
 * 'data error' (a business code without one) or 'system error' (no answer); wrong-code limits
 * (429) say so.
 */
export function giftErrorMessage(error: unknown): string {
  if (error instanceof RequestError) {
    if (error.status === 429) return i18n.t('giftCards:tooMany');
    if (error.status > 0 && error.status < 500 && error.code > 0 && error.message) {
      return error.message;
    }
    if (error.status > 0 && error.status < 500) return i18n.t('giftCards:dataError');
  }
  return i18n.t('giftCards:systemError');
}

export const useCheckCode = () =>
  useMutation({
    mutationFn: (code: string) =>
      api('giftCardCheck', { query: { gift_code: code } }, { silent: true }),
  });

export const useRedeemCode = () =>
  useMutation({
    mutationFn: (code: string) =>
      api('giftCardRedeem', { body: { gift_code: code } }, { silent: true }),
    onSuccess: () => refreshAfterCard(),
  });

export const useActivateCard = () =>
  useMutation({
    mutationFn: (id: number) => api('giftCardActivate', { body: { id } }, { silent: true }),
    onSuccess: () => refreshAfterCard(),
  });

export const usePrizeAddress = () =>
  useMutation({
    mutationFn: (input: { id: number; address_id: number }) =>
      api('giftPrizeAddress', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftKeys.all }),
  });
