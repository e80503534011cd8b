import { Link } from 'react-router';
import { formatDueDay } from '@shared/due-date-rules';
import { plural } from '@shared/plural';
import { LoadState } from '@web/components/load-state';
import { formatDateTime } from '@web/components/orders/status-badge';
import { PageHeader } from '@web/components/ui';
import { useMyQuotes } from './api/quote-calls';
import { QuoteStatusBadge } from './quote-lines';

/** /quotes: the customer's quotes, newest first; each opens its page. */
export default function MyQuotesPage() {
  const q = useMyQuotes();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6">
      <PageHeader
        flush
        title="My quotes"
        description="Ask for a quote from your cart. We price it and e-mail you; accept it here to place the order."
      />
      <LoadState
        pending={q.isPending}
        failed={q.isError}
        pendingText="Loading your quotes…"
        failedText="Your quotes could not be loaded."
      />
      {q.data && q.data.quotes.length === 0 ? (
        <p className="text-gray-300">
          No quotes yet. Fill your cart, then choose “Ask for a quote” in the cart.{' '}
          <Link to="/store" className="text-brand-400 underline">
            Go to the store
          </Link>
        </p>
      ) : null}
      <ul className="space-y-2" data-testid="my-quotes">
        {q.data?.quotes.map((x) => (
          <li key={x.id}>
            <Link
              to={`/quotes/${x.id}`}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-gray-800 bg-ink-900 p-3 hover:border-gray-600"
            >
              <span className="font-mono font-semibold text-white">{x.quote_number}</span>
              <QuoteStatusBadge status={x.status} />
              <span className="text-sm text-gray-300">{plural(x.item_count, 'item')}</span>
              <span className="text-sm text-gray-400">Asked {formatDateTime(x.created_at)}</span>
              {x.valid_until ? (
                <span className="text-sm text-gray-400">Valid until {formatDueDay(x.valid_until)}</span>
              ) : null}
              {x.order_number ? <span className="text-sm text-emerald-300">Order {x.order_number}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
