import { and, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { endOfWeek, type DueFilter } from '../../shared/due-date-rules';
import { DELIVERED_STATUSES, DUE_OPEN_STATUSES } from '../../shared/order-statuses';
import { SEARCH_MIN_CHARS, UNCOLLECTED_DAYS, type AdminFilters, type AdminListQuery } from '../../shared/orders';
import { shopDay, shopDayStart } from '../../shared/time';
import type { Executor } from '../db/client';
import { departments, orderEvents, orderLines, orders, settings, users } from '../db/schema';
import { hasBalance, refundDue } from '../accounts';

const DAY_MS = 24 * 60 * 60 * 1000;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of the staff list and its CSV export. Each filter is a plain column test the order indexes can serve
 * (status and created_at lead orders_status_created_idx and orders_created_idx); the search matches customers and
 * order lines in their own tables first, so the orders scan tests hashed id lists, not patterns per row. "Unpaid"
 * (the order has a balance, as payments defines it) sums each scanned order's ledger through payments_order_idx.
 */
export function adminOrderFilters(db: Executor, q: Omit<AdminFilters, 'sort'>, now: Date): SQL | undefined {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(orders.status, q.status));
  if (q.fulfillment) filters.push(eq(orders.fulfillment, q.fulfillment));
  if (q.department_id) filters.push(eq(orders.departmentId, q.department_id));
  if (q.from) filters.push(gte(orders.createdAt, shopDayStart(q.from)));
  // Phoenix keeps one offset all year, so the next shop day starts exactly 24 hours later.
  if (q.to) filters.push(lt(orders.createdAt, new Date(shopDayStart(q.to).getTime() + DAY_MS)));
  if (q.search) filters.push(searchFilter(db, q.search));
  if (q.payment === 'unpaid') filters.push(hasBalance());
  if (q.payment === 'refund_due') filters.push(refundDue());
  if (q.payment === 'owed_past_terms') filters.push(hasBalance(), pastTerms(now));
  if (q.due) filters.push(dueFilter(q.due, shopDay(now)));
  if (q.stage === 'delivered') filters.push(inArray(orders.status, [...DELIVERED_STATUSES]));
  if (q.pickup === 'uncollected') filters.push(uncollectedFilter(now));
  return filters.length ? and(...filters) : undefined;
}

/** Only orders still to be made ready count: one ready, shipped, collected, cancelled or denied is never late. */
function dueFilter(due: DueFilter, today: string): SQL {
  const open = inArray(orders.status, [...DUE_OPEN_STATUSES]);
  if (due === 'overdue') return and(open, lt(orders.dueDate, today))!;
  if (due === 'today') return and(open, eq(orders.dueDate, today))!;
  return and(open, gte(orders.dueDate, today), lte(orders.dueDate, endOfWeek(today)))!;
}

/**
 * Not an order on a department's account still within the account terms (settings.account_terms_days from the day
 * it was placed): the department has that long to pay, so it is not yet money owed.
 */
function pastTerms(now: Date): SQL {
  const days = sql`coalesce((select ${settings.accountTermsDays} from ${settings} limit 1), 30)`;
  return sql`not (${orders.paymentMethod} = 'account'
    and ${orders.createdAt} > ${now.toISOString()}::timestamptz - make_interval(days => ${days}))`;
}

/** Ready for pickup since UNCOLLECTED_DAYS days or more: the latest move into the state, else the order's last change. */
function uncollectedFilter(now: Date): SQL {
  const before = new Date(now.getTime() - UNCOLLECTED_DAYS * DAY_MS);
  const readySince = sql`coalesce((select max(${orderEvents.createdAt}) from ${orderEvents}
    where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.kind} = 'status'
      and ${orderEvents.toStatus} = 'ready_for_pickup'), ${orders.updatedAt})`;
  return and(eq(orders.status, 'ready_for_pickup'), lte(readySince, before))!;
}

/** The digits of a search that looks like a phone number ("(602) 555-0101"), else null. */
export function phoneDigits(text: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= SEARCH_MIN_CHARS ? digits : null;
}

/** Customers by e-mail, name or phone (digits compared, whatever the format either side was written in). */
export function customerMatch(text: string): SQL {
  const term = `%${escapeLike(text)}%`;
  const digits = phoneDigits(text);
  return or(
    ilike(users.email, term),
    ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, term),
    digits ? sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}` : undefined,
  )!;
}

/**
 * A tracking number typed as a label prints it ("1Z 999 AA1 01 2345 6784", "9400-1000-0000"): spaces and dashes
 * left out on both sides, so the number matches however either was written. Only for text that has them.
 */
function trackingMatch(text: string): SQL | undefined {
  if (!/[\s-]/.test(text)) return undefined;
  const compact = text.replace(/[\s-]+/g, '');
  if (compact.length < SEARCH_MIN_CHARS) return undefined;
  return sql`regexp_replace(coalesce(${orders.trackingNumber}, ''), '[[:space:]-]', '', 'g') ilike ${`%${escapeLike(compact)}%`}`;
}

/**
 * Order number, PO, tracking number and the customer's note on the order itself; customer, department, lines and
 * staff notes in their own tables first (each a bounded id list). Shorter text than SEARCH_MIN_CHARS finds nothing.
 */
function searchFilter(db: Executor, text: string): SQL {
  if (text.length < SEARCH_MIN_CHARS) return sql`false`;
  const term = `%${escapeLike(text)}%`;
  const matchingCustomers = db.select({ id: users.id }).from(users).where(customerMatch(text));
  const matchingDepartments = db.select({ id: departments.id }).from(departments).where(ilike(departments.name, term));
  // A line matches by its product name ("Duty Polo - Navy") or by a name embroidered on it.
  const matchingLines = db
    .select({ id: orderLines.orderId })
    .from(orderLines)
    .where(
      or(
        ilike(orderLines.productName, term),
        // The text form first: most lines fail it without unpacking their customisations.
        sql`(${orderLines.customizations}::text ilike ${term} and exists (
               select 1 from jsonb_array_elements(${orderLines.customizations}) c
               where c->>'type' = 'add_name' and c->>'text' ilike ${term}))`,
      ),
    );
  // Staff notes and the words on the timeline (comments, internal notes, reasons).
  const matchingNotes = db
    .select({ id: orderEvents.orderId })
    .from(orderEvents)
    .where(
      or(ilike(orderEvents.internalNote, term), ilike(orderEvents.comments, term), ilike(orderEvents.reason, term)),
    );
  return or(
    ilike(orders.orderNumber, term),
    ilike(orders.poNumber, term),
    ilike(orders.trackingNumber, term),
    trackingMatch(text),
    ilike(orders.notes, term),
    inArray(orders.userId, matchingCustomers),
    inArray(orders.departmentId, matchingDepartments),
    inArray(orders.id, matchingLines),
    inArray(orders.id, matchingNotes),
  )!;
}

/** True when the filters narrow the list beyond one status, so its total needs a count of its own. */
export const narrowsBeyondStatus = (q: Omit<AdminFilters, 'sort' | 'status'>) =>
  Boolean(q.fulfillment || q.department_id || q.from || q.to || q.search || q.payment || q.due || q.stage || q.pickup);

/**
 * NULLS LAST/FIRST match the indexes (created_at DESC NULLS LAST, id DESC NULLS LAST), read forwards for newest and
 * backwards for oldest; plain DESC or ASC would not use them. By due date, soonest first, reads orders_due_idx.
 */
export const adminOrderBy = (sort: AdminListQuery['sort']) =>
  sort === 'due'
    ? [sql`${orders.dueDate} asc`, sql`${orders.id} asc`]
    : sort === 'oldest'
      ? [sql`${orders.createdAt} asc nulls first`, sql`${orders.id} asc nulls first`]
      : [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];
