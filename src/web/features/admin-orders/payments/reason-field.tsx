import { useFormContext } from 'react-hook-form';
import { MONEY_REASON_MAX } from '@shared/payments';
import { Field, Input } from '@web/components/ui';

/** Why money goes back or comes off: on the ledger, the timeline and the customer's e-mail. */
export function ReasonField({ hint }: { hint: string }) {
  const { register, formState } = useFormContext<{ reason: string }>();
  return (
    <Field label="Reason" hint={hint} error={formState.errors.reason?.message} required>
      <Input maxLength={MONEY_REASON_MAX} {...register('reason')} />
    </Field>
  );
}
