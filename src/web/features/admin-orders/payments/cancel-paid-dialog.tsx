import { useState } from 'react';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { staffCancelSchema } from '@shared/staff-cancel';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { Button } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useStaffCancel } from '../api/admin-orders-api';
import type { StaffNotes } from '../note-fields';
import {
  draftBody,
  errorsByField,
  MoneyFields,
  serverErrors,
  zodIssues,
  type MoneyDraft,
  type MoneyErrors,
} from './money-fields';
import { refundMethods } from './refund-methods';

/**
 * Cancelling an order that holds money asks what happens to it: refund all of it in the same step (the server
 * refunds first and cancels in one transaction, or says plainly what went wrong), or cancel and leave the order
 * showing "refund due" until the money is given back.
 */
export function CancelPaidDialog({
  order,
  notes,
  onDone,
  onBack,
}: {
  order: Order;
  notes: StaffNotes;
  onDone: () => void;
  onBack: () => void;
}) {
  const paid = order.payment.amount_paid;
  const methods = refundMethods(order.payment);
  const [draft, setDraft] = useState<MoneyDraft>({ amount: paid.toFixed(2), method: methods[0] ?? '', reference: '' });
  const [errors, setErrors] = useState<MoneyErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [choice, setChoice] = useState<'refund' | 'keep' | null>(null);
  const cancel = useStaffCancel();

  const send = async (refund: boolean) => {
    setErrors({});
    setFormError(null);
    setChoice(refund ? 'refund' : 'keep');
    const parsed = staffCancelSchema.safeParse({ ...notes, refund: refund ? draftBody(draft) : null });
    if (!parsed.success) return setErrors(errorsByField(zodIssues(parsed.error.issues)));
    try {
      const saved = await cancel.mutateAsync({ id: order.id, body: parsed.data });
      toast.success(
        refund
          ? `Order ${saved.order_number} cancelled and ${formatUsd(parsed.data.refund!.amount)} refunded`
          : `Order ${saved.order_number} cancelled; ${formatUsd(saved.payment.amount_paid)} is due back to the customer`,
      );
      onDone();
    } catch (err) {
      const { fields, form } = serverErrors(err, 'Failed to cancel the order');
      setErrors(fields);
      setFormError(form);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !cancel.isPending && onBack()}
      title={`Cancel ${order.order_number}?`}
      description={`The customer has paid ${formatUsd(paid)} on this order. Refund it now, or cancel and refund later.`}
    >
      <div className="space-y-4" data-testid="cancel-paid-dialog">
        <MoneyFields
          value={draft}
          onChange={setDraft}
          amountFixed
          errors={errors}
          methods={methods}
          amountLabel="Refund ($, all that was paid)"
          methodLabel="How it goes back"
          amountHint="Refund part of it from the Payment section instead"
        />
        <p className="text-sm text-gray-400">
          Without a refund the order shows &ldquo;refund due&rdquo; until the money is given back.
        </p>
        <ErrorAlert message={formError} />
        <div className="flex flex-col-reverse gap-2 border-t border-gray-800 pt-4 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="secondary" onClick={onBack} disabled={cancel.isPending}>
            Go back
          </Button>
          <Button
            variant="secondary"
            onClick={() => void send(false)}
            loading={cancel.isPending && choice === 'keep'}
            disabled={cancel.isPending && choice !== 'keep'}
          >
            Cancel without refund
          </Button>
          <Button
            variant="danger"
            onClick={() => void send(true)}
            loading={cancel.isPending && choice === 'refund'}
            disabled={cancel.isPending && choice !== 'refund'}
          >
            Cancel and refund {formatUsd(paid)}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
