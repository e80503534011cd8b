import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { showServerErrors } from '@web/components/forms/server-errors';
import { Options } from '@web/components/forms/options';
import { owesBeforeShipping, unpaidQuestion } from '@shared/payments';
import { Button, ConfirmDialog, Field, Select } from '@web/components/ui';
import { ApiRequestError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useUpdateOrderStatus } from './api/admin-orders-api';
import { NO_STAFF_NOTES, StaffNoteFields } from './note-fields';
import { CancelPaidDialog } from './payments/cancel-paid-dialog';
import { ShipWarningsDialog, type ShipWarning } from './ship-warnings-dialog';
import { ShippingFields } from './shipping-fields';

// The fields a server refusal can be shown under; the rest goes to the form's error.
const SERVER_FIELDS = ['status', 'denial_reason', 'comments', 'internal_note', 'carrier', 'tracking_number'] as const;

/** Offers only the statuses the state machine allows next; denying needs a reason, shipping a tracking number. */
export function StatusControl({ order }: { order: Order }) {
  const options = nextStatuses(order.status, order.fulfillment);
  const labels = Object.fromEntries(
    options.map((s) => [s, isStepBack(order.status, s) ? `${STATUS_LABELS[s]} (move back a step)` : STATUS_LABELS[s]]),
  ) as Record<OrderStatus, string>;
  // Stepping back or cancelling an order in production carries a reason the customer reads.
  const schema = statusUpdateSchema.superRefine((v, ctx) => {
    const rule = reasonRequiredFor(order.status, v.status);
    if (rule && !v.denial_reason) ctx.addIssue({ code: 'custom', path: ['denial_reason'], message: rule });
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { ...NO_STAFF_NOTES, carrier: '', tracking_number: '' },
  });
  const to = form.watch('status') as OrderStatus | '' | undefined;
  const reasonRule = to ? reasonRequiredFor(order.status, to) : null;
  const [askRefund, setAskRefund] = useState(false);
  const [askUnpaid, setAskUnpaid] = useState<StatusUpdate | null>(null);
  // A ship is asked of the server first: it knows which other order has the label, and answers every warning at once.
  const [askShip, setAskShip] = useState<{ body: StatusUpdate; warnings: ShipWarning[] } | null>(null);
  const update = useUpdateOrderStatus();
  const reset = () => form.reset();

  if (options.length === 0) {
    return <p className="text-sm text-gray-400">This order is closed; its status cannot change.</p>;
  }
  const submit = async (body: StatusUpdate) => {
    // Money is held on the order: staff choose whether it goes back in the same step.
    if (body.status === 'cancelled' && order.payment.amount_paid > 0) return setAskRefund(true);
    // Nothing leaves unpaid by accident: staff are asked, and the timeline records a yes (a ship's question comes
    // with the server's answer, beside a used label's).
    if (body.status === 'completed' && owesBeforeShipping(order.payment)) return setAskUnpaid(body);
    await send(body);
  };
  const send = async (body: StatusUpdate) => {
    try {
      await update.mutateAsync({ id: order.id, body });
      toast.success(`Order ${order.order_number}: ${STATUS_LABELS[body.status]}`);
      setAskUnpaid(null);
      setAskShip(null);
      reset();
    } catch (err) {
      setAskUnpaid(null);
      setAskShip(null);
      const warnings = err instanceof ApiRequestError ? (err.body?.warnings ?? []) : [];
      if (body.status === 'shipped' && warnings.length) return setAskShip({ body, warnings });
      showServerErrors(err, form.setError, SERVER_FIELDS, 'Failed to update order status');
    }
  };
  const notes = () => {
    const v = form.getValues();
    return { denial_reason: v.denial_reason ?? '', comments: v.comments ?? '', internal_note: v.internal_note ?? '' };
  };
  const e = form.formState.errors;
  return (
    <>
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={form.handleSubmit(submit)}
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
          <Field label="New status" error={e.status?.message}>
            <Select {...form.register('status')}>
              <Options empty="Choose…" values={options} labels={labels} />
            </Select>
          </Field>
          {to === 'shipped' ? <ShippingFields /> : null}
          <StaffNoteFields
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
          <ErrorAlert message={e.root?.server?.message} />
          <Button type="submit" loading={update.isPending} disabled={!to}>
            Update status
          </Button>
        </form>
      </FormProvider>
      <ConfirmDialog
        open={askUnpaid !== null}
        title="Complete with money owed?"
        description={unpaidQuestion(order.order_number, order.payment.balance, 'completed')}
        confirmLabel="Complete anyway"
        cancelLabel="Not yet"
        pending={update.isPending}
        onConfirm={() => askUnpaid && void send({ ...askUnpaid, allow_unpaid: true })}
        onCancel={() => setAskUnpaid(null)}
      >
        The timeline records that the order left with money owed.
      </ConfirmDialog>
      {askShip ? (
        <ShipWarningsDialog
          order={order}
          warnings={askShip.warnings}
          pending={update.isPending}
          onConfirm={(codes) =>
            void send({
              ...askShip.body,
              allow_unpaid: askShip.body.allow_unpaid || codes.includes('UNPAID_BALANCE'),
              allow_tracking_reuse: askShip.body.allow_tracking_reuse || codes.includes('TRACKING_IN_USE'),
            })
          }
          onCancel={() => setAskShip(null)}
        />
      ) : null}
      {askRefund ? (
        <CancelPaidDialog
          order={order}
          notes={notes()}
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
