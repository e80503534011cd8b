import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BUSINESS } from '@shared/business';
import { LoadState } from '@web/components/load-state';
import { CountBadge } from '@web/components/count-badge';
import { Button } from '@web/components/ui';
import { emit } from '@web/lib/events';
import { useMyConversations, useMyThread } from './api/mine';
import { shortTime } from './format';
import { MyReplyForm } from './mine/my-reply-form';
import { MyThread } from './mine/my-thread';

/**
 * /messages: the signed-in customer's conversations with the shop, every message both ways, newest at the bottom,
 * and their reply under it. ?c=<id> picks a conversation; the newest is shown otherwise.
 */
export default function MyMessagesPage() {
  const { t, i18n } = useTranslation();
  const list = useMyConversations();
  const [params] = useSearchParams();
  const conversations = list.data?.conversations ?? [];
  const wanted = Number(params.get('c')) || null;
  const current = conversations.find((c) => c.id === wanted) ?? conversations[0] ?? null;
  const thread = useMyThread(current?.id ?? null);

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="mb-5 text-2xl font-bold text-white">{t('messages.title')}</h1>
      <LoadState
        pending={list.isPending}
        failed={list.isError}
        pendingText={t('messages.loading')}
        failedText={t('messages.failed')}
      />
      {list.data && conversations.length === 0 ? (
        <div className="rounded-xl border border-gray-800 bg-ink-900 p-8 text-center">
          <MessagesSquare className="mx-auto h-10 w-10 text-gray-500" aria-hidden />
          <p className="mt-3 text-lg font-semibold text-white">{t('messages.none')}</p>
          <p className="mt-1 text-sm text-gray-400">{t('messages.noneHint')}</p>
          <Button className="mt-4" onClick={() => emit('open-contact-modal')}>
            {t('header.contactUs')}
          </Button>
        </div>
      ) : null}
      {conversations.length > 1 ? (
        <nav aria-label={t('messages.conversations')} className="mb-4 flex flex-wrap gap-2">
          {conversations.map((c) => (
            <Link
              key={c.id}
              to={`/messages?c=${c.id}`}
              aria-current={c.id === current?.id ? 'page' : undefined}
              className={`inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm ${c.id === current?.id ? 'border-brand-500 text-white' : 'border-gray-700 text-gray-300 hover:text-white'}`}
            >
              {t('messages.last', { when: shortTime(c.last_message_at, undefined, i18n.language) })}
              <CountBadge count={c.unread_count} label={t('messages.new')} />
            </Link>
          ))}
        </nav>
      ) : null}
      {current ? (
        <section
          aria-label={t('messages.conversationWith', { shop: BUSINESS.name })}
          className="overflow-hidden rounded-xl border border-gray-800 bg-ink-950"
        >
          {thread.isPending ? (
            <p className="p-6 text-sm text-gray-500">{t('messages.loadingThread')}</p>
          ) : thread.isError ? (
            <p role="alert" className="p-6 text-sm text-red-400">
              {t('messages.threadFailed')}
            </p>
          ) : (
            <MyThread messages={thread.data.messages} />
          )}
          <MyReplyForm key={current.id} conversationId={current.id} />
        </section>
      ) : null}
    </div>
  );
}
