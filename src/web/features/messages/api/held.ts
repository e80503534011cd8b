import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '@web/lib/api';
import { ADMIN_COUNTS_KEY } from '@web/lib/admin-counts-key';
import { CONTACT_KEY } from './keys';

/** GET /contact/held?conversation_id: e-mailed mail waiting for a staff decision in this conversation. */
export const useHeldMail = (conversationId: number) =>
  useQuery({
    queryKey: [...CONTACT_KEY, 'held', conversationId],
    queryFn: ({ signal }) => apiGet('/contact/held', { query: { conversation_id: conversationId }, signal }),
    refetchInterval: 30_000,
  });

/** Accept (it joins the thread as a pending message) or discard held mail. */
export function useDecideHeld() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      accept
        ? apiPost('/contact/held/{id}/accept', {}, { path: { id } })
        : apiDelete('/contact/held/{id}', { path: { id } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: CONTACT_KEY }),
        qc.invalidateQueries({ queryKey: ADMIN_COUNTS_KEY }),
      ]),
  });
}
