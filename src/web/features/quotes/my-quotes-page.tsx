import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '@web/components/load-state';
import { PageHeader } from '@web/components/ui';
import { useFormat } from '@web/i18n/format';
import { useMyQuotes } from './api/quote-calls';
import { QuoteStatusBadge } from './quote-lines';

/** /quotes: the customer's quotes, newest first; each opens its page. */
export default function MyQuotesPage() {
  const q = useMyQuotes();
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6">
      <PageHeader flush title={t('quotes.myTitle')} description={t('quotes.myIntro')} />
      <LoadState
        pending={q.isPending}
        failed={q.isError}
        pendingText={t('quotes.myLoading')}
        failedText={t('quotes.myFailed')}
      />
      {q.data && q.data.quotes.length === 0 ? (
        <p className="text-gray-300">
          <Trans
            i18nKey="quotes.none"
            components={{ store: <Link to="/store" className="text-brand-400 underline" /> }}
          />
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
              <span className="text-sm text-gray-300">{t('quotes.items', { count: x.item_count })}</span>
              <span className="text-sm text-gray-400">{t('quotes.asked', { at: format.dateTime(x.created_at) })}</span>
              {x.valid_until ? (
                <span className="text-sm text-gray-400">
                  {t('quotes.validUntil', { day: format.day(x.valid_until) })}
                </span>
              ) : null}
              {x.order_number ? (
                <span className="text-sm text-emerald-300">{t('quotes.order', { number: x.order_number })}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
