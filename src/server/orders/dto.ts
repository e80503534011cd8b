import { asc, eq, inArray } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Order, OrderCustomer } from '../../shared/orders';
import { decorationLabel } from '../../shared/cart-basics';
import { toDollars } from '../../shared/money';
import { API_BASE } from '../../shared/constants';
import { trackingUrl } from '../../shared/order-ops';
import type { Executor } from '../db/client';
import { adjustmentsDto, decorationCentsOf } from '../pricing';
import { paymentsOf } from '../accounts';
import { departments, orderEvents, orderLines, orders, users } from '../db/schema';
import { personName } from '../../shared/person-name';
import { pendingProofs, proofPendingText } from './proof-pending';
import { logosOnSheet } from './logos-on-sheet';
import type { LogoOnSheet } from '../../shared/logos';

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;
type UserRow = typeof users.$inferSelect;

export const customerDto = (u: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'phone'>): OrderCustomer => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  phone: u.phone,
});

export const customerName = (c: Pick<OrderCustomer, 'email' | 'first_name' | 'last_name'>) =>
  personName(c.first_name, c.last_name, c.email);

const lineDto = (l: LineRow, logos?: ReadonlyMap<number, LogoOnSheet>) => ({
  id: l.id,
  product_id: l.productId,
  product_name: l.productName,
  product_slug: l.productSlug,
  product_image_base: l.imageBase,
  product_is_multi_image: l.isMultiImage,
  size: l.size,
  quantity: l.quantity,
  unit_base_price: toDollars(l.unitBaseCents),
  unit_customization_price: toDollars(l.unitCustomizationCents),
  total_price: toDollars(l.totalCents),
  customizations: l.customizations.map((c) => {
    if (!c.artwork_id)
      return {
        ...c,
        label: l.decorations.find((d) => d.kind === c.type)?.label ?? decorationLabel(c.type),
        cost: toDollars(decorationCentsOf(l, c.type)),
      };
    // A line may carry several logos: each is its artwork on its position.
    const kept = l.decorations.find((d) => d.artwork_id === c.artwork_id && d.position === c.position);
    return {
      ...c,
      label: kept?.label ?? 'Logo',
      cost: toDollars(kept?.unit_cents ?? 0),
      preview_url: `${API_BASE}/artwork/${c.artwork_id}/preview`,
      stitches: kept?.stitches,
      estimated: kept?.estimated,
      ...(logos?.get(c.artwork_id) ? { logo: logos.get(c.artwork_id) } : {}),
    };
  }),
});

const eventDto = (e: EventRow, forStaff: boolean): Order['events'][number] => ({
  id: e.id,
  from_status: e.fromStatus,
  to_status: e.toStatus,
  actor_type: e.actorType,
  // Customers see that staff acted, not which staff member's address did.
  actor_email: e.actorType === 'staff' && !forStaff ? null : e.actorEmail,
  reason: e.reason,
  comments: e.comments,
  kind: e.kind,
  details: e.details,
  // The key itself is absent from customer answers, so no serializer or spread can carry the note out.
  ...(forStaff ? { internal_note: e.internalNote } : {}),
  created_at: e.createdAt.toISOString(),
});

/** A customer's timeline: staff notes are not events of theirs at all. */
export const visibleEvents = (events: EventRow[], forStaff: boolean) =>
  (forStaff ? events : events.filter((e) => e.kind !== 'note')).map((e) => eventDto(e, forStaff));

type Thunks = readonly (() => Promise<unknown>)[];
type Results<T extends Thunks> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/** Pool queries run side by side; a transaction has one connection, so its queries run one after another. */
export async function inParallel<const T extends Thunks>(db: Executor, thunks: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return Promise.all(thunks.map((t) => t())) as Promise<Results<T>>;
  const out: unknown[] = [];
  for (const t of thunks) out.push(await t());
  return out as Results<T>;
}

export type DtoOptions = { forStaff?: boolean; customers?: Map<number, OrderCustomer> };

/** Builds full order answers for many orders with a fixed number of queries (no N+1). */
export async function orderDtos(db: Executor, rows: OrderRow[], opts: DtoOptions = {}): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const linkedIds = rows
    .flatMap((r) => [r.modifiedFromOrderId, r.replacedByOrderId])
    .filter((v): v is number => v !== null);
  const deptIds = [...new Set(rows.map((r) => r.departmentId).filter((v): v is number => v !== null))];
  const [lines, events, linked, depts, paymentsBy, waiting] = await inParallel(db, [
    () => db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    () =>
      db
        .select()
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, ids))
        .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    () =>
      linkedIds.length
        ? db
            .select({ id: orders.id, orderNumber: orders.orderNumber })
            .from(orders)
            .where(inArray(orders.id, linkedIds))
        : Promise.resolve([]),
    () =>
      deptIds.length
        ? db
            .select({ id: departments.id, name: departments.name })
            .from(departments)
            .where(inArray(departments.id, deptIds))
        : Promise.resolve([]),
    () => paymentsOf(db, rows, opts.forStaff ?? false),
    () => (opts.forStaff ? pendingProofs(db, ids) : Promise.resolve(new Map<number, string[]>())),
  ]);
  // Staff read each logo's proof (stitches, threads) on the order page and the work order.
  const logos = opts.forStaff
    ? await logosOnSheet(
        db,
        lines.map((l) => l.customizations),
      )
    : new Map<number, LogoOnSheet>();
  const numbers = new Map(linked.map((l) => [l.id, l.orderNumber]));
  const deptNames = new Map(depts.map((d) => [d.id, d.name]));
  const group = <T extends { orderId: number }>(list: T[]) => {
    const m = new Map<number, T[]>();
    for (const x of list) m.set(x.orderId, [...(m.get(x.orderId) ?? []), x]);
    return m;
  };
  const linesBy = group(lines);
  const eventsBy = group(events);
  return rows.map((o) =>
    assembleOrder(o, {
      lines: linesBy.get(o.id) ?? [],
      events: eventsBy.get(o.id) ?? [],
      payment: paymentsBy.get(o.id)!,
      departmentName: o.departmentId ? (deptNames.get(o.departmentId) ?? null) : null,
      modifiedFromNumber: o.modifiedFromOrderId ? (numbers.get(o.modifiedFromOrderId) ?? null) : null,
      replacedByNumber: o.replacedByOrderId ? (numbers.get(o.replacedByOrderId) ?? null) : null,
      customer: opts.customers?.get(o.userId),
      forStaff: opts.forStaff ?? false,
      proofPending: proofPendingText(waiting.get(o.id)),
      logos,
    }),
  );
}

export type OrderParts = {
  lines: LineRow[];
  events: EventRow[];
  /** The order's account, as payments derives it. */
  payment: Order['payment'];
  departmentName: string | null;
  modifiedFromNumber: string | null;
  replacedByNumber: string | null;
  customer?: OrderCustomer;
  forStaff: boolean;
  /** Staff answers: why the order cannot go into production yet (a logo waiting for its proof's approval). */
  proofPending?: string | null;
  /** Staff answers: each logo's proof as the floor sews it. */
  logos?: ReadonlyMap<number, LogoOnSheet>;
};

/** The answer for one order from rows already in hand: a new order is answered from what was just inserted. */
export function assembleOrder(o: OrderRow, p: OrderParts): Order {
  const items = p.lines.map((l) => lineDto(l, p.logos));
  return {
    id: o.id,
    order_number: o.orderNumber,
    status: o.status,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    items,
    item_count: items.reduce((s, i) => s + i.quantity, 0),
    subtotal: toDollars(o.subtotalCents),
    tax_rate: o.taxRatePpm / 1_000_000,
    tax_amount: toDollars(o.taxCents),
    tax_exempt_reason: o.taxExemptReason,
    shipping_cost: toDollars(o.shippingCents),
    adjustments: adjustmentsDto(o.adjustments),
    total: toDollars(o.totalCents),
    fulfillment: o.fulfillment,
    shipping_address: o.shippingAddress ?? null,
    po_number: o.poNumber,
    notes: o.notes,
    due_date: o.dueDate,
    requires_approval: o.requiresApproval,
    department_name: p.departmentName,
    denial_reason: o.denialReason,
    modified_from_order_id: o.modifiedFromOrderId,
    modified_from_order_number: p.modifiedFromNumber,
    replaced_by_order_id: o.replacedByOrderId,
    replaced_by_order_number: p.replacedByNumber,
    carrier: o.carrier,
    tracking_number: o.trackingNumber,
    tracking_url: trackingUrl(o.carrier, o.trackingNumber),
    events: visibleEvents(p.events, p.forStaff),
    payment: p.payment,
    ...(p.customer ? { customer: p.customer } : {}),
    ...(p.forStaff ? { proof_pending: p.proofPending ?? null } : {}),
  };
}

export async function orderDto(db: Executor, row: OrderRow, opts: DtoOptions = {}): Promise<Order> {
  const [dto] = await orderDtos(db, [row], opts);
  return dto!;
}

export async function customersFor(db: Executor, userIds: number[]): Promise<Map<number, OrderCustomer>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((u) => [u.id, customerDto(u)]));
}

/**
 * The addresses of everyone an order is someone's own: its customer and whoever placed it (a staff member for a
 * phone order). None of them is sent its approval or decides it (security round 4, finding 1).
 */
export async function ownersOf(db: Executor, order: Pick<OrderRow, 'userId' | 'placedBy'>): Promise<string[]> {
  const people = await customersFor(db, [order.userId, order.placedBy]);
  return [...people.values()].map((p) => p.email.toLowerCase());
}

export async function findOrder(db: Executor, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}
