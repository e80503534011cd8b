import type { AuditEntry } from '@shared/audit';

const shown = (v: unknown) => {
  if (v === null || v === undefined) return '—';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

type FieldChange = { before: unknown; after: unknown };
const isFieldChange = (v: unknown): v is FieldChange =>
  !!v && typeof v === 'object' && 'before' in v && 'after' in v && Object.keys(v).length === 2;

/** The changed fields as "field: before → after"; a change to several records is listed per record. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return <span className="text-gray-400">No field changed</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {fields.map(([field, change]) =>
        isFieldChange(change) ? (
          <li key={field} className="break-words">
            <span className="font-medium text-gray-200">{field}</span>: <span>{shown(change.before)}</span>
            {' → '}
            <span className="text-white">{shown(change.after)}</span>
          </li>
        ) : (
          <li key={field} className="break-words">
            <span className="font-medium text-gray-200">#{field}</span>: {shown(change)}
          </li>
        ),
      )}
    </ul>
  );
}
