import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput } from '@shared/addresses';
import { apiDelete, apiGet, apiPost, apiPut } from '@web/lib/api';

// docs/product.md#saved-addresses: the customer's saved shipping addresses, for the profile and the checkout.
export const ADDRESSES_KEY = ['profile', 'addresses'] as const;

export const useAddresses = (enabled = true) =>
  useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: () => apiGet('/profile/addresses').then((r) => r.addresses),
    enabled,
  });

function useAddressMutation<V>(call: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => qc.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}

export const useSaveAddress = () =>
  useAddressMutation((v: { id?: number; body: AddressInput }) =>
    v.id === undefined
      ? apiPost('/profile/addresses', v.body).then((r) => r.address)
      : apiPut('/profile/addresses/{id}', v.body, { path: { id: v.id } }).then((r) => r.address),
  );

export const useDefaultAddress = () =>
  useAddressMutation((id: number) => apiPost('/profile/addresses/{id}/default', undefined, { path: { id } }));

export const useDeleteAddress = () =>
  useAddressMutation((id: number) => apiDelete('/profile/addresses/{id}', { path: { id } }));
