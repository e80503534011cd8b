import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyInput } from '@shared/contact';
import { apiPatch, apiPost, apiPut } from '@web/lib/api';
import { ADMIN_COUNTS_KEY } from '@web/lib/admin-counts-key';
import { CONTACT_KEY } from './keys';

/** After any change the lists, the thread and the shell's badges are refreshed. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: CONTACT_KEY }),
      qc.invalidateQueries({ queryKey: ADMIN_COUNTS_KEY }),
    ]);
}

/** PUT /contact/:id/read with scope conversation: every pending message of the conversation becomes read. */
export function useMarkConversationRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (messageId: number) =>
      apiPut('/contact/{id}/read', { scope: 'conversation' }, { path: { id: messageId } }),
    onSuccess: refresh,
  });
}

/** POST /contact/:id/send-reply: stored, e-mailed to the sender, and the customer messages marked replied. */
export function useSendReply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ messageId, body }: { messageId: number; body: ReplyInput }) =>
      apiPost('/contact/{id}/send-reply', body, { path: { id: messageId } }),
    onSuccess: refresh,
  });
}

/** PATCH /contact/:id {archived}: archives or restores the message's conversation. */
export function useSetArchived() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ messageId, archived }: { messageId: number; archived: boolean }) =>
      apiPatch('/contact/{id}', { archived }, { path: { id: messageId } }),
    onSuccess: refresh,
  });
}
