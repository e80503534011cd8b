import { Link, useSearchParams } from 'react-router';
import { formatDueDay } from '@shared/due-date-rules';
import { plural } from '@shared/plural';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus } from '@shared/quotes';
import { LoadState } from '@web/components/load-state';
import { formatDateTime } from '@web/components/orders/status-badge';
import { PageHeader, Tabs } from '@web/components/ui';
import { useQuoteQueue } from './api/quote-calls';
import { QuoteStatusBadge } from './quote-lines';

const isStatus = (v: string | null): v is QuoteStatus => QUOTE_STATUSES.includes(v as QuoteStatus);

/** /admin/quotes: the quote queue by status, newest first (requested ones wait for a price). */
export default function AdminQuotesPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: QuoteStatus = isStatus(raw) ? raw : 'requested';
  const q = useQuoteQueue(status);
  return (
    <div className="space-y-5 px-4 py-6 sm:px-6">
      <PageHeader
        flush
        title="Quotes"
        description="Price what customers asked for and send it; start one for a customer from their record."
      />
      <Tabs
        label="Quotes by status"
        idPrefix="quotes-"
        value={status}
        onChange={(s) => setParams({ status: s }, { replace: true })}
        tabs={QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] }))}
      >
        <div>
          <LoadState
            pending={q.isPending}
            failed={q.isError}
            pendingText="Loading the quotes…"
            failedText="The quotes could not be loaded."
          />
          {q.data && q.data.quotes.length === 0 ? <p className="text-gray-400">Nothing here.</p> : null}
          <ul className="space-y-2" data-testid="quote-queue">
            {q.data?.quotes.map((x) => (
              <li key={x.id}>
                <Link
                  to={`/admin/quotes/${x.id}`}
                  className="flex flex-wrap items-center gap-3 rounded-xl border border-gray-800 bg-ink-900 p-3 hover:border-gray-600"
                >
                  <span className="font-mono font-semibold text-white">{x.quote_number}</span>
                  <QuoteStatusBadge status={x.status} />
                  <span className="min-w-0 truncate text-gray-200">{x.customer.name ?? x.customer.email}</span>
                  <span className="text-sm text-gray-300">{plural(x.item_count, 'item')}</span>
                  <span className="text-sm text-gray-400">{formatDateTime(x.created_at)}</span>
                  {x.need_by ? (
                    <span className="text-sm text-amber-200">Needed by {formatDueDay(x.need_by)}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </Tabs>
    </div>
  );
}
