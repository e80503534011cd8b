import { useTranslation } from 'react-i18next';
import { useFromEnglish } from '@web/i18n';
import { formatShopDateTime } from '@shared/time';
import { customerStatusText } from '@shared/order-status-words';
import { STATUS_LABELS, type Order, type OrderStatus } from '@shared/orders';

const tone: Record<OrderStatus, string> = {
  awaiting_approval: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
  pending: 'bg-sky-500/15 text-sky-300 ring-sky-500/40',
  in_production: 'bg-indigo-500/15 text-indigo-300 ring-indigo-500/40',
  ready_for_pickup: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  shipped: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/40',
  completed: 'bg-gray-500/15 text-gray-300 ring-gray-500/40',
  denied: 'bg-red-500/15 text-red-300 ring-red-500/40',
  cancelled: 'bg-gray-500/15 text-gray-400 ring-gray-500/40',
};

/** The short staff label; `label` gives the customer's words instead (see CustomerStatusBadge). */
export function StatusBadge({ status, label }: { status: OrderStatus; label?: string }) {
  const words = useFromEnglish();
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone[status]}`}
    >
      {words(label ?? STATUS_LABELS[status])}
    </span>
  );
}

/** The status in the customer's words (src/shared/order-status-words.ts). */
export function CustomerStatusBadge({ order }: { order: Pick<Order, 'status' | 'requires_approval'> }) {
  return <StatusBadge status={order.status} label={customerStatusText(order)} />;
}

/** A shipped order's carrier and tracking number, linked to the carrier's page when the server knows it. */
export function TrackingLine({
  order,
}: {
  order: Pick<Order, 'status' | 'carrier' | 'tracking_number' | 'tracking_url'>;
}) {
  const { t } = useTranslation();
  if (order.status !== 'shipped' || !order.tracking_number) return null;
  const carrier = order.carrier ?? t('tracking.theCarrier');
  return (
    <p className="text-sm text-gray-300" data-testid="order-tracking">
      {t('tracking.shippedWith', { carrier })}{' '}
      {order.tracking_url ? (
        <a
          href={order.tracking_url}
          target="_blank"
          rel="noreferrer"
          className="font-mono text-brand-400 underline underline-offset-2 hover:text-brand-300"
        >
          {order.tracking_number}
          <span className="sr-only">{t('tracking.opens', { carrier })}</span>
        </a>
      ) : (
        <span className="font-mono text-gray-100">{order.tracking_number}</span>
      )}
    </p>
  );
}

// Times read in the shop's zone (src/shared/time.ts); the time of day carries "MST" so nobody elsewhere is misled.
export const formatDateTime = (iso: string) => formatShopDateTime(iso);
