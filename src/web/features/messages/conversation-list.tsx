import { Archive, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { Conversation } from '@shared/contact';
import { shortTime } from './format';
import { OrderTag, ReasonTag } from './tags';

function Row({ c, active, search }: { c: Conversation; active: boolean; search: string }) {
  const unread = c.unread_count > 0 || c.marked_unread;
  return (
    <li>
      <Link
        to={`/admin/messages/${c.id}${search}`}
        data-testid="conversation-row"
        aria-current={active ? 'page' : undefined}
        className={`block border-b border-gray-800/70 px-4 py-3 transition hover:bg-gray-800/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400 ${active ? 'bg-gray-800/70' : ''}`}
      >
        <div className="flex items-baseline gap-2">
          {unread ? <span className="h-2 w-2 shrink-0 rounded-full bg-brand-500" aria-hidden /> : null}
          <span className={`min-w-0 flex-1 truncate ${unread ? 'font-semibold text-white' : 'text-gray-200'}`}>
            {c.name}
          </span>
          <time className="shrink-0 text-xs text-gray-500" dateTime={c.last_message_at}>
            {shortTime(c.last_message_at)}
          </time>
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate text-xs text-gray-500">{c.email}</span>
          {c.unread_count > 0 ? (
            <span
              data-testid="unread-count"
              aria-label={`${c.unread_count} unread`}
              className="rounded-full bg-brand-500 px-1.5 text-xs font-bold text-ink-950"
            >
              {c.unread_count}
            </span>
          ) : null}
        </div>
        {c.last_message ? (
          <p className={`mt-1 line-clamp-2 text-sm ${unread ? 'text-gray-200' : 'text-gray-400'}`}>
            {c.last_message.direction === 'outbound' ? <span className="text-gray-500">You: </span> : null}
            {c.last_message.body}
          </p>
        ) : null}
        <div className="mt-1.5 flex flex-wrap gap-1.5 text-[11px]">
          {c.last_reason ? <ReasonTag reason={c.last_reason} /> : null}
          {c.last_order_number ? <OrderTag>#{c.last_order_number}</OrderTag> : null}
          {c.marked_unread && c.unread_count === 0 ? (
            <span data-testid="marked-unread" className="rounded bg-brand-500/15 px-1.5 py-0.5 text-brand-400">
              Marked unread
            </span>
          ) : null}
          {c.assignee ? (
            <span
              data-testid="row-assignee"
              className="inline-flex max-w-40 items-center gap-1 rounded bg-gray-800 px-1.5 py-0.5 text-gray-300"
            >
              <UserRound className="h-3 w-3 shrink-0" aria-hidden />
              <span className="truncate">
                <span className="sr-only">Assigned to </span>
                {c.assignee.name}
              </span>
            </span>
          ) : null}
          {c.needs_reply ? (
            <span className="rounded bg-amber-500/10 px-1.5 py-0.5 text-amber-300">Needs reply</span>
          ) : null}
          {c.archived ? (
            <span className="inline-flex items-center gap-1 rounded bg-gray-800 px-1.5 py-0.5 text-gray-400">
              <Archive className="h-3 w-3" aria-hidden />
              Archived
            </span>
          ) : null}
        </div>
      </Link>
    </li>
  );
}

export function ConversationList({
  items,
  activeId,
  search,
}: {
  items: Conversation[];
  activeId: number | null;
  /** The page's ?show=, kept by every row's link. */
  search: string;
}) {
  if (items.length === 0) return <p className="p-6 text-center text-sm text-gray-500">No conversations match.</p>;
  return (
    <ul aria-label="Conversations">
      {items.map((c) => (
        <Row key={c.id} c={c} active={c.id === activeId} search={search} />
      ))}
    </ul>
  );
}
