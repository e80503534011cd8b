import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@web/lib/api';
import { ORDERS_KEY } from './orders-api';

// Paying a card order online (docs/security.md#payments): the server opens Stripe's page, and only the server says
// whether the order is paid.

/** POST /orders/:id/pay: the address of Stripe's Checkout page for the order's balance. */
export const startPayment = (id: number) => apiPost('/orders/{id}/pay', {}, { path: { id } }).then((r) => r.url);

/** Pay now: off to Stripe's page. The button stays busy while the browser leaves. */
export function usePayNow() {
  return useMutation({
    mutationFn: startPayment,
    onSuccess: (url) => window.location.assign(url),
  });
}

/** POST /orders/:id/pay/check: the server asks Stripe about the order's sessions and answers the order as it now is. */
export function useCheckPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost('/orders/{id}/pay/check', {}, { path: { id } }).then((r) => r.order),
    onSuccess: (order) => {
      qc.setQueryData([...ORDERS_KEY, order.id], order);
      void qc.invalidateQueries({ queryKey: ORDERS_KEY, exact: true });
    },
  });
}

/** GET /orders/:id/invoice-link: the signed address of the order's printable invoice (no login needed to open it). */
export const useInvoiceLink = (id: number) =>
  useQuery({
    queryKey: [...ORDERS_KEY, id, 'invoice-link'],
    queryFn: () => apiGet('/orders/{id}/invoice-link', { path: { id } }).then((r) => r.url),
    staleTime: Infinity,
  });
