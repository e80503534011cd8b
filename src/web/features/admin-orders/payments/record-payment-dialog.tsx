import { useState } from 'react';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { recordPaymentSchema } from '@shared/payments';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { Button } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useRecordPayment } from '../api/admin-orders-api';
import {
  draftBody,
  errorsByField,
  HAND_METHODS,
  MoneyFields,
  serverErrors,
  zodIssues,
  type MoneyDraft,
  type MoneyErrors,
} from './money-fields';

const amountText = (dollars: number) => (dollars > 0 ? dollars.toFixed(2) : '');

/**
 * Money taken at the counter or by post. The amount starts at the balance; more than the balance is refused by the
 * server until staff confirm it (a customer paying ahead, a cheque rounded up), then sent again with the confirmation.
 */
export function RecordPaymentDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const p = order.payment;
  const [draft, setDraft] = useState<MoneyDraft>({
    amount: amountText(p.balance),
    method: p.method === 'account' ? 'department_check' : 'cash',
    reference: '',
  });
  const [errors, setErrors] = useState<MoneyErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** The amount the server called more than the balance, waiting for staff to confirm it. */
  const [overpaying, setOverpaying] = useState<number | null>(null);
  const record = useRecordPayment();

  const change = (d: MoneyDraft) => {
    setDraft(d);
    if (d.amount !== draft.amount) setOverpaying(null);
  };
  const send = async (confirm: boolean) => {
    setErrors({});
    setFormError(null);
    const parsed = recordPaymentSchema.safeParse({ ...draftBody(draft), confirm_overpayment: confirm });
    if (!parsed.success) return setErrors(errorsByField(zodIssues(parsed.error.issues)));
    try {
      const saved = await record.mutateAsync({ id: order.id, body: parsed.data });
      toast.success(`Payment of ${formatUsd(parsed.data.amount)} recorded on ${saved.order_number}`);
      onClose();
    } catch (err) {
      const { fields, form } = serverErrors(err, 'Failed to record the payment');
      if (!confirm && fields.amount && parsed.data.amount > p.balance) {
        setOverpaying(parsed.data.amount);
        return;
      }
      setErrors(fields);
      setFormError(form);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !record.isPending && onClose()}
      title={`Record a payment on ${order.order_number}`}
      description={`Balance ${formatUsd(p.balance)} of ${formatUsd(p.amount_due)}. For money taken outside the site: cash, check, the card terminal or a department check.`}
    >
      <form
        className="space-y-4"
        data-testid="record-payment-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void send(overpaying !== null);
        }}
      >
        <MoneyFields
          value={draft}
          onChange={change}
          errors={errors}
          methods={HAND_METHODS}
          amountLabel="Amount received ($)"
          methodLabel="How it was paid"
        />
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
        <ErrorAlert message={formError} />
        <div className="flex flex-col-reverse gap-2 border-t border-gray-800 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={overpaying !== null ? () => setOverpaying(null) : onClose}>
            {overpaying !== null ? 'Change the amount' : 'Back'}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {overpaying !== null ? `Record overpayment of ${formatUsd(overpaying)}` : 'Record payment'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
