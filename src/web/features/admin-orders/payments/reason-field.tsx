import { MONEY_REASON_MAX } from '@shared/payments';
import { Field, Input } from '@web/components/ui';

/** Why money goes back or comes off: on the ledger, the timeline and the customer's e-mail. */
export function ReasonField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint: string;
}) {
  return (
    <Field label="Reason" hint={hint} error={error} required>
      <Input value={value} maxLength={MONEY_REASON_MAX} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
