import { ClipboardList, Pencil, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { STAFF_EDITABLE } from '@shared/order-statuses';
import type { OrderSummary } from '@shared/orders';
import { formatPhone } from '@shared/fields';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { Button, buttonClasses } from '@web/components/ui';
import { OrderLines } from '@web/components/orders/order-lines';
import { OrderModal } from '@web/components/orders/order-modal';
import { OrderFacts, OrderTimeline, OrderTotals } from '@web/components/orders/order-summary';
import { StatusBadge } from '@web/components/orders/status-badge';
import { useAdminOrder } from './api/admin-orders-api';
import { ApprovalsPanel } from './approvals/approvals-panel';
import { DueDateControl } from './due-date-control';
import { EditItemsDialog } from './edit-items-dialog';
import { InternalNoteForm } from './internal-note-form';
import { PaymentPanel } from './payments/payment-panel';
import { StatusControl } from './status-control';
import { TrackingFact } from './tracking-fact';
import { OrderMessages } from '@web/features/messages';
import { personName } from '@shared/person-name';

const action = buttonClasses({ variant: 'secondary', size: 'sm' });

/**
 * The staff view of one order. From the list it opens on the row's summary at once; from a link (?order=<id>, the
 * work order's QR code) it waits for the whole order. Lines, totals, timeline and the forms follow with the order.
 */
export function AdminOrderModal({
  id,
  summary,
  onClose,
}: {
  id: number;
  summary: OrderSummary | null;
  onClose: () => void;
}) {
  const { data: order, isError } = useAdminOrder(id);
  const [editing, setEditing] = useState(false);
  const head = order ?? summary;
  const c = order?.customer ?? summary?.customer;
  const editable = order ? STAFF_EDITABLE.includes(order.status) : false;
  if (!head)
    return (
      <Modal open onOpenChange={(o) => !o && onClose()} size="xl" title="Order">
        <ErrorAlert message={isError ? 'Failed to fetch order' : null} />
        {isError ? null : <p role="status">Loading order…</p>}
      </Modal>
    );
  return (
    <OrderModal order={head} size="xl" onClose={onClose}>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]" data-testid="admin-order-details">
        <div className="min-w-0 space-y-5">
          <ErrorAlert message={isError ? 'Failed to fetch order' : null} />
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={head.status} />
            {order?.modified_from_order_number ? (
              <span className="text-sm text-gray-400">Modified from {order.modified_from_order_number}</span>
            ) : null}
            {order?.replaced_by_order_number ? (
              <span className="text-sm text-gray-400">Replaced by {order.replaced_by_order_number}</span>
            ) : null}
          </div>
          {order ? (
            <>
              <div className="flex flex-wrap gap-2" data-testid="order-actions">
                {editable ? (
                  <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                    <Pencil className="h-4 w-4" aria-hidden />
                    Edit items
                  </Button>
                ) : null}
                <Link to={`/admin/production/work-orders?orders=${order.id}`} target="_blank" className={action}>
                  <Printer className="h-4 w-4" aria-hidden />
                  Print work order
                </Link>
                <Link to={`/admin/production?orders=${order.id}`} target="_blank" className={action}>
                  <ClipboardList className="h-4 w-4" aria-hidden />
                  Production sheet
                </Link>
              </div>
              {order.proof_pending ? (
                <p className="rounded-lg bg-amber-500/10 p-3 text-sm text-amber-200" data-testid="proof-pending">
                  {order.proof_pending}
                </p>
              ) : null}
              {order.denial_reason ? (
                <p className="rounded-lg bg-red-500/10 p-3 text-sm text-red-200">Denied: {order.denial_reason}</p>
              ) : null}
              <OrderLines items={order.items} />
              <OrderTotals order={order} />
              <PaymentPanel order={order} />
              <OrderFacts order={order} />
              <TrackingFact order={order} />
            </>
          ) : isError ? null : (
            <div role="status" aria-live="polite" className="space-y-3" data-testid="admin-order-loading">
              <span className="sr-only">Loading order</span>
              <div className="h-20 animate-pulse rounded-lg bg-gray-800" />
              <div className="h-12 animate-pulse rounded-lg bg-gray-800" />
            </div>
          )}
        </div>
        <div className="min-w-0 space-y-5">
          {c ? (
            <section>
              <h3 className="mb-1 font-semibold text-white">Customer</h3>
              <Link
                to={`/admin/customers/${c.id}`}
                className="inline-flex min-h-6 items-center text-sm text-gray-100 underline hover:text-brand-400"
              >
                {personName(c.first_name, c.last_name, 'Customer record')}
              </Link>
              <a href={`mailto:${c.email}`} className="block text-sm break-all text-brand-400 hover:underline">
                {c.email}
              </a>
              {c.phone ? <p className="text-sm text-gray-400">{formatPhone(c.phone)}</p> : null}
            </section>
          ) : null}
          {order ? (
            <>
              {order.requires_approval ? <ApprovalsPanel orderId={order.id} /> : null}
              <DueDateControl order={order} />
              <StatusControl order={order} />
              <InternalNoteForm orderId={order.id} />
              <OrderMessages orderId={order.id} />
              <section>
                <h3 className="mb-2 font-semibold text-white">Timeline</h3>
                <OrderTimeline events={order.events} />
              </section>
            </>
          ) : null}
        </div>
      </div>
      {editing && order ? <EditItemsDialog order={order} onClose={() => setEditing(false)} /> : null}
    </OrderModal>
  );
}
