import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageCustomerInput } from '@shared/contact';
import { apiGet, apiPost } from '@web/lib/api';
import { CONTACT_KEY } from './keys';

/** GET /contact/orders/:id/messages: the messages naming an order, for the staff order view. */
export const useOrderMessages = (orderId: number) =>
  useQuery({
    queryKey: [...CONTACT_KEY, 'order', orderId],
    queryFn: ({ signal }) => apiGet('/contact/orders/{id}/messages', { path: { id: orderId }, signal }),
  });

/** POST /contact/orders/:id/messages: staff write first to the order's customer. */
export function useMessageCustomer(orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageCustomerInput) =>
      apiPost('/contact/orders/{id}/messages', body, { path: { id: orderId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: CONTACT_KEY }),
  });
}
