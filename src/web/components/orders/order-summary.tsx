import { adjustmentAmount, formatUsd } from '@shared/money';
import type { Adjustment } from '@shared/pricing';
import { STATUS_LABELS, type Order } from '@shared/orders';
import { formatDateTime } from './status-badge';

/** Anything the server priced: a cart, a checkout quote or an order. The web shows its figures and computes none. */
type Priced = { subtotal: number; adjustments: Adjustment[]; total: number };

/**
 * The one money summary: subtotal, each named adjustment (tax, exemption, shipping) and the total, as the server
 * quoted them. `testIdPrefix` names the rows (`cart-tax`, `checkout-total`); `updating` dims the figures the
 * server is still recomputing after a local change.
 */
export function MoneySummary({
  priced,
  testIdPrefix,
  updating = false,
}: {
  priced: Priced;
  testIdPrefix: string;
  updating?: boolean;
}) {
  const rows = [
    { key: 'subtotal', label: 'Subtotal', value: formatUsd(priced.subtotal), strong: false },
    ...priced.adjustments.map((a) => ({ key: a.kind, label: a.label, value: adjustmentAmount(a), strong: false })),
    { key: 'total', label: 'Total', value: formatUsd(priced.total), strong: true },
  ];
  return (
    <dl className="space-y-1.5 text-sm" data-testid={`${testIdPrefix}-totals`} aria-busy={updating || undefined}>
      {rows.map((r) => (
        <div
          key={r.key}
          className={`flex justify-between gap-4 ${r.strong ? 'border-t border-gray-700 pt-2 text-base font-semibold text-white' : 'text-gray-300'} ${updating && r.key !== 'subtotal' ? 'opacity-60' : ''}`}
        >
          <dt>{r.label}</dt>
          <dd data-testid={`${testIdPrefix}-${r.key}`}>{r.value}</dd>
        </div>
      ))}
      {updating ? (
        <p className="text-xs text-gray-400" role="status">
          Updating totals…
        </p>
      ) : null}
    </dl>
  );
}

export function OrderTotals({ order }: { order: Order }) {
  return <MoneySummary priced={order} testIdPrefix="order" />;
}

/** Delivery, PO number, department and notes. */
export function OrderFacts({ order }: { order: Order }) {
  const a = order.shipping_address;
  const facts: [string, string][] = [
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

/** The order's timeline: every change with who, when, and the reason or comments. */
export function OrderTimeline({ events }: { events: Order['events'] }) {
  return (
    <ol className="relative space-y-3 border-l border-gray-700 pl-4" data-testid="order-timeline">
      {events.map((e) => (
        <li key={e.id} className="relative">
          <span className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-brand-500" aria-hidden />
          <p className="text-sm font-medium text-gray-100">
            {e.from_status
              ? `${STATUS_LABELS[e.from_status]} → ${STATUS_LABELS[e.to_status]}`
              : `Placed · ${STATUS_LABELS[e.to_status]}`}
          </p>
          <p className="text-xs text-gray-400">
            {formatDateTime(e.created_at)} · {actorLabel(e)}
          </p>
          {e.reason ? <p className="mt-0.5 text-sm text-gray-300">Reason: {e.reason}</p> : null}
          {e.comments ? <p className="mt-0.5 text-sm text-gray-300">Comments: {e.comments}</p> : null}
        </li>
      ))}
    </ol>
  );
}
