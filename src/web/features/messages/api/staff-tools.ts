import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '@web/lib/api';
import { ADMIN_COUNTS_KEY } from '@web/lib/admin-counts-key';
import { CONTACT_KEY } from './keys';

/** GET /contact/staff: who a conversation can be assigned to. */
export const useStaffMembers = () =>
  useQuery({
    queryKey: [...CONTACT_KEY, 'staff'],
    queryFn: ({ signal }) => apiGet('/contact/staff', { signal }),
    staleTime: 5 * 60_000,
  });

function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: CONTACT_KEY }),
      qc.invalidateQueries({ queryKey: ADMIN_COUNTS_KEY }),
    ]);
}

/** PUT /contact/conversations/:id/assignee: a staff member's id, or null for unassigned. */
export function useAssign(conversationId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: number | null) =>
      apiPut('/contact/conversations/{id}/assignee', { user_id: userId }, { path: { id: conversationId } }),
    onSuccess: refresh,
  });
}

/** PUT /contact/conversations/:id/unread: unread for staff again until one opens it. */
export function useMarkUnread(conversationId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiPut('/contact/conversations/{id}/unread', {}, { path: { id: conversationId } }),
    onSuccess: refresh,
  });
}
