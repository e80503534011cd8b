import { useState } from 'react';
import {
  isStepBack,
  nextStatuses,
  reasonRequiredFor,
  STATUS_LABELS,
  statusUpdateSchema,
  type Order,
  type OrderStatus,
  type StatusUpdate,
} from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Options } from '@web/components/forms/options';
import { owesBeforeShipping, unpaidQuestion } from '@shared/payments';
import { Button, ConfirmDialog, Field, Select } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useUpdateOrderStatus } from './api/admin-orders-api';
import { NoteFields, NO_STAFF_NOTES } from './note-fields';
import { CancelPaidDialog } from './payments/cancel-paid-dialog';
import { ShippingFields, NO_SHIPPING } from './shipping-fields';

/** Offers only the statuses the state machine allows next; denying needs a reason, shipping a tracking number. */
export function StatusControl({ order }: { order: Order }) {
  const options = nextStatuses(order.status, order.fulfillment);
  const labels = Object.fromEntries(
    options.map((s) => [s, isStepBack(order.status, s) ? `${STATUS_LABELS[s]} (move back a step)` : STATUS_LABELS[s]]),
  ) as Record<OrderStatus, string>;
  const [to, setTo] = useState<OrderStatus | ''>('');
  const reasonRule = to ? reasonRequiredFor(order.status, to) : null;
  const [notes, setNotes] = useState(NO_STAFF_NOTES);
  const [shipping, setShipping] = useState(NO_SHIPPING);
  const [error, setError] = useState<string | null>(null);
  const [askRefund, setAskRefund] = useState(false);
  const [askUnpaid, setAskUnpaid] = useState<StatusUpdate | null>(null);
  const update = useUpdateOrderStatus();
  const reset = () => {
    setTo('');
    setNotes(NO_STAFF_NOTES);
    setShipping(NO_SHIPPING);
  };

  if (options.length === 0) {
    return <p className="text-sm text-gray-400">This order is closed; its status cannot change.</p>;
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (reasonRule && !notes.denial_reason.trim()) return setError(reasonRule);
    const forShipped = to === 'shipped' ? shipping : NO_SHIPPING;
    const parsed = statusUpdateSchema.safeParse({ status: to || undefined, ...notes, ...forShipped });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Choose a status');
    // Money is held on the order: staff choose whether it goes back in the same step.
    if (parsed.data.status === 'cancelled' && order.payment.amount_paid > 0) return setAskRefund(true);
    // Nothing ships unpaid by accident: staff are asked first, and the timeline records a yes.
    const leaving = parsed.data.status === 'shipped' || parsed.data.status === 'completed';
    if (leaving && owesBeforeShipping(order.payment)) return setAskUnpaid(parsed.data);
    await send(parsed.data);
  };
  const send = async (body: StatusUpdate) => {
    try {
      await update.mutateAsync({ id: order.id, body });
      toast.success(`Order ${order.order_number}: ${STATUS_LABELS[body.status]}`);
      setAskUnpaid(null);
      reset();
    } catch (err) {
      setAskUnpaid(null);
      setError(errorText(err, 'Failed to update order status'));
    }
  };
  return (
    <>
      <form
        onSubmit={submit}
        className="space-y-3 rounded-lg border border-gray-800 bg-ink-950/50 p-3"
        data-testid="status-control"
      >
        {order.status === 'awaiting_approval' ? (
          <p className="text-sm text-gray-300">
            Waiting for the department&apos;s approval. A decision it gave by phone or in person goes under Approval,
            Record decision; choose Pending (approve) or Denied here only when nobody else can decide (see the
            timeline).
          </p>
        ) : null}
        <Field label="New status">
          <Select value={to} onChange={(e) => setTo(e.target.value as OrderStatus)}>
            <Options empty="Choose…" values={options} labels={labels} />
          </Select>
        </Field>
        {to === 'shipped' ? <ShippingFields value={shipping} onChange={setShipping} /> : null}
        <NoteFields
          value={notes}
          onChange={setNotes}
          reasonLabel={
            to === 'denied'
              ? 'Denial reason (required)'
              : reasonRule
                ? 'Reason (required, the customer reads it)'
                : to === 'cancelled'
                  ? 'Reason (optional)'
                  : null
          }
        />
        <ErrorAlert message={error} />
        <Button type="submit" loading={update.isPending} disabled={!to}>
          Update status
        </Button>
      </form>
      <ConfirmDialog
        open={askUnpaid !== null}
        title={askUnpaid?.status === 'completed' ? 'Complete with money owed?' : 'Ship with money owed?'}
        description={
          askUnpaid
            ? unpaidQuestion(order.order_number, order.payment.balance, askUnpaid.status as 'shipped' | 'completed')
            : ''
        }
        confirmLabel={askUnpaid?.status === 'completed' ? 'Complete anyway' : 'Ship anyway'}
        cancelLabel="Not yet"
        pending={update.isPending}
        onConfirm={() => askUnpaid && void send({ ...askUnpaid, allow_unpaid: true })}
        onCancel={() => setAskUnpaid(null)}
      >
        The timeline records that the order left with money owed.
      </ConfirmDialog>
      {askRefund ? (
        <CancelPaidDialog
          order={order}
          notes={notes}
          onBack={() => setAskRefund(false)}
          onDone={() => {
            setAskRefund(false);
            reset();
          }}
        />
      ) : null}
    </>
  );
}
