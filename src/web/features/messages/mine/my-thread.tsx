import { Mail } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS } from '@shared/business';
import type { MyMessage } from '@shared/my-messages';
import { useFormat } from '@web/i18n/format';
import { Attachments } from '../attachments';
import { OrderTag } from '../tags';
import { useStickToBottom } from '../use-stick-to-bottom';

function Bubble({ m }: { m: MyMessage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const mine = m.direction === 'inbound';
  return (
    <li
      data-testid="my-message"
      data-direction={m.direction}
      className={`flex ${mine ? 'justify-end' : 'justify-start'}`}
    >
      <div
        className={`max-w-[92%] rounded-xl border px-4 py-3 sm:max-w-[80%] ${mine ? 'border-gray-700 bg-ink-900' : 'border-brand-500/30 bg-brand-500/10'}`}
      >
        <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-400">
          <span className="font-medium text-gray-200">
            {mine && m.signed_out
              ? t('messages.signedOut', { name: m.name })
              : mine
                ? t('messages.you')
                : t('messages.fromShop', { name: m.name, shop: BUSINESS.name })}
          </span>
          <time dateTime={m.created_at}>{format.dateTime(m.created_at)}</time>
          {m.source === 'email' ? (
            <span className="inline-flex items-center gap-1">
              <Mail className="h-3 w-3" aria-hidden /> {t('messages.byEmail')}
            </span>
          ) : null}
          {m.order_number ? <OrderTag>{t('messages.order', { number: m.order_number })}</OrderTag> : null}
        </div>
        <p className="text-sm break-words whitespace-pre-wrap text-gray-100">{m.message}</p>
        <Attachments list={m.attachments} label={t('messages.attachments')} />
      </div>
    </li>
  );
}

/** Every message both ways, oldest first; the pane keeps the newest in view. */
export function MyThread({ messages }: { messages: MyMessage[] }) {
  const { t } = useTranslation();
  const paneRef = useRef<HTMLDivElement>(null);
  useStickToBottom(paneRef, messages.length);
  return (
    <div
      ref={paneRef}
      tabIndex={0}
      role="region"
      aria-label={t('messages.history')}
      className="max-h-[calc(100dvh-24rem)] min-h-40 overflow-y-auto px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400 sm:px-4"
    >
      <ol className="space-y-3" aria-label={t('messages.title')}>
        {messages.map((m) => (
          <Bubble key={m.id} m={m} />
        ))}
      </ol>
    </div>
  );
}
