import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { recordRefundSchema } from '@shared/payments';
import { staffCancelSchema, type StaffCancelInput } from '@shared/staff-cancel';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Modal } from '@web/components/modal';
import { Button } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useStaffCancel } from '../api/admin-orders-api';
import type { StaffNotes } from '../note-fields';
import { MONEY_FIELDS, MoneyFields, typedAmount, typedChoice } from './money-fields';
import { refundMethods } from './refund-methods';

const refundForm = recordRefundSchema.extend({
  amount: typedAmount(recordRefundSchema.shape.amount),
  method: typedChoice(recordRefundSchema.shape.method),
});
type RefundForm = typeof refundForm;

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
  const form = useForm<z.input<RefundForm>, unknown, z.output<RefundForm>>({
    resolver: zodResolver(refundForm),
    defaultValues: { amount: paid.toFixed(2), method: methods[0] ?? '', reference: '' },
  });
  const [choice, setChoice] = useState<'refund' | 'keep' | null>(null);
  const cancel = useStaffCancel();

  const send = async (refund: StaffCancelInput['refund']) => {
    setChoice(refund ? 'refund' : 'keep');
    // The notes were typed in the status form before this dialog; their limits are its own, so a refusal here is rare.
    const parsed = staffCancelSchema.safeParse({ ...notes, refund });
    if (!parsed.success) {
      return form.setError('root.server', { message: parsed.error.issues[0]?.message ?? 'Check the notes' });
    }
    try {
      const saved = await cancel.mutateAsync({ id: order.id, body: parsed.data });
      toast.success(
        refund
          ? `Order ${saved.order_number} cancelled and ${formatUsd(refund.amount)} refunded`
          : `Order ${saved.order_number} cancelled; ${formatUsd(saved.payment.amount_paid)} is due back to the customer`,
      );
      onDone();
    } catch (err) {
      showServerErrors(err, form.setError, MONEY_FIELDS, 'Failed to cancel the order');
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !cancel.isPending && onBack()}
      title={`Cancel ${order.order_number}?`}
      description={`The customer has paid ${formatUsd(paid)} on this order. Refund it now, or cancel and refund later.`}
    >
      <FormProvider {...form}>
        <form
          noValidate
          className="space-y-4"
          data-testid="cancel-paid-dialog" // Enter in a field must not cancel the order: only the buttons decide.
          onSubmit={(e) => e.preventDefault()}
        >
          <MoneyFields
            amountFixed
            methods={methods}
            amountLabel="Refund ($, all that was paid)"
            methodLabel="How it goes back"
            amountHint="Refund part of it from the Payment section instead"
          />
          <p className="text-sm text-gray-400">
            Without a refund the order shows &ldquo;refund due&rdquo; until the money is given back.
          </p>
          <ErrorAlert message={form.formState.errors.root?.server?.message} />
          <div className="flex flex-col-reverse gap-2 border-t border-gray-800 pt-4 sm:flex-row sm:flex-wrap sm:justify-end">
            <Button variant="secondary" onClick={onBack} disabled={cancel.isPending}>
              Go back
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                form.clearErrors();
                void send(null);
              }}
              loading={cancel.isPending && choice === 'keep'}
              disabled={cancel.isPending && choice !== 'keep'}
            >
              Cancel without refund
            </Button>
            <Button
              variant="danger"
              onClick={form.handleSubmit((refund) => send(refund))}
              loading={cancel.isPending && choice === 'refund'}
              disabled={cancel.isPending && choice !== 'refund'}
            >
              Cancel and refund {formatUsd(paid)}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}
