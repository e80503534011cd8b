import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerReplyInput } from '@shared/my-messages';
import { apiGet, apiPost } from '@web/lib/api';

// The customer's own conversations (GET /contact/mine...). Their key is apart from the staff CONTACT_KEY.
const MINE_KEY = ['my-messages'] as const;

/** The list and the unread count of the profile menu's badge; a staff answer shows within a minute. */
export const useMyConversations = (enabled = true) =>
  useQuery({
    queryKey: [...MINE_KEY, 'list'],
    queryFn: ({ signal }) => apiGet('/contact/mine', { signal }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

export function useMyThread(id: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...MINE_KEY, 'thread', id],
    queryFn: async ({ signal }) => {
      const answer = await apiGet('/contact/mine/{id}', { path: { id: id! }, signal });
      // Opening it marked the shop's messages seen: the badge follows.
      void qc.invalidateQueries({ queryKey: [...MINE_KEY, 'list'] });
      return answer;
    },
    enabled: id !== null,
    retry: false,
    refetchInterval: 30_000,
  });
}

export function useSendMyReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CustomerReplyInput }) =>
      apiPost('/contact/mine/{id}/reply', body, { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: MINE_KEY }),
  });
}
