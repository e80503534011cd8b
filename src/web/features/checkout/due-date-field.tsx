import type { UseFormReturn } from 'react-hook-form';
import { formatDueDay } from '@shared/due-date-rules';
import { Field, Input } from '@web/components/ui';
import type { CheckoutForm } from './checkout-form-schema';

/** "Need it by": optional; the browser's picker starts at the earliest day the shop can promise. */
export function DueDateField({ form, earliest }: { form: UseFormReturn<CheckoutForm>; earliest: string }) {
  const error = form.formState.errors.due_date?.message;
  return (
    <section aria-labelledby="due-title" className="space-y-2">
      <h2 id="due-title" className="text-lg font-semibold text-white">
        When you need it
      </h2>
      <Field
        id="checkout-due-date"
        label="Need it by (optional)"
        hint={`Leave it empty and we will have it ready by ${formatDueDay(earliest)}, the earliest we can. Pick a later day if that suits you better.`}
        error={error}
        className="sm:max-w-xs"
      >
        <Input type="date" min={earliest} className="[color-scheme:dark]" {...form.register('due_date')} />
      </Field>
    </section>
  );
}

/** The estimate in the order summary: the day asked for when it is one we can promise, else the earliest day. */
export function ReadyByEstimate({ asked, earliest }: { asked: string; earliest: string }) {
  const day = asked && asked >= earliest ? asked : earliest;
  return (
    <p data-testid="checkout-ready-by" className="mt-3 rounded-lg bg-ink-800 px-3 py-2 text-sm text-gray-200">
      Ready by <strong className="text-white">{formatDueDay(day)}</strong>{' '}
      <span className="text-gray-400">(estimate)</span>
    </p>
  );
}
