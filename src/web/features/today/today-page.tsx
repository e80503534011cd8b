import { Link } from 'react-router';
import { formatShopDate } from '@shared/time';
import { todayViews, type Today, type TodayOrder, type TodayOrderKey } from '@shared/today';
import { LoadState } from '@web/components/load-state';
import { formatAge } from '@web/lib/age';
import { useSession } from '@web/features/auth';
import { useToday } from './api/today-api';
import { orderListHref } from './today-links';
import { Card, PageHeader } from '@web/components/ui';

type Words = { title: string; hint: (o: Today['orders'][number], now: number) => string; due?: boolean };

const WORDS: Record<TodayOrderKey, Words> = {
  new_orders: { title: 'New since yesterday', hint: () => 'Placed since the start of yesterday' },
  awaiting_approval: {
    title: 'Waiting for approval',
    hint: (o, now) =>
      o.oldest_at ? `Oldest placed ${formatAge(o.oldest_at, now)}` : 'Nothing waiting for a department',
  },
  due_today: { title: 'Due today', hint: () => 'Still to finish', due: true },
  overdue: { title: 'Overdue', hint: () => 'Due before today and not ready yet', due: true },
  uncollected: { title: 'Not collected', hint: () => 'Ready for pickup 7 days or more' },
  owed_after_delivery: { title: 'Delivered, money owed', hint: () => 'Shipped or completed with a balance' },
  refunds_due: { title: 'Refunds due', hint: () => 'More paid than the order owes' },
};

const dueText = (day: string) => formatShopDate(`${day}T12:00:00-07:00`);

function OrderCard({ entry, day, now }: { entry: Today['orders'][number]; day: string; now: number }) {
  const words = WORDS[entry.key];
  const view = todayViews(day)[entry.key];
  const headingId = `today-${entry.key}`;
  return (
    <Card as="section" aria-labelledby={headingId} data-testid={`today-${entry.key}`} className="flex flex-col">
      <h2 id={headingId} className="text-sm font-semibold text-gray-300">
        {words.title}
      </h2>
      <Link
        to={orderListHref(view)}
        className="mt-1 w-fit text-3xl font-bold text-white hover:text-brand-300 focus-visible:outline-2 focus-visible:outline-brand-400"
        aria-label={`${entry.count} ${words.title.toLowerCase()}: show them in the order list`}
        data-testid={`today-${entry.key}-count`}
      >
        {entry.count}
      </Link>
      <p className="text-xs text-gray-400">{words.hint(entry, now)}</p>
      {entry.items.length > 0 ? (
        <ul className="mt-3 space-y-1 border-t border-gray-800 pt-2 text-sm">
          {entry.items.map((o: TodayOrder) => (
            <li key={o.id} className="flex items-baseline justify-between gap-2">
              <Link
                to={orderListHref(view, o.id)}
                className="min-w-0 truncate text-brand-300 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400"
              >
                {o.order_number} <span className="text-gray-300">{o.customer_name}</span>
              </Link>
              <span className="shrink-0 text-xs text-gray-400">
                {words.due ? `due ${dueText(o.due_date)}` : formatAge(o.created_at, now)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function MessageCard({
  title,
  hint,
  count,
  to,
  id,
  opens = 'open the message centre',
}: {
  title: string;
  hint: string;
  count: number;
  to: string;
  id: string;
  opens?: string;
}) {
  return (
    <Card as="section" aria-labelledby={`today-${id}`} data-testid={`today-${id}`}>
      <h2 id={`today-${id}`} className="text-sm font-semibold text-gray-300">
        {title}
      </h2>
      <Link
        to={to}
        className="mt-1 block w-fit text-3xl font-bold text-white hover:text-brand-300 focus-visible:outline-2 focus-visible:outline-brand-400"
        aria-label={`${count} ${title.toLowerCase()}: ${opens}`}
        data-testid={`today-${id}-count`}
      >
        {count}
      </Link>
      <p className="text-xs text-gray-400">{hint}</p>
    </Card>
  );
}

/** The staff home: the day's work as counts, each opening the list of exactly those orders or conversations. */
export default function TodayPage() {
  const { data, isPending, isError, dataUpdatedAt } = useToday();
  const { data: me } = useSession();
  const now = dataUpdatedAt || Date.now();
  return (
    <div className="px-4 py-6 sm:px-6">
      <PageHeader title="Today" description={data ? dueText(data.day) : null} />
      <LoadState pending={isPending} failed={isError} pendingText="Loading today…" failedText="Failed to load today" />
      {data ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.orders.map((entry) => (
            <OrderCard key={entry.key} entry={entry} day={data.day} now={now} />
          ))}
          <MessageCard
            id="unread"
            title="Unread conversations"
            hint="Customer messages nobody has read"
            count={data.unread_conversations}
            to="/admin/messages?show=unread"
          />
          <MessageCard
            id="held"
            title="Held inbound mail"
            hint="Mail from an unknown address, waiting for review"
            count={data.held_mail}
            to="/admin/messages?show=held"
          />
          <MessageCard
            id="artwork-submitted"
            title="Artwork to proof"
            hint="Logos submitted, waiting for a first proof"
            count={data.artwork.submitted}
            to="/admin/artwork?status=submitted"
            opens="open the artwork queue"
          />
          <MessageCard
            id="artwork-changes"
            title="Proof changes requested"
            hint="Customers asked for changes: send a new proof"
            count={data.artwork.changes_requested}
            to="/admin/artwork?status=changes_requested"
            opens="open the artwork queue"
          />
          <MessageCard
            id="artwork-waiting"
            title="Proofs with the customer"
            hint="Sent, waiting for the customer's decision"
            count={data.artwork.proof_sent}
            to="/admin/artwork?status=proof_sent"
            opens="open the artwork queue"
          />
          {me?.role === 'admin' ? (
            <>
              <MessageCard
                id="mail-failed"
                title="Failed mail"
                hint="Given up after 3 days of attempts: resend it"
                count={data.mail_failed}
                to="/admin/mail"
                opens="open the mail screen"
              />
              <MessageCard
                id="mail-late"
                title="Late mail"
                hint="Not sent 15 minutes after it was due"
                count={data.mail_late}
                to="/admin/mail"
                opens="open the mail screen"
              />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
