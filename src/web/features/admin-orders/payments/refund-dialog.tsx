import { useState } from 'react';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { recordRefundSchema } from '@shared/payments';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { Button } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useRecordRefund } from '../api/admin-orders-api';
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

/** Money given back, at most what was paid: through Stripe for an online payment, otherwise recorded. */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const p = order.payment;
  const methods = refundMethods(p);
  const [draft, setDraft] = useState<MoneyDraft>({
    amount: p.amount_paid.toFixed(2),
    method: methods[0] ?? '',
    reference: '',
  });
  const [errors, setErrors] = useState<MoneyErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const refund = useRecordRefund();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    const parsed = recordRefundSchema.safeParse(draftBody(draft));
    if (!parsed.success) return setErrors(errorsByField(zodIssues(parsed.error.issues)));
    if (parsed.data.amount > p.amount_paid) {
      return setErrors({ amount: `At most the ${formatUsd(p.amount_paid)} paid can be refunded` });
    }
    try {
      const saved = await refund.mutateAsync({ id: order.id, body: parsed.data });
      toast.success(`Refund of ${formatUsd(parsed.data.amount)} recorded on ${saved.order_number}`);
      onClose();
    } catch (err) {
      const { fields, form } = serverErrors(err, 'Failed to refund');
      setErrors(fields);
      setFormError(form);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !refund.isPending && onClose()}
      title={`Refund on ${order.order_number}`}
      description={
        methods.includes('stripe')
          ? `${formatUsd(p.amount_paid)} has been paid. Card online (Stripe) gives it back to the customer's card through Stripe; other methods record money you hand back.`
          : `${formatUsd(p.amount_paid)} has been paid. Record the money you hand back.`
      }
    >
      <form className="space-y-4" data-testid="refund-dialog" onSubmit={submit}>
        <MoneyFields
          value={draft}
          onChange={setDraft}
          errors={errors}
          methods={methods}
          amountLabel="Amount to refund ($)"
          methodLabel="How it goes back"
          amountHint={`At most ${formatUsd(p.amount_paid)}`}
        />
        <ErrorAlert message={formError} />
        <div className="flex flex-col-reverse gap-2 border-t border-gray-800 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" variant="danger" loading={refund.isPending}>
            Refund
          </Button>
        </div>
      </form>
    </Modal>
  );
}
