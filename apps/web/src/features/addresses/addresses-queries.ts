import type { TAddressSave } from '@picbook/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';

export const addressKeys = {
  list: () => ['addresses', 'list'] as const,
  regions: () => ['addresses', 'regions'] as const,
};

export function useAddresses() {
  return useQuery({ queryKey: addressKeys.list(), queryFn: () => api('addressList') });
}

/** The region tree changes once a year: fetched once per session. */
export function useRegions() {
  return useQuery({
    queryKey: addressKeys.regions(),
    queryFn: () => api('areaList'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: addressKeys.list() });

/** Saves an address; a field error comes back to the form (no toast), anything else toasts. */
export function useSaveAddress() {
  return useMutation({
    mutationFn: (body: TAddressSave) => api('saveAddress', { body }, { silent: true }),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteAddress() {
  return useMutation({
    mutationFn: (addressId: number) => api('deleteAddress', { body: { address_id: addressId } }),
    onSuccess: () => void refresh(),
  });
}
