import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContactReason, MessageStatus } from '@shared/contact';
import { PAGE_SIZES } from '@shared/constants';
import { apiGet } from '@web/lib/api';
import { CONTACT_KEY } from './keys';

export type ConversationFilters = {
  unread: boolean;
  needsReply: boolean;
  archived: boolean;
  status: MessageStatus | '';
  category: ContactReason | '';
  search: string;
};

function query(f: ConversationFilters) {
  const p = new URLSearchParams({ per_page: String(PAGE_SIZES.adminConversations) });
  if (f.unread) p.set('show_unread', 'true');
  if (f.needsReply) p.set('show_needs_reply', 'true');
  if (f.archived) p.set('archived_only', 'true');
  if (f.status) p.set('status', f.status);
  if (f.category) p.set('category', f.category);
  if (f.search.trim()) p.set('search', f.search.trim());
  return p.toString();
}

/** GET /contact/conversations, 100 at a time as the admin screen asks (docs/product.md#constants). */
export const useConversations = (filters: ConversationFilters) =>
  useQuery({
    queryKey: [...CONTACT_KEY, 'conversations', filters],
    queryFn: ({ signal }) => apiGet(`/contact/conversations?${query(filters)}`, { answer: 'conversations', signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
