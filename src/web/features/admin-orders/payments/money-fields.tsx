import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { LEDGER_METHOD_LABELS, LEDGER_METHODS, REFERENCE_MAX, type LedgerMethod } from '@shared/payments';
import { Field, Input, Select } from '@web/components/ui';

/** What staff type: the amount as text (so "12.5" and a half-typed "12." stay as typed), the method, a reference. */
export type MoneyDraft = { amount: string; method: LedgerMethod | ''; reference: string };

/** The field names a money form has, for placing the server's field errors. */
export const MONEY_FIELDS = ['amount', 'method', 'reference'] as const;

/** The methods staff take by hand; stripe only comes from Stripe. */
export const HAND_METHODS = LEDGER_METHODS.filter((m) => m !== 'stripe');

/**
 * The amount as typed, read by the shared rule: blank is absent (the rule says "Enter an amount"), and a "$" or a
 * thousands comma is allowed because staff copy amounts from receipts.
 */
export const typedAmount = <T extends z.ZodType>(rule: T) =>
  z.preprocess((text: string) => (text.trim() === '' ? undefined : Number(text.replace(/[$,\s]/g, ''))), rule);

/** A select left on "Choose…" is absent, so the shared rule gives its own words. */
export const typedChoice = <T extends z.ZodType>(rule: T) =>
  z.preprocess((value: string) => (value === '' ? undefined : value), rule);

/** Amount, method and reference of a payment or refund, inside a react-hook-form FormProvider of a MoneyDraft. */
export function MoneyFields({
  methods,
  amountLabel,
  methodLabel,
  amountHint,
  amountFixed = false,
}: {
  methods: readonly LedgerMethod[];
  amountLabel: string;
  methodLabel: string;
  amountHint?: string;
  /** The amount is decided by the step (a cancellation refunds all that was paid): shown, not editable. */
  amountFixed?: boolean;
}) {
  const { register, formState } = useFormContext<MoneyDraft>();
  const e = formState.errors;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={amountLabel} error={e.amount?.message} hint={amountHint} required>
        <Input inputMode="decimal" autoComplete="off" readOnly={amountFixed} {...register('amount')} />
      </Field>
      <Field label={methodLabel} error={e.method?.message} required>
        <Select {...register('method')}>
          {methods.length > 1 ? <option value="">Choose…</option> : null}
          {methods.map((m) => (
            <option key={m} value={m}>
              {LEDGER_METHOD_LABELS[m]}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label="Reference (optional)"
        hint="Check number, receipt or terminal slip"
        error={e.reference?.message}
        className="sm:col-span-2"
      >
        <Input maxLength={REFERENCE_MAX} {...register('reference')} />
      </Field>
    </div>
  );
}
