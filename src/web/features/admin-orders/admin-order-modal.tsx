import type { Order } from '@shared/orders';
import { Modal } from '@web/components/modal';
import { OrderLines } from '@web/components/orders/order-lines';
import { OrderFacts, OrderTimeline, OrderTotals } from '@web/components/orders/order-summary';
import { formatDateTime, StatusBadge } from '@web/components/orders/status-badge';
import { formatPhone } from '@shared/fields';
import { useAdminOrder } from './api/admin-orders-api';
import { StatusControl } from './status-control';

export function AdminOrderModal({ order: initial, onClose }: { order: Order; onClose: () => void }) {
  const { data, isError } = useAdminOrder(initial.id, initial);
  const order = data ?? initial;
  const c = order.customer;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} size="xl" title={`Order ${order.order_number}`} description={`Placed ${formatDateTime(order.created_at)}`}>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]" data-testid="admin-order-details">
        <div className="space-y-5">
          {isError ? <p role="alert" className="text-sm text-red-400">Failed to fetch order</p> : null}
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={order.status} />
            {order.modified_from_order_number ? <span className="text-sm text-gray-400">Modified from {order.modified_from_order_number}</span> : null}
            {order.replaced_by_order_number ? <span className="text-sm text-gray-400">Replaced by {order.replaced_by_order_number}</span> : null}
          </div>
          {order.denial_reason ? <p className="rounded-lg bg-red-500/10 p-3 text-sm text-red-200">Denied: {order.denial_reason}</p> : null}
          <OrderLines items={order.items} />
          <OrderTotals order={order} />
          <OrderFacts order={order} />
        </div>
        <div className="space-y-5">
          {c ? (
            <section>
              <h3 className="mb-1 font-semibold text-white">Customer</h3>
              <p className="text-sm text-gray-100">{[c.first_name, c.last_name].filter(Boolean).join(' ') || '—'}</p>
              <a href={`mailto:${c.email}`} className="block break-all text-sm text-brand-400 hover:underline">{c.email}</a>
              {c.phone ? <p className="text-sm text-gray-400">{formatPhone(c.phone)}</p> : null}
            </section>
          ) : null}
          <StatusControl order={order} />
          <section>
            <h3 className="mb-2 font-semibold text-white">Timeline</h3>
            <OrderTimeline events={order.events} />
          </section>
        </div>
      </div>
    </Modal>
  );
}
