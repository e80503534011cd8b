import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@web/lib/api';

const key = (id: number) => ['customer', id] as const;

export const useCustomer = (id: number) =>
  useQuery({
    queryKey: key(id),
    queryFn: () => apiGet('/customers/{id}', { path: { id } }).then((r) => r.customer),
  });

export function useAddNote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiPost('/customers/{id}/notes', { body }, { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(id) }),
  });
}

/** Staff write first, through the message centre: the customer's conversation, mailed to them. */
export function useMessageCustomer(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiPost('/contact/customers/{id}/messages', { message }, { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(id) }),
  });
}
