import { Search } from 'lucide-react';
import {
  CONTACT_REASONS,
  MESSAGE_STATUSES,
  REASON_LABELS,
  type ContactReason,
  type MessageStatus,
} from '@shared/contact';
import type { ConversationFilters } from './api/conversations';

const STATUS_LABELS: Record<MessageStatus, string> = { pending: 'Unread', read: 'Read', replied: 'Replied' };
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
      <label className="relative block">
        <span className="sr-only">Search conversations</span>
        <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-gray-500" aria-hidden />
        <input
          type="search"
          value={typed}
          onChange={(e) => onType(e.target.value)}
          placeholder="Search name, e-mail or text"
          className="w-full rounded-lg border border-gray-700 bg-ink-950 py-2 pr-3 pl-9 text-sm text-gray-100 placeholder:text-gray-500 focus:border-brand-500 focus:outline-none"
        />
      </label>
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
        <label className="sr-only" htmlFor="messages-status">
          Status
        </label>
        <select
          id="messages-status"
          className={select}
          value={value.status}
          onChange={(e) => set({ status: e.target.value as MessageStatus | '' })}
        >
          <option value="">All statuses</option>
          {MESSAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="messages-category">
          Category
        </label>
        <select
          id="messages-category"
          className={select}
          value={value.category}
          onChange={(e) => set({ category: e.target.value as ContactReason | '' })}
        >
          <option value="">All categories</option>
          {CONTACT_REASONS.map((r) => (
            <option key={r} value={r}>
              {REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
