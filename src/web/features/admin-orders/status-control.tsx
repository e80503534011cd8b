import { useState } from 'react';
import { nextStatuses, STATUS_LABELS, statusUpdateSchema, type Order, type OrderStatus } from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Options } from '@web/components/forms/options';
import { DecisionNotes, NO_NOTES } from '@web/components/orders/decision-notes';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useUpdateOrderStatus } from './api/admin-orders-api';

/** Offers only the statuses the state machine allows next; denying needs a reason. */
export function StatusControl({ order }: { order: Order }) {
  const options = nextStatuses(order.status, order.fulfillment);
  const [to, setTo] = useState<OrderStatus | ''>('');
  const [notes, setNotes] = useState(NO_NOTES);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateOrderStatus();

  if (options.length === 0) {
    return <p className="text-sm text-gray-400">This order is closed; its status cannot change.</p>;
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = statusUpdateSchema.safeParse({ status: to || undefined, ...notes });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Choose a status');
    try {
      await update.mutateAsync({ id: order.id, body: parsed.data });
      toast.success(`Order ${order.order_number}: ${STATUS_LABELS[parsed.data.status]}`);
      setTo('');
      setNotes(NO_NOTES);
    } catch (err) {
      setError(errorText(err, 'Failed to update order status'));
    }
  };
  const field =
    'mt-1 block w-full rounded-lg border border-gray-700 bg-ink-950 px-3 py-2 text-sm text-gray-100 focus:border-brand-500 focus:outline-none';
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-gray-800 bg-ink-950/50 p-3"
      data-testid="status-control"
    >
      {order.status === 'awaiting_approval' ? (
        <p className="text-sm text-gray-300">
          Waiting for the department&apos;s approval. Choose Pending (approve) or Denied only when nobody else can
          decide (see the timeline) or to record a decision the department gave you.
        </p>
      ) : null}
      <label className="block text-sm font-medium text-gray-300">
        Change status
        <select
          value={to}
          onChange={(e) => setTo(e.target.value as OrderStatus)}
          className={field}
          aria-label="New status"
        >
          <Options empty="Choose…" values={options} labels={STATUS_LABELS} />
        </select>
      </label>
      <DecisionNotes
        reasonLabel={to === 'denied' ? 'Denial reason (required)' : to === 'cancelled' ? 'Reason (optional)' : null}
        value={notes}
        onChange={setNotes}
        fieldClass={field}
      />
      <ErrorAlert message={error} />
      <button
        type="submit"
        disabled={update.isPending || !to}
        className="rounded-lg bg-brand-500 px-4 py-2 text-sm font-semibold text-ink-950 hover:bg-brand-400 disabled:opacity-50"
      >
        {update.isPending ? 'Updating…' : 'Update status'}
      </button>
    </form>
  );
}
