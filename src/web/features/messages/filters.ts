import type { ContactReason, MessageStatus } from '@shared/contact';
import { PAGE_SIZES } from '@shared/constants';

/**
 * The one unread control: every conversation, the unread ones, the ones assigned to me, or those with mail held for
 * review. Kept in the URL (?show=).
 */
export const SHOW_VALUES = ['all', 'unread', 'mine', 'held'] as const;
export type Show = (typeof SHOW_VALUES)[number];
export const SHOW_LABELS: Record<Show, string> = {
  all: 'All',
  unread: 'Unread',
  mine: 'Assigned to me',
  held: 'Held mail',
};

export const showFromUrl = (value: string | null): Show => SHOW_VALUES.find((v) => v === value && v !== 'all') ?? 'all';

/** The search of a message centre URL showing `show`, other parameters kept ('' for all with nothing else). */
export function searchWithShow(search: string, show: Show): string {
  const p = new URLSearchParams(search);
  if (show === 'all') p.delete('show');
  else p.set('show', show);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Unread lives in Show; the status filter narrows to the other two statuses. */
export type ConversationFilters = {
  show: Show;
  needsReply: boolean;
  archived: boolean;
  status: Exclude<MessageStatus, 'pending'> | '';
  category: ContactReason | '';
  search: string;
};

/** GET /contact/conversations query of the filters, 100 at a time as the admin screen asks (docs/product.md#constants). */
export function conversationQuery(f: ConversationFilters): string {
  const p = new URLSearchParams({ per_page: String(PAGE_SIZES.adminConversations) });
  if (f.show === 'unread') p.set('show_unread', 'true');
  if (f.show === 'mine') p.set('assigned', 'me');
  if (f.show === 'held') p.set('held_only', 'true');
  if (f.needsReply) p.set('show_needs_reply', 'true');
  if (f.archived) p.set('archived_only', 'true');
  if (f.status) p.set('status', f.status);
  if (f.category) p.set('category', f.category);
  if (f.search.trim()) p.set('search', f.search.trim());
  return p.toString();
}
