import { ChevronRight, Package } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isCalledOff } from '@shared/order-statuses';
import type { Order } from '@shared/orders';
import { LoadState } from '@web/components/load-state';
import { COVERED_BY_ALLOWANCE } from '@shared/payments';
import { PaymentStatusBadge } from '@web/components/orders/payment-summary';
import { CustomerStatusBadge } from '@web/components/orders/status-badge';
import { Button, buttonClasses } from '@web/components/ui';
import { useFormat } from '@web/i18n/format';
import { useMyOrders } from './api/orders-api';
import { OrderDetailsModal } from './order-details-modal';
import { LineThumbnails } from './line-thumbnails';
import { coveredByAllowance } from './pay-state';

// The editor needs the catalogue and the settings (the store's and the cart's modules): fetched when first opened.
const ModifyOrderModal = lazy(() => import('./modify-order-modal').then((m) => ({ default: m.ModifyOrderModal })));

export default function OrdersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: orders, isPending, isError } = useMyOrders();
  const [params, setParams] = useSearchParams();
  // /orders?order=12 (the link on the confirmation screen) opens that order's details; /orders?pay=12 (the e-mail's
  // Pay now link) opens them at the pay step, which goes to Stripe only when the customer presses Pay now.
  const [openId, setOpenId] = useState<number | null>(
    () => Number(params.get('order')) || Number(params.get('pay')) || null,
  );
  const [payAsked, setPayAsked] = useState(() => Number(params.get('pay')) > 0);
  const [modifying, setModifying] = useState<Order | null>(null);
  const open = orders?.find((o) => o.id === openId) ?? null;
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (params.has('order') || params.has('pay')) setParams({}, { replace: true });
  }, [params, setParams]);

  /** A closing dialog hands focus back to the row that opened it, unless another dialog has just opened. */
  const returnFocus = () => {
    if (document.querySelector('[role="dialog"]')) return null;
    const row = opener.current?.isConnected
      ? opener.current
      : document.querySelector<HTMLElement>(`[data-testid="order-row"][data-order-id="${openId ?? ''}"]`);
    return row;
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="mb-5 text-2xl font-bold text-white">{t('orders.title')}</h1>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText={t('orders.loading')}
        failedText={t('orders.failed')}
      />
      {orders && orders.length === 0 ? (
        <div className="rounded-xl border border-gray-800 bg-ink-900 p-8 text-center">
          <Package className="mx-auto h-10 w-10 text-gray-500" aria-hidden />
          <p className="mt-3 text-lg font-semibold text-white">{t('orders.none')}</p>
          <Link to="/store" className={buttonClasses({ className: 'mt-4' })}>
            {t('checkout.browse')}
          </Link>
        </div>
      ) : null}
      {orders && orders.length > 0 ? (
        <ul
          className="divide-y divide-gray-800 overflow-hidden rounded-xl border border-gray-800 bg-ink-900"
          data-testid="orders-list"
        >
          {orders.map((o) => (
            <li key={o.id}>
              <Button
                variant="plain"
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setOpenId(o.id);
                }}
                data-testid="order-row"
                data-order-number={o.order_number}
                data-order-id={o.id}
                className="grid w-full grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-3 text-left hover:bg-gray-800/60 focus-visible:bg-gray-800/60 sm:grid-cols-[16rem_8rem_1fr_6rem_1.25rem]"
              >
                <span className="flex min-w-0 items-center gap-3">
                  <LineThumbnails items={o.items} />
                  <span className="font-mono font-semibold text-gray-100">{o.order_number}</span>
                </span>
                <span className="text-right text-sm text-gray-400 sm:text-left">{format.date(o.created_at)}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <CustomerStatusBadge order={o} />
                  <span>
                    <span className="sr-only">{t('orders.payment')}</span>
                    <PaymentStatusBadge
                      status={o.payment.status}
                      staff={false}
                      label={coveredByAllowance(o) ? COVERED_BY_ALLOWANCE : undefined}
                    />
                  </span>
                </span>
                {/* A cancelled or denied order owes nothing: its old total is shown struck through. */}
                <span className="text-right font-semibold text-gray-100">
                  {closed(o) ? (
                    <s className="text-gray-400">
                      <span className="sr-only">{t('orders.was')}</span>
                      {format.money(o.total)}
                    </s>
                  ) : (
                    format.money(o.total)
                  )}
                </span>
                <ChevronRight className="hidden h-5 w-5 text-gray-400 sm:block" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {open && !modifying ? (
        <OrderDetailsModal
          order={open}
          onClose={() => {
            setOpenId(null);
            setPayAsked(false);
          }}
          onModify={setModifying}
          onOpenOrder={(id) => {
            setOpenId(id);
            setPayAsked(false);
          }}
          returnFocus={returnFocus}
          payAsked={payAsked}
        />
      ) : null}
      {modifying ? (
        <Suspense fallback={null}>
          <ModifyOrderModal
            order={modifying}
            onClose={() => setModifying(null)}
            returnFocus={returnFocus}
            onDone={(created) => {
              setModifying(null);
              setOpenId(created.id);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A cancelled or denied order with no money on it owes nothing: "Unpaid" there would only confuse. */
const closed = (o: Order) => isCalledOff(o.status);
