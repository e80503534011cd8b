import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { QUOTE_NOTE_MAX, quoteRequestSchema } from '@shared/quotes';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Button, Field, Input, PageHeader, Textarea } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useRequestQuote } from './api/quote-calls';

type AskForm = { note: string; need_by: string };

/** /quotes/new: ask for a quote of what is in the cart (the cart stays as it is). */
export default function AskQuotePage() {
  const navigate = useNavigate();
  const ask = useRequestQuote();
  const { t } = useTranslation();
  const form = useForm<AskForm>({
    resolver: zodResolver(quoteRequestSchema) as never,
    defaultValues: { note: '', need_by: '' },
  });
  const errors = form.formState.errors;
  const submit = async (v: AskForm) => {
    try {
      const answer = await ask.mutateAsync({ note: v.note || null, need_by: v.need_by || null });
      toast.success(t('quotes.requested', { number: answer.quote.quote_number }));
      navigate(`/quotes/${answer.quote.id}`);
    } catch (err) {
      showServerErrors(err, form.setError, ['note', 'need_by'], t('quotes.requestFailed'));
    }
  };
  return (
    <div className="mx-auto w-full max-w-xl space-y-5 px-4 py-6">
      <PageHeader flush title={t('quotes.askTitle')} description={t('quotes.askIntro')} />
      <form
        className="space-y-4 rounded-xl border border-gray-800 bg-ink-900 p-4"
        onSubmit={form.handleSubmit(submit)}
        noValidate
      >
        <Field label={t('quotes.noteLabel')} error={errors.note?.message} hint={t('quotes.noteHint')}>
          <Textarea rows={4} maxLength={QUOTE_NOTE_MAX} {...form.register('note')} />
        </Field>
        <Field label={t('quotes.needByLabel')} error={errors.need_by?.message}>
          <Input type="date" {...form.register('need_by')} />
        </Field>
        {errors.root?.server ? <ErrorAlert message={errors.root.server.message} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={ask.isPending} data-testid="ask-quote-submit">
            {ask.isPending ? t('quotes.sending') : t('quotes.ask')}
          </Button>
          <Link to="/store" className="inline-flex items-center px-3 text-sm text-brand-400 underline">
            {t('quotes.backToStore')}
          </Link>
        </div>
      </form>
    </div>
  );
}
