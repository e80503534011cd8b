import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { artworkDecisionSchema, type ArtworkDecisionInput } from '@shared/artwork';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Button, Field, Textarea } from '@web/components/ui';

type Values = z.input<typeof artworkDecisionSchema>;

/** Approve the proof, or ask for changes saying what; one form for the shop and the e-mailed link. */
export function DecisionForm({
  onDecide,
  pending,
}: {
  onDecide: (body: ArtworkDecisionInput) => Promise<unknown>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, z.output<typeof artworkDecisionSchema>>({
    resolver: zodResolver(artworkDecisionSchema),
    defaultValues: { decision: 'approve', note: '' },
  });
  const submit = (decision: 'approve' | 'changes') => {
    form.setValue('decision', decision);
    return form.handleSubmit(async (body) => {
      try {
        await onDecide(body);
      } catch (err) {
        showServerErrors(err, form.setError, ['note'], t('approval.saveFailed'));
      }
    })();
  };
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={t('artwork.decision')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit('approve');
      }}
      className="space-y-3 rounded-xl border border-gray-800 bg-ink-900 p-4"
    >
      <h2 className="text-lg font-semibold text-white">{t('artwork.decision')}</h2>
      <Field label={t('artwork.changeLabel')} hint={t('artwork.changeHint')} error={errors.note?.message}>
        <Textarea rows={3} maxLength={2000} {...form.register('note')} />
      </Field>
      <ErrorAlert message={errors.root?.server?.message} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="success" loading={pending && form.getValues('decision') === 'approve'}>
          {t('artwork.approve')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          loading={pending && form.getValues('decision') === 'changes'}
          onClick={() => void submit('changes')}
        >
          {t('artwork.askChanges')}
        </Button>
      </div>
    </form>
  );
}
