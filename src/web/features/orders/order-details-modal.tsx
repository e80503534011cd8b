import { AlertTriangle } from 'lucide-react';
import { CANCELLABLE, type Order } from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { OrderLines } from '@web/components/orders/order-lines';
import { OrderModal } from '@web/components/orders/order-modal';
import { OrderFacts, OrderTimeline, OrderTotals } from '@web/components/orders/order-summary';
import { StatusBadge } from '@web/components/orders/status-badge';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useCancelOrder, useOrder } from './api/orders-api';

type Props = { order: Order; onClose: () => void; onModify: (o: Order) => void; onOpenOrder: (id: number) => void };

export function OrderDetailsModal({ order: initial, onClose, onModify, onOpenOrder }: Props) {
  const { data, isError } = useOrder(initial.id, initial);
  const order = data ?? initial;
  const cancel = useCancelOrder();

  const onCancel = async () => {
    if (!window.confirm(`Cancel order ${order.order_number}? This cannot be undone.`)) return;
    try {
      await cancel.mutateAsync(order.id);
      toast.success(`Order ${order.order_number} cancelled`);
    } catch (err) {
      toast.error(errorText(err, 'Failed to update order status'));
    }
  };

  return (
    <OrderModal order={order} size="lg" onClose={onClose}>
      <div className="space-y-5" data-testid="order-details">
        <ErrorAlert message={isError ? 'Failed to fetch order' : null} />
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={order.status} />
          <RelatedOrder id={order.modified_from_order_id} onOpen={onOpenOrder}>
            Modified from {order.modified_from_order_number}
          </RelatedOrder>
          <RelatedOrder id={order.replaced_by_order_id} onOpen={onOpenOrder}>
            Replaced by {order.replaced_by_order_number}
          </RelatedOrder>
        </div>
        {order.status === 'denied' && order.denial_reason ? (
          <div
            role="note"
            className="flex gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-100"
          >
            <AlertTriangle className="h-5 w-5 shrink-0 text-red-300" aria-hidden />
            <p>
              <strong>Denied:</strong> <span data-testid="denial-reason">{order.denial_reason}</span>
            </p>
          </div>
        ) : null}
        <OrderLines items={order.items} />
        <OrderTotals order={order} />
        <OrderFacts order={order} />
        <section>
          <h3 className="mb-2 font-semibold text-white">Status timeline</h3>
          <OrderTimeline events={order.events} />
        </section>
        <div className="flex flex-wrap justify-end gap-2 border-t border-gray-800 pt-4">
          {CANCELLABLE.includes(order.status) ? (
            <button
              type="button"
              onClick={onCancel}
              disabled={cancel.isPending}
              className="rounded-lg border border-red-500/60 px-4 py-2 text-sm font-semibold text-red-300 hover:bg-red-500/10 disabled:opacity-50"
            >
              Cancel order
            </button>
          ) : null}
          {order.status === 'denied' && !order.replaced_by_order_id ? (
            <button
              type="button"
              onClick={() => onModify(order)}
              className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-ink-950 hover:bg-brand-400"
            >
              Modify and resubmit
            </button>
          ) : null}
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-gray-700 px-4 py-2 text-sm text-gray-200 hover:bg-gray-800"
          >
            Close
          </button>
        </div>
      </div>
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
    <button type="button" className="text-sm text-brand-400 underline" onClick={() => onOpen(id)}>
      {children}
    </button>
  );
}
