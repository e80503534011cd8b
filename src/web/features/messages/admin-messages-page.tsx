import { BookmarkCheck, MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useConversations } from './api/conversations';
import { ConversationList } from './conversation-list';
import { FiltersBar } from './filters-bar';
import { searchWithShow, showFromUrl, type ConversationFilters } from './filters';
import { SavedRepliesPanel } from './saved-replies-panel';
import { ThreadView } from './thread-view';

type LocalFilters = Omit<ConversationFilters, 'show'>;
const NO_FILTERS: LocalFilters = { needsReply: false, archived: false, status: '', category: '', search: '' };
const SAVED_REPLIES = 'saved-replies';

/**
 * Message centre (/admin/messages, /admin/messages/:threadId with threadId = conversation id, and
 * /admin/messages/saved-replies). From lg the list and the right pane sit side by side, each scrolling on its own;
 * below lg they stack and the page scrolls. Show (?show=unread|mine) is in the URL, which every link here keeps.
 */
export default function AdminMessagesPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const threadId = params.threadId && /^\d+$/.test(params.threadId) ? Number(params.threadId) : null;
  const savedReplies = params.threadId === SAVED_REPLIES;
  const paneOpen = threadId !== null || savedReplies;
  const show = showFromUrl(new URLSearchParams(search).get('show'));
  const [local, setLocal] = useState(NO_FILTERS);
  const filters: ConversationFilters = { ...local, show };
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setLocal((f) => (f.search === typed ? f : { ...f, search: typed })), 300);
    return () => clearTimeout(t);
  }, [typed]);
  const { data, isPending, isError } = useConversations(filters);
  const stats = data?.statistics;

  return (
    <div className="flex flex-col lg:h-[calc(100dvh-4rem-1px)]">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-gray-800 px-4 py-3 sm:px-6">
        <h1 className="text-xl font-bold text-white sm:text-2xl">Message Center</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {stats ? (
            <p className="text-sm text-gray-400" data-testid="message-stats">
              <span className="font-semibold text-brand-400">{stats.pending}</span> unread · {stats.read} read ·{' '}
              {stats.replied} replied
              {stats.marked_unread ? ` · ${stats.marked_unread} marked unread` : ''}
            </p>
          ) : null}
          <Link
            to={`/admin/messages/${SAVED_REPLIES}${search}`}
            aria-current={savedReplies ? 'page' : undefined}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-400 hover:text-brand-300 aria-[current=page]:text-white"
          >
            <BookmarkCheck className="h-4 w-4" aria-hidden />
            Saved replies
          </Link>
        </div>
      </div>
      <div className="flex min-h-0 flex-1">
        <aside
          className={`min-h-0 w-full flex-col border-gray-800 lg:flex lg:w-80 lg:shrink-0 xl:w-96 lg:border-r ${paneOpen ? 'hidden' : 'flex'}`}
        >
          <FiltersBar
            value={filters}
            typed={typed}
            onType={setTyped}
            onChange={({ show: _, ...rest }) => setLocal(rest)}
            onShow={(s) => navigate({ search: searchWithShow(search, s) }, { replace: true })}
          />
          <div className="min-h-0 flex-1 overflow-y-auto">
            {isPending ? (
              <p className="p-6 text-sm text-gray-500">Loading conversations…</p>
            ) : isError ? (
              <p role="alert" className="p-6 text-sm text-red-400">
                Failed to fetch conversations
              </p>
            ) : (
              <ConversationList items={data.conversations} activeId={threadId} search={search} />
            )}
          </div>
        </aside>
        <div className={`min-h-0 min-w-0 flex-1 flex-col ${paneOpen ? 'flex' : 'hidden lg:flex'}`}>
          {threadId ? (
            <ThreadView key={threadId} conversationId={threadId} search={search} />
          ) : savedReplies ? (
            <SavedRepliesPanel />
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
