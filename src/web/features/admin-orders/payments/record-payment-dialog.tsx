import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { recordPaymentSchema } from '@shared/payments';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Modal } from '@web/components/modal';
import { Button } from '@web/components/ui';
import { ApiRequestError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useRecordPayment } from '../api/admin-orders-api';
import { HAND_METHODS, MONEY_FIELDS, MoneyFields, typedAmount, typedChoice } from './money-fields';

const paymentForm = recordPaymentSchema.extend({
  amount: typedAmount(recordPaymentSchema.shape.amount),
  method: typedChoice(recordPaymentSchema.shape.method),
});

const amountText = (dollars: number) => (dollars > 0 ? dollars.toFixed(2) : '');

/**
 * Money taken at the counter or by post. The amount starts at the balance; more than the balance is refused by the
 * server until staff confirm it (a customer paying ahead, a cheque rounded up), then sent again with the confirmation.
 */
export function RecordPaymentDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const p = order.payment;
  const form = useForm<z.input<typeof paymentForm>, unknown, z.output<typeof paymentForm>>({
    resolver: zodResolver(paymentForm),
    defaultValues: {
      amount: amountText(p.balance),
      method: p.method === 'account' ? 'department_check' : 'cash',
      reference: '',
    },
  });
  /** The amount the server called more than the balance, waiting for staff to confirm it. */
  const [overpaying, setOverpaying] = useState<number | null>(null);
  const record = useRecordPayment();

  const send = async (body: z.output<typeof paymentForm>) => {
    const confirm = overpaying !== null;
    try {
      const saved = await record.mutateAsync({ id: order.id, body: { ...body, confirm_overpayment: confirm } });
      toast.success(`Payment of ${formatUsd(body.amount)} recorded on ${saved.order_number}`);
      onClose();
    } catch (err) {
      const refusedAmount = err instanceof ApiRequestError && err.body?.errors?.some((e) => e.field === 'amount');
      if (!confirm && refusedAmount && body.amount > p.balance) return setOverpaying(body.amount);
      showServerErrors(err, form.setError, MONEY_FIELDS, 'Failed to record the payment');
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !record.isPending && onClose()}
      title={`Record a payment on ${order.order_number}`}
      description={`Balance ${formatUsd(p.balance)} of ${formatUsd(p.amount_due)}. For money taken outside the site: cash, check, the card terminal or a department check.`}
    >
      <FormProvider {...form}>
        <form
          noValidate
          className="space-y-4"
          data-testid="record-payment-dialog"
          onSubmit={form.handleSubmit(send)}
          // A changed amount is a new question: the confirmation was for the old one.
          onChange={(e) => e.target instanceof HTMLInputElement && e.target.name === 'amount' && setOverpaying(null)}
        >
          <MoneyFields methods={HAND_METHODS} amountLabel="Amount received ($)" methodLabel="How it was paid" />
          {overpaying !== null ? (
            <div
              role="alert"
              className="rounded-md p-3 text-sm text-amber-200 ring-1 ring-amber-500/40"
              data-testid="overpayment"
            >
              {formatUsd(overpaying)} is {formatUsd(overpaying - p.balance)} more than the balance of{' '}
              {formatUsd(p.balance)}. Record it anyway? The order will show it as overpaid.
            </div>
          ) : null}
          <ErrorAlert message={form.formState.errors.root?.server?.message} />
          <div className="flex flex-col-reverse gap-2 border-t border-gray-800 pt-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={overpaying !== null ? () => setOverpaying(null) : onClose}>
              {overpaying !== null ? 'Change the amount' : 'Back'}
            </Button>
            <Button type="submit" loading={record.isPending}>
              {overpaying !== null ? `Record overpayment of ${formatUsd(overpaying)}` : 'Record payment'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}
