import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api';
import { conversationQuery, type ConversationFilters } from '../filters';
import { CONTACT_KEY } from './keys';

/** GET /contact/conversations with the message centre's filters. */
export const useConversations = (filters: ConversationFilters) =>
  useQuery({
    queryKey: [...CONTACT_KEY, 'conversations', filters],
    queryFn: ({ signal }) =>
      apiGet('/contact/conversations', { query: new URLSearchParams(conversationQuery(filters)), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
