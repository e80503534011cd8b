import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { QuoteRequestInput, QuoteStatus, StaffQuoteStartInput } from '@shared/quotes';
import { ApiRequestError, apiGet, apiPost, apiPut, type ApiBody } from '@web/lib/api';

const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['quotes'] });
const noRetryOn4xx = (n: number, err: unknown) => !(err instanceof ApiRequestError && err.status < 500) && n < 1;
type Fulfillment = 'pickup' | 'shipping';

export const useMyQuotes = () => useQuery({ queryKey: ['quotes', 'mine'], queryFn: () => apiGet('/quotes') });

export const useQuote = (id: number, fulfillment: Fulfillment) =>
  useQuery({
    queryKey: ['quotes', 'one', id, fulfillment],
    queryFn: () => apiGet('/quotes/{id}', { path: { id }, query: { fulfillment } }),
    retry: noRetryOn4xx,
    placeholderData: (previous) => previous,
  });

export const useCheckoutChoices = () =>
  useQuery({ queryKey: ['checkout', 'info'], queryFn: () => apiGet('/orders/checkout-info') });

export function useRequestQuote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteRequestInput) => apiPost('/quotes', body),
    onSettled: () => refresh(qc),
  });
}

export function useAcceptQuote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/quotes/{id}/accept', 'post'>) =>
      apiPost('/quotes/{id}/accept', body, { path: { id } }),
    onSettled: () => Promise.all([refresh(qc), qc.invalidateQueries({ queryKey: ['orders'] })]),
  });
}

export function useDeclineQuote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiPost('/quotes/{id}/decline', { reason: reason || null }, { path: { id } }),
    onSettled: () => refresh(qc),
  });
}

export const useQuoteQueue = (status: QuoteStatus | undefined) =>
  useQuery({
    queryKey: ['quotes', 'queue', status ?? 'all'],
    queryFn: () => apiGet('/quotes/admin', { query: { status } }),
  });

export const useStaffQuote = (id: number) =>
  useQuery({
    queryKey: ['quotes', 'staff', id],
    queryFn: () => apiGet('/quotes/admin/{id}', { path: { id } }),
    retry: noRetryOn4xx,
  });

/** The customer's catalogue, for staff adding lines to a quote (the phone order's own answer). */
export const useCustomerCatalogue = (customerId: number | undefined) =>
  useQuery({
    queryKey: ['quotes', 'catalogue', customerId],
    queryFn: () => apiGet('/orders/admin/for-customer/{customerId}', { path: { customerId: customerId! } }),
    enabled: customerId !== undefined,
  });

export function useSaveQuote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/quotes/admin/{id}', 'put'>) => apiPut('/quotes/admin/{id}', body, { path: { id } }),
    onSuccess: (answer) => qc.setQueryData(['quotes', 'staff', id], answer),
    onSettled: () => refresh(qc),
  });
}

export function useSendQuote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/quotes/admin/{id}/send', {}, { path: { id } }),
    onSettled: () => refresh(qc),
  });
}

export function useStartQuote(customerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffQuoteStartInput) =>
      apiPost('/quotes/admin/for-customer/{customerId}', body, { path: { customerId } }),
    onSettled: () => refresh(qc),
  });
}

export const useQuotePrint = (token: string) =>
  useQuery({
    queryKey: ['quotes', 'print', token],
    queryFn: () => apiGet('/quotes/print/{token}', { path: { token } }),
    retry: noRetryOn4xx,
  });
