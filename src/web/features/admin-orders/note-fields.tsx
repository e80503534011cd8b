import { useFormContext } from 'react-hook-form';
import { INTERNAL_NOTE_MAX, REASON_MAX } from '@shared/orders';
import { Field, Textarea } from '@web/components/ui';

/** What a staff change carries besides itself: a reason (deny, cancel), words for the customer, a note for staff. */
export type StaffNotes = { denial_reason: string; comments: string; internal_note: string };
export const NO_STAFF_NOTES: StaffNotes = { denial_reason: '', comments: '', internal_note: '' };

// The labels say who reads each field: a review found the only comment field silently shown to the customer.
export const COMMENTS_LABEL = 'Comments for the customer (shown in the order and e-mail)';
export const INTERNAL_NOTE_LABEL = 'Internal note (staff only, never shown to the customer)';

/** The three fields inside a react-hook-form form (FormProvider) whose values hold them, each with its error. */
export function StaffNoteFields({ reasonLabel }: { reasonLabel: string | null }) {
  const { register, formState } = useFormContext<StaffNotes>();
  const field = (name: keyof StaffNotes, label: string, max: number) => (
    <Field label={label} error={formState.errors[name]?.message}>
      <Textarea
        maxLength={max}
        rows={2}
        className={name === 'internal_note' ? 'border-dashed' : undefined}
        {...register(name)}
      />
    </Field>
  );
  return (
    <>
      {reasonLabel ? field('denial_reason', reasonLabel, REASON_MAX) : null}
      {field('comments', COMMENTS_LABEL, REASON_MAX)}
      {field('internal_note', INTERNAL_NOTE_LABEL, INTERNAL_NOTE_MAX)}
    </>
  );
}
