import type { OrderSummary } from '@shared/orders';
import { formatPhone } from '@shared/fields';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { OrderLines } from '@web/components/orders/order-lines';
import { OrderModal } from '@web/components/orders/order-modal';
import { OrderFacts, OrderTimeline, OrderTotals } from '@web/components/orders/order-summary';
import { StatusBadge } from '@web/components/orders/status-badge';
import { useAdminOrder } from './api/admin-orders-api';
import { StatusControl } from './status-control';

/** Opens on the list's summary at once; lines, totals, timeline and the status form follow with the whole order. */
export function AdminOrderModal({ summary, onClose }: { summary: OrderSummary; onClose: () => void }) {
  const { data: order, isError } = useAdminOrder(summary.id);
  const c = order?.customer ?? summary.customer;
  return (
    <OrderModal order={summary} size="xl" onClose={onClose}>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]" data-testid="admin-order-details">
        <div className="space-y-5">
          <ErrorAlert message={isError ? 'Failed to fetch order' : null} />
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={order?.status ?? summary.status} />
            {order?.modified_from_order_number ? (
              <span className="text-sm text-gray-400">Modified from {order.modified_from_order_number}</span>
            ) : null}
            {order?.replaced_by_order_number ? (
              <span className="text-sm text-gray-400">Replaced by {order.replaced_by_order_number}</span>
            ) : null}
          </div>
          {order ? (
            <>
              {order.denial_reason ? (
                <p className="rounded-lg bg-red-500/10 p-3 text-sm text-red-200">Denied: {order.denial_reason}</p>
              ) : null}
              <OrderLines items={order.items} />
              <OrderTotals order={order} />
              <OrderFacts order={order} />
            </>
          ) : isError ? null : (
            <div role="status" aria-live="polite" className="space-y-3" data-testid="admin-order-loading">
              <span className="sr-only">Loading order</span>
              <div className="h-20 animate-pulse rounded-lg bg-gray-800" />
              <div className="h-12 animate-pulse rounded-lg bg-gray-800" />
            </div>
          )}
        </div>
        <div className="space-y-5">
          <section>
            <h3 className="mb-1 font-semibold text-white">Customer</h3>
            <p className="text-sm text-gray-100">{[c.first_name, c.last_name].filter(Boolean).join(' ') || '—'}</p>
            <a href={`mailto:${c.email}`} className="block break-all text-sm text-brand-400 hover:underline">
              {c.email}
            </a>
            {c.phone ? <p className="text-sm text-gray-400">{formatPhone(c.phone)}</p> : null}
          </section>
          {order ? (
            <>
              <StatusControl order={order} />
              <section>
                <h3 className="mb-2 font-semibold text-white">Timeline</h3>
                <OrderTimeline events={order.events} />
              </section>
            </>
          ) : null}
        </div>
      </div>
    </OrderModal>
  );
}
