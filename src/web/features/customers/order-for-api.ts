import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CustomerQuote, CustomerQuoteInput, PlaceForCustomerBody } from '@shared/phone-orders';
import { ApiRequestError, apiGet, apiPost } from '@web/lib/api';

/** The customer, their department, their ways to pay and the catalogue they see. */
export const useOrderingFor = (id: number) =>
  useQuery({
    queryKey: ['ordering-for', id],
    queryFn: () => apiGet('/orders/admin/for-customer/{customerId}', { path: { customerId: id } }),
  });

/** The lines priced for the customer by the server (their department, allowance, tax), as staff build the order. */
export const useCustomerQuote = (id: number, body: CustomerQuoteInput | null) =>
  useQuery({
    queryKey: ['ordering-for', id, 'quote', body],
    queryFn: async ({ signal }): Promise<CustomerQuote> =>
      (await apiPost('/orders/admin/for-customer/{customerId}/quote', body!, { path: { customerId: id }, signal }))
        .quote,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });

const uuid = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Places the order with one Idempotency-Key per attempt, so a double click or a retry after a lost answer gives the
 * same order; the key is dropped after a definite answer, so a corrected order gets a new one.
 */
export function usePlaceForCustomer(id: number) {
  const qc = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (body: PlaceForCustomerBody) => {
      key.current ??= uuid();
      return apiPost('/orders/admin/for-customer/{customerId}', body, {
        path: { customerId: id },
        headers: { 'Idempotency-Key': key.current },
      }).then((r) => r.order);
    },
    onSuccess: async () => {
      key.current = null;
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['customer', id] }),
        qc.invalidateQueries({ queryKey: ['ordering-for', id] }),
        qc.invalidateQueries({ queryKey: ['admin-orders'] }),
      ]);
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.status !== 409)
        key.current = null;
    },
  });
}
