import { REASON_MAX } from '@shared/orders';
import { Textarea } from '../ui';

/** The free text a decision on an order carries, named as statusUpdateSchema and denySchema name it. */
export type DecisionNotesValue = { denial_reason: string; comments: string };
export const NO_NOTES: DecisionNotesValue = { denial_reason: '', comments: '' };

/**
 * A reason, shown only when the decision asks for one, and comments. The host form passes its field look:
 * the staff's order dialog is denser than the approver's page.
 */
export function DecisionNotes({
  reasonLabel,
  value,
  onChange,
  fieldClass,
  reasonHeight = 'min-h-16',
}: {
  reasonLabel: string | null;
  value: DecisionNotesValue;
  onChange: (value: DecisionNotesValue) => void;
  /** The staff dialog's own look; without it the boxes are the ui Textarea. */
  fieldClass?: string;
  reasonHeight?: string;
}) {
  const box = (name: keyof DecisionNotesValue, label: string, height: string) => (
    <label className="block text-sm font-medium text-gray-300">
      {label}
      {fieldClass === undefined ? (
        <Textarea
          value={value[name]}
          onChange={(e) => onChange({ ...value, [name]: e.target.value })}
          className={`mt-1 ${height}`}
          maxLength={REASON_MAX}
        />
      ) : (
        <textarea
          value={value[name]}
          onChange={(e) => onChange({ ...value, [name]: e.target.value })}
          className={`${fieldClass} ${height}`}
          maxLength={REASON_MAX}
        />
      )}
    </label>
  );
  return (
    <>
      {reasonLabel ? box('denial_reason', reasonLabel, reasonHeight) : null}
      {box('comments', 'Comments (optional)', 'min-h-16')}
    </>
  );
}
