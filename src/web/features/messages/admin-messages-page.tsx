import { MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useConversations, type ConversationFilters } from './api/conversations';
import { ConversationList } from './conversation-list';
import { FiltersBar } from './filters-bar';
import { ThreadView } from './thread-view';

const NO_FILTERS: ConversationFilters = {
  unread: false,
  needsReply: false,
  archived: false,
  status: '',
  category: '',
  search: '',
};

/**
 * Message centre (/admin/messages and /admin/messages/:threadId, threadId = conversation id). From lg the list
 * and the thread sit side by side, each scrolling on its own; below lg they stack and the page scrolls.
 */
export default function AdminMessagesPage() {
  const params = useParams();
  const threadId = params.threadId && /^\d+$/.test(params.threadId) ? Number(params.threadId) : null;
  const [filters, setFilters] = useState(NO_FILTERS);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setFilters((f) => (f.search === typed ? f : { ...f, search: typed })), 300);
    return () => clearTimeout(t);
  }, [typed]);
  const { data, isPending, isError } = useConversations(filters);
  const stats = data?.statistics;

  return (
    <div className="flex flex-col lg:h-[calc(100dvh-4rem-1px)]">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-800 px-4 py-3 sm:px-6">
        <h1 className="text-xl font-bold text-white sm:text-2xl">Message Center</h1>
        {stats ? (
          <p className="text-sm text-gray-400" data-testid="message-stats">
            <span className="font-semibold text-brand-400">{stats.pending}</span> unread · {stats.read} read ·{' '}
            {stats.replied} replied
          </p>
        ) : null}
      </div>
      <div className="flex min-h-0 flex-1">
        <aside
          className={`min-h-0 w-full flex-col border-gray-800 lg:flex lg:w-96 lg:shrink-0 lg:border-r ${threadId ? 'hidden' : 'flex'}`}
        >
          <FiltersBar value={filters} typed={typed} onType={setTyped} onChange={setFilters} />
          <div className="min-h-0 flex-1 overflow-y-auto">
            {isPending ? (
              <p className="p-6 text-sm text-gray-500">Loading conversations…</p>
            ) : isError ? (
              <p role="alert" className="p-6 text-sm text-red-400">
                Failed to fetch conversations
              </p>
            ) : (
              <ConversationList items={data.conversations} activeId={threadId} />
            )}
          </div>
        </aside>
        <div className={`min-h-0 min-w-0 flex-1 flex-col ${threadId ? 'flex' : 'hidden lg:flex'}`}>
          {threadId ? (
            <ThreadView key={threadId} conversationId={threadId} />
          ) : (
            <div className="m-auto flex flex-col items-center gap-2 p-8 text-center text-gray-500">
              <MessagesSquare className="h-10 w-10" aria-hidden />
              <p>Select a conversation to read it and reply.</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
