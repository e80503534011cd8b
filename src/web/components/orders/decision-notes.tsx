import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REASON_MAX } from '@shared/orders';
import { Field, Textarea } from '../ui';

/** The free text a decision on an order carries, named as statusUpdateSchema and denySchema name it. */
export type DecisionNotesValue = { denial_reason: string; comments: string };
export const NO_NOTES: DecisionNotesValue = { denial_reason: '', comments: '' };

/**
 * A reason, shown only when the decision asks for one, and comments, inside a react-hook-form form (FormProvider)
 * whose values hold them, each with its error.
 */
export function DecisionNotes({
  reasonLabel,
  reasonHeight = 'min-h-16',
}: {
  reasonLabel: string | null;
  reasonHeight?: string;
}) {
  const { register, formState } = useFormContext<DecisionNotesValue>();
  const { t } = useTranslation();
  const box = (name: keyof DecisionNotesValue, label: string, height: string) => (
    <Field label={label} error={formState.errors[name]?.message}>
      <Textarea className={height} maxLength={REASON_MAX} {...register(name)} />
    </Field>
  );
  return (
    <>
      {reasonLabel ? box('denial_reason', reasonLabel, reasonHeight) : null}
      {box('comments', t('approval.comments'), 'min-h-16')}
    </>
  );
}
