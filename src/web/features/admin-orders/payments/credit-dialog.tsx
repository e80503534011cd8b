import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { recordCreditSchema } from '@shared/payments';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Modal } from '@web/components/modal';
import { Button, Field, Input } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useRecordCredit } from '../api/admin-orders-api';
import { typedAmount } from './money-fields';
import { ReasonField } from './reason-field';

const creditForm = recordCreditSchema.extend({ amount: typedAmount(recordCreditSchema.shape.amount) });

/** A credit: an amount off what the order owes, no money moves (POST /orders/admin/:id/credits). */
export function CreditDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const p = order.payment;
  const form = useForm<z.input<typeof creditForm>, unknown, z.output<typeof creditForm>>({
    resolver: zodResolver(creditForm),
    defaultValues: { amount: '', reason: '' },
  });
  const credit = useRecordCredit();

  const send = async (body: z.output<typeof creditForm>) => {
    try {
      const saved = await credit.mutateAsync({ id: order.id, body });
      toast.success(`Credit of ${formatUsd(body.amount)} on ${saved.order_number}`);
      onClose();
    } catch (err) {
      showServerErrors(err, form.setError, ['amount', 'reason'], 'Failed to credit');
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !credit.isPending && onClose()}
      title={`Credit on ${order.order_number}`}
      description={`Takes an amount off what the order owes (${formatUsd(p.amount_due)}, balance ${formatUsd(p.balance)}); no money moves. The customer is e-mailed.`}
    >
      <FormProvider {...form}>
        <form noValidate className="space-y-4" data-testid="credit-dialog" onSubmit={form.handleSubmit(send)}>
          <Field
            label="Amount to credit ($)"
            hint={`At most ${formatUsd(p.amount_due)}`}
            error={form.formState.errors.amount?.message}
            required
          >
            <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
          </Field>
          <ReasonField hint="For example: price match" />
          <ErrorAlert message={form.formState.errors.root?.server?.message} />
          <div className="flex flex-col-reverse gap-2 border-t border-gray-800 pt-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={credit.isPending}>
              Credit
            </Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}
