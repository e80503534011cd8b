import { Fragment } from 'react';
import { CONTACT_REASONS, REASON_LABELS } from '@shared/contact';
import { Options } from '@web/components/forms/options';
import { SearchBox } from '@web/components/search-box';
import { Button, Select } from '@web/components/ui';
import { SHOW_LABELS, SHOW_VALUES, type ConversationFilters, type Show } from './filters';

// Unread is one control, Show; the status drop-down narrows to the statuses Show does not cover.
const STATUSES = ['read', 'replied'] as const;
const STATUS_LABELS = { read: 'Read', replied: 'Replied' };
const SELECTS: {
  key: 'status' | 'category';
  label: string;
  all: string;
  options: readonly string[];
  names: Record<string, string>;
}[] = [
  { key: 'status', label: 'Status', all: 'All statuses', options: STATUSES, names: STATUS_LABELS },
  { key: 'category', label: 'Category', all: 'All categories', options: CONTACT_REASONS, names: REASON_LABELS },
];

function Toggle({ on, onClick, children }: { on: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Button variant="toggle" size="sm" aria-pressed={on} onClick={onClick}>
      {children}
    </Button>
  );
}

/** Filters (docs/architecture.md#the-api): show (all, unread, assigned to me), needs reply, archived, status, category, text. */
export function FiltersBar({
  value,
  typed,
  onType,
  onChange,
  onShow,
}: {
  value: ConversationFilters;
  typed: string;
  onType: (s: string) => void;
  onChange: (f: ConversationFilters) => void;
  onShow: (show: Show) => void;
}) {
  const set = (patch: Partial<ConversationFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-2 border-b border-gray-800 p-3">
      <SearchBox
        label="Search conversations"
        value={typed}
        onChange={onType}
        placeholder="Search name, e-mail or text"
      />
      <div className="flex flex-wrap items-center gap-1.5">
        <div className="flex gap-1" role="group" aria-label="Show">
          {SHOW_VALUES.map((s) => (
            <Toggle key={s} on={value.show === s} onClick={() => onShow(s)}>
              {SHOW_LABELS[s]}
            </Toggle>
          ))}
        </div>
        <span className="mx-0.5 h-5 w-px bg-gray-800" aria-hidden />
        <div className="flex gap-1" role="group" aria-label="Only">
          <Toggle on={value.needsReply} onClick={() => set({ needsReply: !value.needsReply })}>
            Needs reply
          </Toggle>
          <Toggle on={value.archived} onClick={() => set({ archived: !value.archived })}>
            Archived
          </Toggle>
        </div>
      </div>
      <div className="flex gap-2">
        {SELECTS.map(({ key, label, all, options, names }) => (
          <Fragment key={key}>
            <label className="sr-only" htmlFor={`messages-${key}`}>
              {label}
            </label>
            <Select
              id={`messages-${key}`}
              dense
              className="min-w-0 flex-1 text-sm"
              value={value[key]}
              onChange={(e) => set({ [key]: e.target.value })}
            >
              <Options empty={all} values={options} labels={names} />
            </Select>
          </Fragment>
        ))}
      </div>
    </div>
  );
}
