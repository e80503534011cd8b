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
import { ReasonField } from './reason-field';
import { refundMethods } from './refund-methods';

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
  // Starts empty: staff type what goes back, with the balance and what is held beside it.
  const [draft, setDraft] = useState<MoneyDraft>({ amount: '', method: methods[0] ?? '', reference: '' });
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<MoneyErrors & { reason?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const refund = useRecordRefund();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    const parsed = recordRefundSchema.safeParse({ ...draftBody(draft), reason });
    const reasonMissing = reason.trim() === '' ? { reason: 'Give a reason' } : {};
    if (!parsed.success) return setErrors({ ...errorsByField(zodIssues(parsed.error.issues)), ...reasonMissing });
    if (reasonMissing.reason) return setErrors(reasonMissing);
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
          ? "Card online (Stripe) gives money back to the customer's card through Stripe; other methods record money you hand back."
          : 'Record the money you hand back.'
      }
    >
      <form className="space-y-4" data-testid="refund-dialog" onSubmit={submit}>
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
          value={draft}
          onChange={setDraft}
          errors={errors}
          methods={methods}
          amountLabel="Amount to refund ($)"
          methodLabel="How it goes back"
          amountHint={`At most ${formatUsd(p.amount_paid)}`}
        />
        <ReasonField
          value={reason}
          onChange={(v) => {
            setReason(v);
            // The message goes once there is a reason, as the other fields' do.
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          error={errors.reason}
          hint="The customer reads it in their e-mail"
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
