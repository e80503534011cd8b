import { DUE_FILTERS, type DueFilter } from '@shared/due-date-rules';
import { ADMIN_PAYMENT_FILTERS, ORDER_STATUSES, type Fulfillment, type OrderStatus } from '@shared/orders';
import { shopDay, shopFormatter } from '@shared/time';

// The staff list's filters live in the URL query (a link or a reload keeps them); this file reads and writes them.
export type DateRange = '' | 'today' | 'week' | 'custom';
export type Sort = 'newest' | 'oldest' | 'due';
export type OrderFilters = {
  status: OrderStatus | null;
  fulfillment: Fulfillment | null;
  department: number | null;
  range: DateRange;
  from: string;
  to: string;
  sort: Sort;
  search: string;
  /** unpaid: money still owed (unpaid or partly paid, not cancelled or denied); refund_due: more held than owed. */
  payment: PaymentFilter | null;
  /** Overdue, due today or due this week, each only while the order is open (docs/product.md#due-dates). */
  due: DueFilter | null;
  /** Shipped or completed. */
  delivered: boolean;
  /** Ready for pickup for a week or more. */
  uncollected: boolean;
  page: number;
};
export type PaymentFilter = (typeof ADMIN_PAYMENT_FILTERS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(v: string | null, list: readonly T[]): T | null =>
  list.includes(v as T) ? (v as T) : null;
const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

export function readFilters(q: URLSearchParams): OrderFilters {
  return {
    status: oneOf(q.get('status'), ORDER_STATUSES),
    fulfillment: oneOf(q.get('fulfillment'), ['pickup', 'shipping'] as const),
    department: positive(q.get('department')),
    range: oneOf(q.get('range'), ['today', 'week', 'custom'] as const) ?? '',
    from: DAY.test(q.get('from') ?? '') ? q.get('from')! : '',
    to: DAY.test(q.get('to') ?? '') ? q.get('to')! : '',
    sort: oneOf(q.get('sort'), ['oldest', 'due'] as const) ?? 'newest',
    search: q.get('q') ?? '',
    payment: oneOf(q.get('payment'), ADMIN_PAYMENT_FILTERS),
    due: oneOf(q.get('due'), DUE_FILTERS),
    delivered: q.get('stage') === 'delivered',
    uncollected: q.get('pickup') === 'uncollected',
    page: positive(q.get('page')) ?? 1,
  };
}

/** The query with `patch` applied; any change other than the page goes back to page 1. Other keys (order) stay. */
export function writeFilters(q: URLSearchParams, patch: Partial<OrderFilters>): URLSearchParams {
  const next = new URLSearchParams(q);
  const set = (key: string, value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? next.delete(key) : next.set(key, String(value));
  const f = { ...readFilters(q), ...patch };
  if (!('page' in patch)) f.page = 1;
  set('status', f.status);
  set('fulfillment', f.fulfillment);
  set('department', f.department);
  set('range', f.range);
  set('from', f.range === 'custom' ? f.from : '');
  set('to', f.range === 'custom' ? f.to : '');
  set('sort', f.sort === 'newest' ? null : f.sort);
  set('q', f.search.trim() ? f.search : null);
  set('payment', f.payment);
  set('due', f.due);
  set('stage', f.delivered ? 'delivered' : null);
  set('pickup', f.uncollected ? 'uncollected' : null);
  set('page', f.page > 1 ? f.page : null);
  return next;
}

/** Monday of the shop's current week (weeks start on Monday on the shop floor). */
function mondayOf(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The shop days a range covers, as GET /orders/admin/all takes them (inclusive). */
export function rangeDays(f: Pick<OrderFilters, 'range' | 'from' | 'to'>, now = new Date()) {
  const today = shopDay(now);
  if (f.range === 'today') return { from: today, to: today };
  if (f.range === 'week') return { from: mondayOf(today), to: today };
  if (f.range === 'custom') return { from: f.from, to: f.to };
  return { from: '', to: '' };
}

/** The API query of the list (and of the CSV export, which takes the same filters but sorts by placement only). */
export function listQuery(f: OrderFilters, limit: number, now = new Date()): URLSearchParams {
  const q = new URLSearchParams({ limit: String(limit), offset: String((f.page - 1) * limit) });
  const { from, to } = rangeDays(f, now);
  if (f.status) q.set('status', f.status);
  if (f.fulfillment) q.set('fulfillment', f.fulfillment);
  if (f.department) q.set('department_id', String(f.department));
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  if (f.sort !== 'newest') q.set('sort', f.sort);
  if (f.search.trim()) q.set('search', f.search.trim());
  if (f.payment) q.set('payment', f.payment);
  if (f.due) q.set('due', f.due);
  if (f.delivered) q.set('stage', 'delivered');
  if (f.uncollected) q.set('pickup', 'uncollected');
  return q;
}

const placedFmt = shopFormatter('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
/** "Nov 24, 11:11 PM" in the shop's zone: the list's column names the zone once in its header. */
export const formatPlaced = (at: string) => placedFmt().format(new Date(at));
