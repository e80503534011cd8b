import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { customerMailNote, nextStatuses, reasonRequiredFor, STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { bulkStatusSchema } from '@shared/order-ops';
import { isCalledOff } from '@shared/order-statuses';
import { formatUsd } from '@shared/money';
import { owesBeforeShipping, type PaymentStatus } from '@shared/payments';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Button } from '@web/components/ui';
import type { ApiAnswer } from '@web/lib/api';
import { useBulkStatus } from './api/admin-orders-api';
import type { Picked } from './bulk-bar';
import { NO_STAFF_NOTES, StaffNoteFields } from './note-fields';
import { plural } from '@shared/plural';

// The fields a server refusal can be shown under; the rest goes to the form's error.
const FORM_FIELDS = ['denial_reason', 'comments', 'internal_note'] as const;

// The statuses with money held on the order (payments less refunds above zero).
const HOLDS_MONEY: PaymentStatus[] = ['paid', 'partially_paid', 'partially_refunded', 'refund_due'];

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
  onDone: (answer: ApiAnswer<'/orders/admin/bulk-status', 'post'>) => void;
}) {
  const bulk = useBulkStatus();
  const cannot = picked.filter((o) => !nextStatuses(o.status, o.fulfillment).includes(status));
  const moving = picked.filter((o) => !cannot.includes(o));
  // Denying, and stepping back or cancelling an order in production, carry a reason the customer reads.
  const reasonRule = moving.map((o) => reasonRequiredFor(o.status, status)).find(Boolean) ?? null;
  const needsReason = status === 'denied' || reasonRule !== null;
  const mailNote = customerMailNote(
    status,
    moving.map((o) => o.status),
  );
  // A cancelled or denied order keeps what was paid and shows "refund due": staff refund each from its order.
  const holdingMoney = isCalledOff(status)
    ? picked.filter((o) => !cannot.includes(o) && HOLDS_MONEY.includes(o.payment_status))
    : [];
  // Completing an order that still owes money is asked, not done by accident (UNPAID_BALANCE otherwise).
  const owing =
    status === 'completed'
      ? picked.filter(
          (o) => !cannot.includes(o) && owesBeforeShipping({ method: o.payment_method, balance: o.balance }),
        )
      : [];

  // The orders and status are the dialog's own; the reason a step back or a cancel in production needs is asked here.
  const schema = bulkStatusSchema.superRefine((v, ctx) => {
    if (reasonRule && !v.denial_reason) ctx.addIssue({ code: 'custom', path: ['denial_reason'], message: reasonRule });
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { order_ids: picked.map((o) => o.id), status, ...NO_STAFF_NOTES, allow_unpaid: false },
  });
  const submit = async (body: z.output<typeof schema>) => {
    try {
      const answer = await bulk.mutateAsync({ ...body, allow_unpaid: owing.length > 0 && body.allow_unpaid });
      onDone(answer);
    } catch (err) {
      showServerErrors(err, form.setError, FORM_FIELDS, 'Failed to move the orders');
    }
  };
  const e = form.formState.errors;

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      size="md"
      title={`Move ${plural(picked.length, 'order')} to ${STATUS_LABELS[status]}?`}
      description="Each order changes on its own; orders that cannot move are listed after."
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3" data-testid="bulk-move-dialog">
          <p className="rounded-lg bg-sky-500/10 p-3 text-sm text-sky-100" data-testid="bulk-mail-note">
            {mailNote}
          </p>
          {cannot.length ? (
            <p className="rounded-lg bg-amber-500/10 p-3 text-sm text-amber-200">
              {cannot.length} of them cannot move to {STATUS_LABELS[status]} from their status and will be left as they
              are: {cannot.map((o) => o.order_number).join(', ')}.
            </p>
          ) : null}
          {holdingMoney.length ? (
            <p className="rounded-lg bg-amber-500/10 p-3 text-sm text-amber-200" data-testid="bulk-refund-due">
              {refundDueWarning(
                holdingMoney.map((o) => o.order_number),
                picked.length,
              )}
            </p>
          ) : null}
          {owing.length ? (
            <div className="space-y-2 rounded-lg bg-amber-500/10 p-3 text-sm text-amber-200" data-testid="bulk-unpaid">
              <p>
                {owing.length === 1 ? 'This order still owes money' : `${owing.length} of them still owe money`}:{' '}
                {owing.map((o) => `${o.order_number} owes ${formatUsd(o.balance)}`).join('; ')}.
              </p>
              <label className="flex items-center gap-2">
                <input type="checkbox" {...form.register('allow_unpaid')} data-testid="bulk-allow-unpaid" />
                Complete {owing.length === 1 ? 'it' : 'them'} anyway (the timeline records it); otherwise{' '}
                {owing.length === 1 ? 'it stays' : 'they stay'} as {owing.length === 1 ? 'it is' : 'they are'}
              </label>
            </div>
          ) : null}
          <StaffNoteFields
            reasonLabel={
              status === 'denied'
                ? 'Denial reason (required)'
                : needsReason
                  ? 'Reason (required, the customer reads it)'
                  : null
            }
          />
          <ErrorAlert message={e.root?.server?.message ?? e.status?.message ?? e.order_ids?.message} />
          <div className="flex justify-end gap-2 border-t border-gray-800 pt-3">
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={bulk.isPending}>
              Move to {STATUS_LABELS[status]}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}

/** The orders a cancel or denial leaves holding money, in words that fit one order or several. */
function refundDueWarning(numbers: string[], of: number): string {
  const list = numbers.join(', ');
  if (of === 1)
    return `This order holds a payment this move does not refund: it will show “refund due” until the money is given back from the order (${list}).`;
  const who = numbers.length === 1 ? '1 of them holds a payment' : `${numbers.length} of them hold payments`;
  return `${who} this move does not refund: each will show “refund due” until the money is given back from its order: ${list}.`;
}
