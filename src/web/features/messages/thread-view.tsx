import { Archive, ArchiveRestore, ArrowLeft, Lock, Phone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ContactMessage } from '@shared/contact';
import { toast } from '@web/lib/toast';
import { useMarkConversationRead, useSetArchived } from './api/mutations';
import { useThread } from './api/thread';
import { formatPhoneDisplay, fullTime } from './format';
import { ReplyForm } from './reply-form';
import { OrderTag, ReasonTag } from './tags';

const STATUS_STYLE = {
  pending: 'bg-brand-500/15 text-brand-400',
  read: 'bg-gray-800 text-gray-300',
  replied: 'bg-emerald-500/10 text-emerald-300',
} as const;
const STATUS_TEXT = { pending: 'Unread', read: 'Read', replied: 'Replied' } as const;

function Bubble({ m }: { m: ContactMessage }) {
  const outbound = m.direction === 'outbound';
  return (
    <li
      data-testid="thread-message"
      data-direction={m.direction}
      className={`flex ${outbound ? 'justify-end' : 'justify-start'}`}
    >
      <div
        className={`max-w-[92%] rounded-xl border px-4 py-3 sm:max-w-[80%] ${outbound ? 'border-brand-500/30 bg-brand-500/10' : 'border-gray-800 bg-ink-900'}`}
      >
        <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-400">
          <span className="font-medium text-gray-200">{outbound ? `${m.name} (staff)` : m.name}</span>
          <time dateTime={m.created_at}>{fullTime(m.created_at)}</time>
          {m.status ? (
            <span className={`rounded px-1.5 py-0.5 ${STATUS_STYLE[m.status]}`}>{STATUS_TEXT[m.status]}</span>
          ) : null}
        </div>
        {!outbound && (m.reason || m.order_number || m.phone) ? (
          <div className="mb-2 flex flex-wrap gap-1.5 text-[11px]">
            {m.reason ? <ReasonTag reason={m.reason} /> : null}
            {m.order_number ? <OrderTag>Order #{m.order_number}</OrderTag> : null}
            {m.phone ? (
              <a
                href={`tel:${m.phone}`}
                className="inline-flex items-center gap-1 rounded bg-gray-800 px-1.5 py-0.5 text-gray-300 hover:text-white"
              >
                <Phone className="h-3 w-3" aria-hidden />
                {formatPhoneDisplay(m.phone)}
              </a>
            ) : null}
          </div>
        ) : null}
        <p className="text-sm break-words whitespace-pre-wrap text-gray-100">{m.message}</p>
        {outbound && m.admin_notes ? (
          <div className="mt-2 rounded-md border border-dashed border-amber-500/40 bg-amber-500/5 px-2 py-1.5 text-xs text-amber-200">
            <span className="inline-flex items-center gap-1 font-medium text-amber-300">
              <Lock className="h-3 w-3" aria-hidden />
              Internal note:
            </span>{' '}
            {m.admin_notes}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** One conversation: every message and staff reply in order; opening it marks it read. */
export function ThreadView({ conversationId }: { conversationId: number }) {
  const { data, isPending, isError } = useThread(conversationId);
  const markRead = useMarkConversationRead();
  const archive = useSetArchived();
  const marked = useRef<string | null>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const msgs = data?.messages ?? [];
  const lastInbound = [...msgs].reverse().find((m) => m.direction === 'inbound');
  const hasPending = msgs.some((m) => m.status === 'pending');

  useEffect(() => {
    // Once per newest customer message, so a message arriving while the thread is open is marked too.
    const key = lastInbound ? `${conversationId}:${lastInbound.id}` : null;
    if (!lastInbound || !hasPending || marked.current === key) return;
    marked.current = key;
    markRead.mutate(lastInbound.id, { onError: () => toast.error('Failed to mark as read') });
  }, [conversationId, lastInbound, hasPending, markRead]);

  // Only the message pane scrolls to the newest message (scrollIntoView would move the whole page too).
  useEffect(() => {
    const pane = paneRef.current;
    if (pane) pane.scrollTop = pane.scrollHeight;
  }, [msgs.length]);

  if (isPending) return <p className="p-6 text-sm text-gray-500">Loading conversation…</p>;
  if (isError || !data)
    return (
      <p role="alert" className="p-6 text-sm text-red-400">
        Failed to fetch thread
      </p>
    );
  const { conversation } = data;
  const toggleArchive = () =>
    archive.mutate(
      { messageId: msgs[0]!.id, archived: !conversation.archived },
      {
        onSuccess: () => toast.success(conversation.archived ? 'Conversation restored' : 'Conversation archived'),
        onError: () =>
          toast.error(conversation.archived ? 'Failed to unarchive conversation' : 'Failed to archive conversation'),
      },
    );

  return (
    <section aria-label={`Conversation with ${conversation.name}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-gray-800 px-4 py-3">
        <Link
          to="/admin/messages"
          className="rounded-md p-1 text-gray-400 hover:bg-gray-800 hover:text-white lg:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-white">{conversation.name}</h2>
          <a
            href={`mailto:${conversation.email}`}
            className="block truncate text-sm text-gray-400 hover:text-brand-400"
          >
            {conversation.email}
          </a>
        </div>
        <button
          type="button"
          onClick={toggleArchive}
          disabled={archive.isPending || msgs.length === 0}
          className="inline-flex items-center gap-1.5 rounded-lg border border-gray-700 px-3 py-1.5 text-sm text-gray-200 hover:border-gray-500 disabled:opacity-50"
        >
          {conversation.archived ? (
            <ArchiveRestore className="h-4 w-4" aria-hidden />
          ) : (
            <Archive className="h-4 w-4" aria-hidden />
          )}
          {conversation.archived ? 'Unarchive' : 'Archive'}
        </button>
      </header>
      <div ref={paneRef} className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <ol className="space-y-3" aria-label="Messages">
          {msgs.map((m) => (
            <Bubble key={m.id} m={m} />
          ))}
        </ol>
      </div>
      {lastInbound ? <ReplyForm key={conversation.id} messageId={lastInbound.id} to={conversation.email} /> : null}
    </section>
  );
}
