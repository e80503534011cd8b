import { useState } from 'react';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { recordCreditSchema } from '@shared/payments';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { Button, Field, Input } from '@web/components/ui';
import { ApiRequestError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useRecordCredit } from '../api/admin-orders-api';
import { ReasonField } from './reason-field';

type Errors = { amount?: string; reason?: string };

/** A credit: an amount off what the order owes, no money moves (POST /orders/admin/:id/credits). */
export function CreditDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const p = order.payment;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const credit = useRecordCredit();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    const parsed = recordCreditSchema.safeParse({
      amount: amount.trim() === '' ? undefined : Number(amount.replace(/[$,\s]/g, '')),
      reason,
    });
    if (!parsed.success) {
      const out: Errors = {};
      for (const i of parsed.error.issues) out[i.path[0] as keyof Errors] ??= i.message;
      return setErrors(out);
    }
    try {
      const saved = await credit.mutateAsync({ id: order.id, body: parsed.data });
      toast.success(`Credit of ${formatUsd(parsed.data.amount)} on ${saved.order_number}`);
      onClose();
    } catch (err) {
      if (err instanceof ApiRequestError && err.body?.errors?.length) {
        const out: Errors = {};
        for (const i of err.body.errors) out[i.field as keyof Errors] ??= i.message;
        return setErrors(out);
      }
      setFormError(err instanceof ApiRequestError ? err.messageOr('Failed to credit') : 'Failed to credit');
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !credit.isPending && onClose()}
      title={`Credit on ${order.order_number}`}
      description={`Takes an amount off what the order owes (${formatUsd(p.amount_due)}, balance ${formatUsd(p.balance)}); no money moves. The customer is e-mailed.`}
    >
      <form className="space-y-4" data-testid="credit-dialog" onSubmit={submit}>
        <Field label="Amount to credit ($)" hint={`At most ${formatUsd(p.amount_due)}`} error={errors.amount} required>
          <Input inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <ReasonField
          value={reason}
          onChange={(v) => {
            setReason(v);
            // The message goes once there is a reason, as the other fields' do.
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          error={errors.reason}
          hint="For example: price match"
        />
        <ErrorAlert message={formError} />
        <div className="flex flex-col-reverse gap-2 border-t border-gray-800 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
          <Button type="submit" loading={credit.isPending}>
            Credit
          </Button>
        </div>
      </form>
    </Modal>
  );
}
