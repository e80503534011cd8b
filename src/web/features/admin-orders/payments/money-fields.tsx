import { LEDGER_METHOD_LABELS, LEDGER_METHODS, REFERENCE_MAX, type LedgerMethod } from '@shared/payments';
import { Field, Input, Select } from '@web/components/ui';
import { ApiRequestError } from '@web/lib/api';

/** What staff type: the amount as text (so "12.5" and a half-typed "12." stay as typed), the method, a reference. */
export type MoneyDraft = { amount: string; method: LedgerMethod | ''; reference: string };
export type MoneyErrors = Partial<Record<keyof MoneyDraft, string>>;

/** The methods staff take by hand; stripe only comes from Stripe. */
export const HAND_METHODS = LEDGER_METHODS.filter((m) => m !== 'stripe');

/** The body fields of the draft: a blank amount is absent, so the schema says "Enter an amount". */
export const draftBody = (d: MoneyDraft) => ({
  amount: d.amount.trim() === '' ? undefined : Number(d.amount.replace(/[$,\s]/g, '')),
  method: d.method || undefined,
  reference: d.reference,
});

/** Issues by field, from the shared schema (client side) or the server's 400 (`refund.amount` counts as amount). */
export function errorsByField(issues: { field: string; message: string }[]): MoneyErrors {
  const out: MoneyErrors = {};
  for (const i of issues) {
    const key = i.field.split('.').at(-1) as keyof MoneyDraft;
    if (key === 'amount' || key === 'method' || key === 'reference') out[key] ??= i.message;
  }
  return out;
}

export const zodIssues = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));

/** A server refusal: its field errors when it names fields, else its words for the whole form. */
export function serverErrors(err: unknown, fallback: string): { fields: MoneyErrors; form: string | null } {
  if (err instanceof ApiRequestError && err.body?.errors?.length) {
    const fields = errorsByField(err.body.errors);
    if (Object.keys(fields).length) return { fields, form: null };
  }
  return { fields: {}, form: err instanceof ApiRequestError ? err.messageOr(fallback) : fallback };
}

export function MoneyFields({
  value,
  onChange,
  errors,
  methods,
  amountLabel,
  methodLabel,
  amountHint,
  amountFixed = false,
}: {
  value: MoneyDraft;
  onChange: (v: MoneyDraft) => void;
  errors: MoneyErrors;
  methods: readonly LedgerMethod[];
  amountLabel: string;
  methodLabel: string;
  amountHint?: string;
  /** The amount is decided by the step (a cancellation refunds all that was paid): shown, not editable. */
  amountFixed?: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={amountLabel} error={errors.amount} hint={amountHint} required>
        <Input
          inputMode="decimal"
          autoComplete="off"
          readOnly={amountFixed}
          value={value.amount}
          onChange={(e) => onChange({ ...value, amount: e.target.value })}
        />
      </Field>
      <Field label={methodLabel} error={errors.method} required>
        <Select value={value.method} onChange={(e) => onChange({ ...value, method: e.target.value as LedgerMethod })}>
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
        error={errors.reference}
        className="sm:col-span-2"
      >
        <Input
          value={value.reference}
          maxLength={REFERENCE_MAX}
          onChange={(e) => onChange({ ...value, reference: e.target.value })}
        />
      </Field>
    </div>
  );
}
