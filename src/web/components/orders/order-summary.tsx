import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { customerEventText, customerStatusText } from '@shared/order-status-words';
import { STATUS_LABELS, type Order } from '@shared/orders';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
import { MoneySummary } from './money-summary';

// The cart sidebar imports MoneySummary from its own file: this one pulls the order schemas (zod) into the store's first load.
export { MoneySummary };

export function OrderTotals({ order }: { order: Order }) {
  return <MoneySummary priced={order} testIdPrefix="order" />;
}

/**
 * What the department's approver weighs: the order's whole cost, the allowance used, what goes on the
 * department's account and what the member pays, each labelled, as payments split them (order.payment.split).
 */
export function ApproverCost({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const s = order.payment.split;
  const rows: [string, string, number, boolean][] = [
    ['order-total', t('approval.cost.orderTotal'), s.order_total, true],
    ['allowance', t('approval.cost.allowance'), s.allowance, false],
    ['department-account', t('approval.cost.departmentAccount'), s.department_account, false],
    ['member-pays', t('approval.cost.memberPays'), s.member_pays, false],
  ];
  return (
    <section aria-label={t('approval.cost.label')} className="space-y-2">
      <MoneySummary priced={order} testIdPrefix="order" ownLabel={t('approval.cost.memberShare')} />
      <dl className="space-y-1.5 border-t border-gray-700 pt-2 text-sm" data-testid="approver-cost">
        {rows.map(([key, label, value, strong]) => (
          <div
            key={key}
            className={`flex justify-between gap-4 ${strong ? 'font-semibold text-white' : 'text-gray-300'}`}
          >
            <dt>{label}</dt>
            <dd data-testid={`cost-${key}`}>{format.money(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The day it is promised for, delivery, PO number, department and notes. */
export function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const a = order.shipping_address;
  const facts: [string, string][] = [
    [t('facts.readyBy'), t('facts.estimate', { day: format.day(order.due_date) })],
    [
      t('facts.delivery'),
      order.fulfillment === 'pickup'
        ? t('facts.pickup')
        : t('facts.shipTo', {
            address: [a?.address_line1, a?.address_line2, a?.city, `${a?.state} ${a?.zip_code}`]
              .filter(Boolean)
              .join(', '),
          }),
    ],
    ...(order.department_name
      ? [
          [
            t('facts.department'),
            order.requires_approval
              ? t('facts.approvalRequired', { department: order.department_name })
              : order.department_name,
          ] as [string, string],
        ]
      : []),
    ...(order.po_number ? [[t('facts.po'), order.po_number] as [string, string]] : []),
    ...(order.notes ? [[t('facts.notes'), order.notes] as [string, string]] : []),
  ];
  return (
    <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[8rem_1fr]">
      {facts.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-gray-400">{k}</dt>
          <dd className="break-words text-gray-100">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const actorLabel = (e: Order['events'][number], t: TFunction) =>
  e.actor_type === 'approver'
    ? t('timeline.approver', { email: e.actor_email ?? '' })
    : e.actor_type === 'staff'
      ? e.actor_email
        ? t('timeline.staffNamed', { email: e.actor_email })
        : t('timeline.staff')
      : e.actor_type === 'customer'
        ? (e.actor_email ?? t('timeline.customer'))
        : t('timeline.system');

/** An event as the answers carry it; `internal_note` only ever comes in staff answers (GET /orders/admin/:id). */
type TimelineEvent = Order['events'][number];

/** Staff read the short labels with where the order came from; a customer reads the words of their status badge. */
const eventTitle = (e: TimelineEvent, t: TFunction, words: (english: string) => string, customer?: CustomerView) =>
  e.kind === 'note'
    ? 'Internal note'
    : e.kind === 'edit'
      ? t('timeline.edited')
      : customer
        ? customerEventWords(e, customer, words)
        : e.from_status
          ? `${STATUS_LABELS[e.from_status]} → ${STATUS_LABELS[e.to_status]}`
          : `Placed · ${STATUS_LABELS[e.to_status]}`;

type CustomerView = Pick<Order, 'requires_approval'>;

/** The customer's words for a change (customerEventText), the status looked up on its own so "Placed · " carries it. */
const customerEventWords = (e: TimelineEvent, customer: CustomerView, words: (english: string) => string) => {
  const status = customerStatusText({ status: e.to_status, requires_approval: customer.requires_approval });
  return e.from_status ? words(status) : words(customerEventText(e, customer)).replace(status, words(status));
};

/**
 * An event's details in the customer's language: the server words them in English (staff read them so), and a staff
 * edit's changes come joined by "; ", each looked up on its own ("Duty Polo L: quantity 2 -> 3; total $64.00 ->
 * $96.00"). The product names stay as the catalogue has them.
 */
const detailWords = (details: string, words: (english: string) => string) => details.split('; ').map(words).join('; ');

/**
 * The order's timeline: every change with who, when, and the reason, comments, edit details and (staff) notes.
 * `customer` (the order) words the changes as the customer's badge does.
 */
export function OrderTimeline({ events, customer }: { events: TimelineEvent[]; customer?: CustomerView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  return (
    <ol className="relative space-y-3 border-l border-gray-700 pl-4" data-testid="order-timeline">
      {events.map((e) => (
        <li key={e.id} className="relative" data-kind={e.kind ?? 'status'}>
          <span
            className={`absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full ${e.kind === 'note' ? 'bg-gray-400' : 'bg-brand-500'}`}
            aria-hidden
          />
          <p className="text-sm font-medium text-gray-100">
            {eventTitle(e, t, words, customer)}
            {e.kind === 'note' ? <StaffOnly /> : null}
          </p>
          <p className="text-xs text-gray-400">
            {format.dateTime(e.created_at)} · {actorLabel(e, t)}
          </p>
          {e.details ? (
            <p className="mt-0.5 text-sm text-gray-300">{customer ? detailWords(e.details, words) : e.details}</p>
          ) : null}
          {e.reason ? (
            <p className="mt-0.5 text-sm text-gray-300">{t('timeline.reason', { reason: e.reason })}</p>
          ) : null}
          {e.comments ? (
            <p className="mt-0.5 text-sm text-gray-300">{t('timeline.comments', { comments: e.comments })}</p>
          ) : null}
          {e.internal_note ? (
            <p className="mt-1 rounded border border-dashed border-gray-600 px-2 py-1 text-sm text-gray-200">
              {e.kind === 'note' ? null : <StaffOnly />}
              {e.internal_note}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function StaffOnly() {
  return (
    <span className="mx-1.5 rounded bg-gray-700 px-1.5 py-0.5 align-middle text-[0.7rem] font-semibold tracking-wide text-gray-100 uppercase">
      Staff only
    </span>
  );
}
