import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';
import { CONTACT_KEY } from './keys';

/** GET /contact/thread/:id, where :id is the conversation id of /admin/messages/:threadId. */
export const useThread = (conversationId: number | null) =>
  useQuery({
    queryKey: [...CONTACT_KEY, 'thread', conversationId],
    queryFn: ({ signal }) => apiGet('/contact/thread/{id}', { path: { id: conversationId! }, signal }),
    enabled: conversationId !== null,
    retry: false,
  });
