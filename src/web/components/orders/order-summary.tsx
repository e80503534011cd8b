import { formatDueDay } from '@shared/due-date-rules';
import { formatUsd } from '@shared/money';
import { customerEventText } from '@shared/order-status-words';
import { STATUS_LABELS, type Order } from '@shared/orders';
import { MoneySummary } from './money-summary';
import { formatDateTime } from './status-badge';

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
  const s = order.payment.split;
  const rows: [string, string, number, boolean][] = [
    ['order-total', 'Order total', s.order_total, true],
    ['allowance', 'Paid from the allowance', s.allowance, false],
    ['department-account', "On the department's account", s.department_account, false],
    ['member-pays', 'The member pays', s.member_pays, false],
  ];
  return (
    <section aria-label="Cost to the department" className="space-y-2">
      <MoneySummary priced={order} testIdPrefix="order" ownLabel="Member's share after the allowance" />
      <dl className="space-y-1.5 border-t border-gray-700 pt-2 text-sm" data-testid="approver-cost">
        {rows.map(([key, label, value, strong]) => (
          <div
            key={key}
            className={`flex justify-between gap-4 ${strong ? 'font-semibold text-white' : 'text-gray-300'}`}
          >
            <dt>{label}</dt>
            <dd data-testid={`cost-${key}`}>{formatUsd(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The day it is promised for, delivery, PO number, department and notes. */
export function OrderFacts({ order }: { order: Order }) {
  const a = order.shipping_address;
  const facts: [string, string][] = [
    ['Ready by', `${formatDueDay(order.due_date)} (estimate)`],
    [
      'Delivery',
      order.fulfillment === 'pickup'
        ? 'Pickup at the shop (free)'
        : `Shipping to ${[a?.address_line1, a?.address_line2, a?.city, `${a?.state} ${a?.zip_code}`].filter(Boolean).join(', ')}`,
    ],
    ...(order.department_name
      ? [
          ['Department', `${order.department_name}${order.requires_approval ? ' (approval required)' : ''}`] as [
            string,
            string,
          ],
        ]
      : []),
    ...(order.po_number ? [['PO number', order.po_number] as [string, string]] : []),
    ...(order.notes ? [['Notes', order.notes] as [string, string]] : []),
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

const actorLabel = (e: Order['events'][number]) =>
  e.actor_type === 'approver'
    ? `Approver ${e.actor_email ?? ''}`
    : e.actor_type === 'staff'
      ? `Staff${e.actor_email ? ` (${e.actor_email})` : ''}`
      : e.actor_type === 'customer'
        ? (e.actor_email ?? 'Customer')
        : 'System';

/** An event as the answers carry it; `internal_note` only ever comes in staff answers (GET /orders/admin/:id). */
type TimelineEvent = Order['events'][number];

/** Staff read the short labels with where the order came from; a customer reads the words of their status badge. */
const eventTitle = (e: TimelineEvent, customer?: CustomerView) =>
  e.kind === 'note'
    ? 'Internal note'
    : e.kind === 'edit'
      ? 'Order edited'
      : customer
        ? customerEventText(e, customer)
        : e.from_status
          ? `${STATUS_LABELS[e.from_status]} → ${STATUS_LABELS[e.to_status]}`
          : `Placed · ${STATUS_LABELS[e.to_status]}`;

type CustomerView = Pick<Order, 'requires_approval'>;

/**
 * The order's timeline: every change with who, when, and the reason, comments, edit details and (staff) notes.
 * `customer` (the order) words the changes as the customer's badge does.
 */
export function OrderTimeline({ events, customer }: { events: TimelineEvent[]; customer?: CustomerView }) {
  return (
    <ol className="relative space-y-3 border-l border-gray-700 pl-4" data-testid="order-timeline">
      {events.map((e) => (
        <li key={e.id} className="relative" data-kind={e.kind ?? 'status'}>
          <span
            className={`absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full ${e.kind === 'note' ? 'bg-gray-400' : 'bg-brand-500'}`}
            aria-hidden
          />
          <p className="text-sm font-medium text-gray-100">
            {eventTitle(e, customer)}
            {e.kind === 'note' ? <StaffOnly /> : null}
          </p>
          <p className="text-xs text-gray-400">
            {formatDateTime(e.created_at)} · {actorLabel(e)}
          </p>
          {e.details ? <p className="mt-0.5 text-sm text-gray-300">{e.details}</p> : null}
          {e.reason ? <p className="mt-0.5 text-sm text-gray-300">Reason: {e.reason}</p> : null}
          {e.comments ? <p className="mt-0.5 text-sm text-gray-300">Comments: {e.comments}</p> : null}
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
