import { useTranslation } from 'react-i18next';
import { useFormat } from '@web/i18n/format';
import type { UseFormReturn } from 'react-hook-form';
import { Field, Input } from '@web/components/ui';
import type { CheckoutForm } from './checkout-form-schema';

/** "Need it by": optional; the browser's picker starts at the earliest day the shop can promise. */
export function DueDateField({ form, earliest }: { form: UseFormReturn<CheckoutForm>; earliest: string }) {
  const error = form.formState.errors.due_date?.message;
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section aria-labelledby="due-title" className="space-y-2">
      <h2 id="due-title" className="text-lg font-semibold text-white">
        {t('checkout.when')}
      </h2>
      <Field
        id="checkout-due-date"
        label={t('checkout.needBy')}
        hint={t('checkout.needByHint', { day: format.day(earliest) })}
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
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <p data-testid="checkout-ready-by" className="mt-3 rounded-lg bg-ink-800 px-3 py-2 text-sm text-gray-200">
      {t('checkout.readyBy')} <strong className="text-white">{format.day(day)}</strong>{' '}
      <span className="text-gray-400">{t('checkout.estimate')}</span>
    </p>
  );
}
