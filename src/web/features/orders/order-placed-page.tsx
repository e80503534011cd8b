import { Building2, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { nextStepText } from '@shared/order-status-words';
import type { Order } from '@shared/orders';
import { LoadState } from '@web/components/load-state';
import { OrderTotals } from '@web/components/orders/order-summary';
import { CustomerStatusBadge } from '@web/components/orders/status-badge';
import { buttonClasses } from '@web/components/ui';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
import { useOrder } from './api/orders-api';
import { paymentReturn } from './pay-state';
import { PlacedPayment } from './placed-payment';

/** What checkout hands over: the order it was answered, and why Stripe's page could not be opened, if so. */
export type PlacedState = { order?: Order; payError?: string };

/**
 * /orders/:id/placed: what the customer sees once checkout succeeds, and where Stripe's page sends them back
 * (?payment=return or ?payment=cancelled). Checkout passes the order it was answered in the navigation state, so the
 * screen shows at once; a reload fetches it.
 */
export default function OrderPlacedPage() {
  const id = Number(useParams().id);
  const state = useLocation().state as PlacedState | null;
  const passed = state?.order;
  const back = paymentReturn(useSearchParams()[0].get('payment'));
  const {
    data: order,
    isPending,
    isError,
  } = useOrder(Number.isInteger(id) ? id : null, passed?.id === id ? passed : undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = !!order;
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  // Screen-reader and keyboard users start at the news, not at the header they came through.
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 lg:py-10">
      <LoadState
        pending={isPending && !order}
        failed={isError && !order}
        pendingText={t('placed.loading')}
        failedText={t('placed.failed')}
      />
      {order ? (
        <section className="rounded-xl border border-gray-800 bg-ink-900 p-5 sm:p-7" data-testid="order-placed">
          <div className="flex items-start gap-3">
            <CheckCircle2 className="mt-1 h-7 w-7 shrink-0 text-emerald-300" aria-hidden />
            <div>
              <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-white focus:outline-none">
                {t('placed.title')}
              </h1>
              <p className="mt-1 text-gray-300">
                {t('placed.number')}{' '}
                <strong className="font-mono text-white" data-testid="placed-order-number">
                  {order.order_number}
                </strong>
              </p>
            </div>
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-gray-300">
            {t('placed.status')} <CustomerStatusBadge order={order} />
          </div>
          <p className="mt-2 text-sm text-gray-300" data-testid="placed-ready-by">
            {t('placed.readyBy')} <strong className="text-white">{format.day(order.due_date)}</strong>{' '}
            {t('placed.estimate')}
          </p>
          {order.status === 'awaiting_approval' ? (
            <div
              data-testid="placed-approval-notice"
              className="mt-4 flex gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100"
            >
              <Building2 className="h-5 w-5 shrink-0 text-amber-300" aria-hidden />
              <p>
                {t('placed.approvalBefore')} <strong>{order.department_name ?? t('placed.yourDepartment')}</strong>.{' '}
                {t('placed.approvalAfter')}
              </p>
            </div>
          ) : null}
          <PlacedPayment order={order} back={back} startError={state?.payError ?? null} />
          <h2 className="mt-5 font-semibold text-white">{t('placed.next')}</h2>
          <p className="mt-1 text-sm text-gray-300" data-testid="placed-next-step">
            {words(nextStepText(order))}
          </p>
          <div className="mt-5 rounded-lg border border-gray-800 p-4">
            <p className="mb-2 text-sm text-gray-400">
              {t('placed.items', { count: order.item_count })} ·{' '}
              {order.fulfillment === 'pickup' ? t('placed.pickup') : t('placed.shipping')}
            </p>
            <OrderTotals order={order} />
          </div>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row">
            <Link to={`/orders?order=${order.id}`} className={buttonClasses({ size: 'lg' })}>
              {t('placed.view', { number: order.order_number })}
            </Link>
            <Link to="/store" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              {t('placed.continue')}
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}
