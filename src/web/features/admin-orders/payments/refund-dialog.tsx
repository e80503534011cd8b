import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { recordCreditSchema, recordRefundSchema } from '@shared/payments';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Modal } from '@web/components/modal';
import { Button } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useRecordRefund } from '../api/admin-orders-api';
import { MONEY_FIELDS, MoneyFields, typedAmount, typedChoice } from './money-fields';
import { ReasonField } from './reason-field';
import { refundMethods } from './refund-methods';

/**
 * The refund rules as staff type them. The API takes a refund without a reason (a cancellation's refund has the
 * cancellation's), but one given here is read by the customer, so the dialog asks for it as a credit does.
 */
const refundForm = (paid: number) =>
  recordRefundSchema
    .extend({
      amount: typedAmount(recordRefundSchema.shape.amount),
      method: typedChoice(recordRefundSchema.shape.method),
      reason: recordCreditSchema.shape.reason,
    })
    .refine((v) => v.amount <= paid, {
      path: ['amount'],
      message: `At most the ${formatUsd(paid)} paid can be refunded`,
    });
type RefundForm = ReturnType<typeof refundForm>;

/**
 * What a refund does to the account, in words from the server's figures (a refund never creates a
 * balance): money held above what is owed goes back first; the rest lowers what the order owes.
 */
export function refundEffect(p: Order['payment']): string {
  if (p.refund_due_amount > 0) {
    return `Up to ${formatUsd(p.refund_due_amount)} returns an overpayment; any more lowers what the order owes by as much.`;
  }
  return `This refund lowers what the order owes by as much (a goodwill or returned-goods refund): the balance stays ${formatUsd(p.balance)}.`;
}

/** Money given back, at most what is held: through Stripe for an online payment, otherwise recorded. */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const p = order.payment;
  const methods = refundMethods(p);
  const schema = useMemo(() => refundForm(p.amount_paid), [p.amount_paid]);
  const form = useForm<z.input<RefundForm>, unknown, z.output<RefundForm>>({
    resolver: zodResolver(schema),
    // Starts empty: staff type what goes back, with the balance and what is held beside it.
    defaultValues: { amount: '', method: methods[0] ?? '', reference: '', reason: '' },
  });
  const refund = useRecordRefund();

  const send = async (body: z.output<RefundForm>) => {
    try {
      const saved = await refund.mutateAsync({ id: order.id, body });
      toast.success(`Refund of ${formatUsd(body.amount)} recorded on ${saved.order_number}`);
      onClose();
    } catch (err) {
      showServerErrors(err, form.setError, [...MONEY_FIELDS, 'reason'], 'Failed to refund');
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !refund.isPending && onClose()}
      title={`Refund on ${order.order_number}`}
      description={
        methods.includes('stripe')
          ? "Card online (Stripe) gives money back to the customer's card through Stripe; other methods record money you hand back."
          : 'Record the money you hand back.'
      }
    >
      <FormProvider {...form}>
        <form noValidate className="space-y-4" data-testid="refund-dialog" onSubmit={form.handleSubmit(send)}>
          <dl className="grid grid-cols-3 gap-3 rounded-md bg-ink-950/60 p-3 text-sm" data-testid="refund-figures">
            <div>
              <dt className="text-gray-400">Owed</dt>
              <dd className="font-semibold text-gray-100">{formatUsd(p.amount_due)}</dd>
            </div>
            <div>
              <dt className="text-gray-400">Paid</dt>
              <dd className="font-semibold text-gray-100">{formatUsd(p.amount_paid)}</dd>
            </div>
            <div>
              <dt className="text-gray-400">Balance</dt>
              <dd className="font-semibold text-gray-100" data-testid="refund-balance">
                {formatUsd(p.balance)}
              </dd>
            </div>
          </dl>
          <p className="text-sm text-gray-300" data-testid="refund-effect">
            {refundEffect(p)}
          </p>
          <MoneyFields
            methods={methods}
            amountLabel="Amount to refund ($)"
            methodLabel="How it goes back"
            amountHint={`At most ${formatUsd(p.amount_paid)}`}
          />
          <ReasonField hint="The customer reads it in their e-mail" />
          <ErrorAlert message={form.formState.errors.root?.server?.message} />
          <div className="flex flex-col-reverse gap-2 border-t border-gray-800 pt-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" variant="danger" loading={refund.isPending}>
              Refund
            </Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}
