import { Archive, ArchiveRestore, ArrowLeft, Lock, Mail, Phone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ContactMessage } from '@shared/contact';
import { Button } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useMarkConversationRead, useSetArchived } from './api/mutations';
import { useThread } from './api/thread';
import { formatPhoneDisplay, fullTime } from './format';
import { HeldMailPanel } from './held-mail';
import { Attachments } from './attachments';
import { ReplyForm } from './reply-form';
import { AssigneeSelect, MarkUnreadButton } from './thread-actions';
import { useStickToBottom } from './use-stick-to-bottom';
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
          {!outbound && m.contact_type === 'guest' ? (
            <span className="rounded bg-amber-500/10 px-1.5 py-0.5 text-amber-300" data-testid="guest-message">
              Guest, not signed in
            </span>
          ) : null}
          <time dateTime={m.created_at}>{fullTime(m.created_at)}</time>
          {m.status ? (
            <span className={`rounded px-1.5 py-0.5 ${STATUS_STYLE[m.status]}`}>{STATUS_TEXT[m.status]}</span>
          ) : null}
          {m.source === 'email' ? (
            <span className="inline-flex items-center gap-1" data-testid="by-email">
              <Mail className="h-3 w-3" aria-hidden /> by e-mail
            </span>
          ) : null}
        </div>
        {m.reason || m.order_number || m.phone ? (
          <div className="mb-2 flex flex-wrap gap-1.5 text-[11px]">
            {m.reason ? <ReasonTag reason={m.reason} /> : null}
            {m.order_number ? (
              m.order_id ? (
                <Link
                  to={`/admin/orders?order=${m.order_id}`}
                  className="hover:underline"
                  data-testid="message-order-link"
                >
                  <OrderTag>Order #{m.order_number}</OrderTag>
                </Link>
              ) : (
                <OrderTag>Order #{m.order_number}</OrderTag>
              )
            ) : null}
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
        <Attachments list={m.attachments} />
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
export function ThreadView({ conversationId, search }: { conversationId: number; search: string }) {
  const { data, isPending, isError } = useThread(conversationId);
  const markRead = useMarkConversationRead();
  const archive = useSetArchived();
  const marked = useRef<string | null>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const msgs = data?.messages ?? [];
  const lastInbound = [...msgs].reverse().find((m) => m.direction === 'inbound');
  // Unread for staff: a pending customer message, or marked unread by a staff member.
  const unread = msgs.some((m) => m.status === 'pending') || !!data?.conversation.marked_unread;
  const anchor = lastInbound ?? msgs.at(-1);

  useEffect(() => {
    // Decided once per newest message: opening reads the thread, and so does a message arriving while it is open;
    // "Mark unread" on the open thread (same newest message) is left alone.
    const key = anchor ? `${conversationId}:${anchor.id}` : null;
    if (!anchor || marked.current === key) return;
    marked.current = key;
    if (unread) markRead.mutate(anchor.id, { onError: () => toast.error('Failed to mark as read') });
  }, [conversationId, anchor, unread, markRead]);

  // Only the message pane scrolls to the newest message (scrollIntoView would move the whole page too).
  useStickToBottom(paneRef, isPending ? -1 : msgs.length);

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
      {/* One row from lg, where the pane may be under 400 px wide: the actions keep their names for screen readers and show them from 2xl. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-gray-800 px-4 py-3 lg:flex-nowrap">
        <Link
          to={`/admin/messages${search}`}
          className="rounded-md p-1 text-gray-400 hover:bg-gray-800 hover:text-white lg:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1 basis-40 lg:basis-auto">
          {/* At 1024 the pane is 384 px: the name takes the smaller size there before it is cut. */}
          <h2 className="truncate text-base font-semibold text-white xl:text-lg" title={conversation.name}>
            {conversation.name}
          </h2>
          {/* The record link shares the e-mail's line: the history keeps its height. */}
          <div className="flex min-w-0 items-baseline gap-2">
            <a
              href={`mailto:${conversation.email}`}
              title={conversation.email}
              className="block min-w-0 truncate text-sm text-gray-400 hover:text-brand-400"
            >
              {conversation.email}
            </a>
            {conversation.user_id ? (
              <Link
                to={`/admin/customers/${conversation.user_id}`}
                className="shrink-0 text-sm text-brand-400 hover:underline"
              >
                Customer record
              </Link>
            ) : null}
          </div>
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto lg:flex-nowrap">
          <AssigneeSelect conversation={conversation} />
          <MarkUnreadButton conversationId={conversation.id} search={search} />
          <Button
            variant="secondary"
            size="sm"
            onClick={toggleArchive}
            disabled={archive.isPending || msgs.length === 0}
            className="shrink-0 gap-1.5"
            title={conversation.archived ? 'Unarchive' : 'Archive'}
          >
            {conversation.archived ? (
              <ArchiveRestore className="h-4 w-4" aria-hidden />
            ) : (
              <Archive className="h-4 w-4" aria-hidden />
            )}
            <span className="lg:sr-only 2xl:not-sr-only">{conversation.archived ? 'Unarchive' : 'Archive'}</span>
          </Button>
        </div>
      </header>
      {/* Focusable so keyboard users can scroll a long thread with the arrow keys. */}
      <div
        ref={paneRef}
        tabIndex={0}
        role="region"
        aria-label="Message history"
        className="min-h-0 flex-1 overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400"
      >
        <ol className="space-y-3" aria-label="Messages">
          {msgs.map((m) => (
            <Bubble key={m.id} m={m} />
          ))}
        </ol>
      </div>
      <HeldMailPanel conversationId={conversation.id} />
      {lastInbound ? <ReplyForm key={conversation.id} messageId={lastInbound.id} to={conversation.email} /> : null}
    </section>
  );
}
