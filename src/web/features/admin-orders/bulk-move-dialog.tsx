import { useState } from 'react';
import { nextStatuses, STATUS_LABELS, type OrderStatus, type OrderSummary } from '@shared/orders';
import { bulkStatusSchema } from '@shared/order-ops';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { Button } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { useBulkStatus } from './api/admin-orders-api';
import type { Answer } from '@web/lib/answers';
import { NoteFields, NO_STAFF_NOTES } from './note-fields';

type Picked = Pick<OrderSummary, 'id' | 'order_number' | 'status' | 'fulfillment'>;

/** Confirms a bulk move with the customer comments and the internal note it will carry; the server does the rest. */
export function BulkMoveDialog({
  status,
  picked,
  onClose,
  onDone,
}: {
  status: OrderStatus;
  picked: Picked[];
  onClose: () => void;
  onDone: (answer: Answer<'bulkStatus'>) => void;
}) {
  const [notes, setNotes] = useState(NO_STAFF_NOTES);
  const [error, setError] = useState<string | null>(null);
  const bulk = useBulkStatus();
  const cannot = picked.filter((o) => !nextStatuses(o.status, o.fulfillment).includes(status));
  const needsReason = status === 'denied';

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = bulkStatusSchema.safeParse({
      order_ids: picked.map((o) => o.id),
      status,
      ...notes,
      denial_reason: needsReason ? notes.denial_reason : null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the fields');
    try {
      const answer = await bulk.mutateAsync(parsed.data);
      onDone(answer);
    } catch (err) {
      setError(errorText(err, 'Failed to move the orders'));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      size="md"
      title={`Move ${picked.length} ${picked.length === 1 ? 'order' : 'orders'} to ${STATUS_LABELS[status]}?`}
      description="Each order changes on its own, with its e-mail to the customer; orders that cannot move are listed after."
    >
      <form onSubmit={submit} className="space-y-3" data-testid="bulk-move-dialog">
        {cannot.length ? (
          <p className="rounded-lg bg-amber-500/10 p-3 text-sm text-amber-200">
            {cannot.length} of them cannot move to {STATUS_LABELS[status]} from their status and will be left as they
            are: {cannot.map((o) => o.order_number).join(', ')}.
          </p>
        ) : null}
        <NoteFields value={notes} onChange={setNotes} reasonLabel={needsReason ? 'Denial reason (required)' : null} />
        <ErrorAlert message={error} />
        <div className="flex justify-end gap-2 border-t border-gray-800 pt-3">
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" loading={bulk.isPending}>
            Move to {STATUS_LABELS[status]}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
