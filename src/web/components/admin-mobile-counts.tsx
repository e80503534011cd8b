import { Inbox, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminCounts } from './admin-nav';

/** See docs/product.md#screens-and-routes: under 768 px the admin header shows the pending order and unread message counts. */
export function AdminMobileCounts({ counts }: { counts: AdminCounts }) {
  const pill =
    'inline-flex h-9 items-center gap-1.5 rounded-lg border border-gray-700 px-2.5 text-sm font-semibold text-gray-100 hover:border-brand-500';
  return (
    <div data-testid="admin-mobile-counts" className="flex items-center gap-1.5">
      <Link to="/admin/orders" className={pill} aria-label={`${counts.pending} pending orders`}>
        <Inbox className="h-4 w-4 text-brand-400" aria-hidden />
        <span data-testid="mobile-pending-count">{counts.pending}</span>
      </Link>
      <Link to="/admin/messages" className={pill} aria-label={`${counts.unread} unread messages`}>
        <MessagesSquare className="h-4 w-4 text-brand-400" aria-hidden />
        <span data-testid="mobile-unread-count">{counts.unread}</span>
      </Link>
    </div>
  );
}
