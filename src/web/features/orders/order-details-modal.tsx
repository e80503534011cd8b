import { AlertTriangle } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCELLABLE } from '@shared/order-statuses';
import type { Order } from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { OrderLines } from '@web/components/orders/order-lines';
import { OrderModal } from '@web/components/orders/order-modal';
import { OrderFacts, OrderTimeline, OrderTotals } from '@web/components/orders/order-summary';
import { CustomerStatusBadge, TrackingLine } from '@web/components/orders/status-badge';
import { Button, ConfirmDialog } from '@web/components/ui';
import { useFromEnglish } from '@web/i18n';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import type { BuyAgainResult } from '@shared/fit';
import { useCancelOrder, useOrder } from './api/orders-api';
import { BuyAgainButton, BuyAgainReport } from './buy-again';
import { OrderPayment, PayNowPanel } from './order-payment';

type Props = {
  order: Order;
  onClose: () => void;
  onModify: (o: Order) => void;
  onOpenOrder: (id: number) => void;
  returnFocus: () => HTMLElement | null;
  /** Opened from the e-mail's Pay now link: the pay step says why when there is nothing to pay. */
  payAsked?: boolean;
};

export function OrderDetailsModal({
  order: initial,
  onClose,
  onModify,
  onOpenOrder,
  returnFocus,
  payAsked = false,
}: Props) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const { data, isError } = useOrder(initial.id, initial);
  const order = data ?? initial;
  const cancel = useCancelOrder();

  const [asking, setAsking] = useState(false);
  const [again, setAgain] = useState<BuyAgainResult | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const onCancel = async () => {
    try {
      await cancel.mutateAsync(order.id);
      toast.success(t('details.cancelled', { number: order.order_number }));
    } catch (err) {
      toast.error(words(errorText(err, t('details.cancelFailed'))));
    } finally {
      setAsking(false);
    }
  };

  return (
    <OrderModal order={order} size="lg" onClose={onClose} returnFocus={returnFocus}>
      <div className="space-y-5" data-testid="order-details">
        <ErrorAlert message={isError ? t('details.failed') : null} />
        <div className="flex flex-wrap items-center gap-3">
          <CustomerStatusBadge order={order} />
          <RelatedOrder id={order.modified_from_order_id} onOpen={onOpenOrder}>
            {t('details.modifiedFrom', { number: order.modified_from_order_number })}
          </RelatedOrder>
          <RelatedOrder id={order.replaced_by_order_id} onOpen={onOpenOrder}>
            {t('details.replacedBy', { number: order.replaced_by_order_number })}
          </RelatedOrder>
        </div>
        <PayNowPanel order={order} asked={payAsked} />
        <TrackingLine order={order} />
        {order.status === 'denied' && order.denial_reason ? (
          <div
            role="note"
            className="flex gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-100"
          >
            <AlertTriangle className="h-5 w-5 shrink-0 text-red-300" aria-hidden />
            <p>
              <strong>{t('details.denied')}</strong> <span data-testid="denial-reason">{order.denial_reason}</span>
            </p>
          </div>
        ) : null}
        <OrderLines items={order.items} />
        <OrderTotals order={order} />
        <OrderFacts order={order} />
        <OrderPayment order={order} />
        <section>
          <h3 className="mb-2 font-semibold text-white">{t('details.timeline')}</h3>
          <OrderTimeline events={order.events} customer={order} />
        </section>
        {again ? <BuyAgainReport result={again} /> : null}
        <div className="flex flex-wrap justify-end gap-2 border-t border-gray-800 pt-4">
          {order.items.length ? <BuyAgainButton order={order} onDone={setAgain} /> : null}
          {CANCELLABLE.includes(order.status) ? (
            <Button
              ref={cancelButton}
              variant="danger-quiet"
              onClick={() => setAsking(true)}
              disabled={cancel.isPending}
              className="text-sm"
            >
              {t('details.cancel')}
            </Button>
          ) : null}
          {order.status === 'denied' && !order.replaced_by_order_id ? (
            <Button onClick={() => onModify(order)} className="text-sm">
              {t('details.modify')}
            </Button>
          ) : null}
          <Button ref={closeButton} variant="secondary" onClick={onClose} className="text-sm">
            {t('details.close')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('details.cancelTitle', { number: order.order_number })}
        description={t('details.cannotUndo')}
        confirmLabel={t('details.cancel')}
        cancelLabel={t('details.keep')}
        danger
        pending={cancel.isPending}
        onConfirm={onCancel}
        onCancel={() => setAsking(false)}
        // Once the order is cancelled its Cancel button is gone: focus goes to Close.
        returnFocus={() => cancelButton.current ?? closeButton.current}
      />
    </OrderModal>
  );
}

/** The order this one was modified from, or the one that replaced it: opens in this dialog. */
function RelatedOrder({
  id,
  onOpen,
  children,
}: {
  id: number | null;
  onOpen: (id: number) => void;
  children: React.ReactNode;
}) {
  if (!id) return null;
  return (
    <Button variant="link" className="text-sm" onClick={() => onOpen(id)}>
      {children}
    </Button>
  );
}
