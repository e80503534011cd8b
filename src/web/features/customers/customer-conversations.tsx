import { Link } from 'react-router';
import type { CustomerRecord } from '@shared/customers';
import { formatShopDateTime } from '@shared/time';

/**
 * The customer's conversations on their record, each opening in the message centre. One a guest started by typing the
 * customer's address is marked "Guest, not signed in", as the thread marks such a message: nobody proved the address,
 * so it is not the customer's own (security round 4, finding 6).
 */
export function CustomerConversations({ conversations }: { conversations: CustomerRecord['conversations'] }) {
  return (
    <ul className="mt-4 space-y-2" data-testid="customer-conversations">
      {conversations.map((v) => (
        <li key={v.id} className="border-t border-gray-800 pt-2 text-sm">
          <Link to={`/admin/messages/${v.id}`} className="text-brand-400 hover:underline">
            {v.messages} {v.messages === 1 ? 'message' : 'messages'}, last {formatShopDateTime(v.last_message_at)}
          </Link>
          {v.guest ? (
            <span
              className="ml-2 rounded bg-amber-500/10 px-1.5 py-0.5 text-xs text-amber-300"
              data-testid="guest-conversation"
            >
              Guest, not signed in
            </span>
          ) : null}
          <span className="text-gray-400">
            {v.unread ? ` · ${v.unread} unread` : ''}
            {v.archived ? ' · archived' : ''}
          </span>
        </li>
      ))}
      {conversations.length === 0 ? <li className="text-sm text-gray-400">No conversations yet.</li> : null}
    </ul>
  );
}
