import { Fragment } from 'react';
import { CONTACT_REASONS, MESSAGE_STATUSES, REASON_LABELS, type MessageStatus } from '@shared/contact';
import { Options } from '@web/components/forms/options';
import { SearchBox } from '@web/components/search-box';
import type { ConversationFilters } from './api/conversations';

const STATUS_LABELS: Record<MessageStatus, string> = { pending: 'Unread', read: 'Read', replied: 'Replied' };
// The two drop-downs narrow one filter each; their option values are the filter's values.
const SELECTS: {
  key: 'status' | 'category';
  label: string;
  all: string;
  options: readonly string[];
  names: Record<string, string>;
}[] = [
  { key: 'status', label: 'Status', all: 'All statuses', options: MESSAGE_STATUSES, names: STATUS_LABELS },
  { key: 'category', label: 'Category', all: 'All categories', options: CONTACT_REASONS, names: REASON_LABELS },
];
const select =
  'min-w-0 flex-1 rounded-lg border border-gray-700 bg-ink-950 px-2 py-1.5 text-sm text-gray-100 focus:border-brand-500 focus:outline-none';

function Chip({ on, onClick, children }: { on: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={`rounded-full border px-3 py-1 text-xs font-medium transition ${on ? 'border-brand-500 bg-brand-500/15 text-brand-400' : 'border-gray-700 text-gray-300 hover:border-gray-500'}`}
    >
      {children}
    </button>
  );
}

/** Filters (docs/architecture.md#the-api): unread, needs reply, archived, status, category and text. */
export function FiltersBar({
  value,
  typed,
  onType,
  onChange,
}: {
  value: ConversationFilters;
  typed: string;
  onType: (s: string) => void;
  onChange: (f: ConversationFilters) => void;
}) {
  const set = (patch: Partial<ConversationFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-2 border-b border-gray-800 p-3">
      <SearchBox
        label="Search conversations"
        value={typed}
        onChange={onType}
        placeholder="Search name, e-mail or text"
        className="relative block"
      />
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Show only">
        <Chip on={value.unread} onClick={() => set({ unread: !value.unread })}>
          Unread
        </Chip>
        <Chip on={value.needsReply} onClick={() => set({ needsReply: !value.needsReply })}>
          Needs reply
        </Chip>
        <Chip on={value.archived} onClick={() => set({ archived: !value.archived })}>
          Archived
        </Chip>
      </div>
      <div className="flex gap-2">
        {SELECTS.map(({ key, label, all, options, names }) => (
          <Fragment key={key}>
            <label className="sr-only" htmlFor={`messages-${key}`}>
              {label}
            </label>
            <select
              id={`messages-${key}`}
              className={select}
              value={value[key]}
              onChange={(e) => set({ [key]: e.target.value })}
            >
              <Options empty={all} values={options} labels={names} />
            </select>
          </Fragment>
        ))}
      </div>
    </div>
  );
}
