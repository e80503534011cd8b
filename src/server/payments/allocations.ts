import { and, asc, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { rowLabel, type AllocationInput } from '../../shared/allocations';
import { formatUsd, toCents, toDollars } from '../../shared/money';
import { LEDGER_METHOD_LABELS, type AllocationSummary } from '../../shared/payments';
import { formatShopDate, shopDay, shopDayStart } from '../../shared/time';
import type { Db, Executor } from '../db/client';
import { departments, orders, paymentAllocations, payments, users } from '../db/schema';
import { badRequest, notFound, type FieldError } from '../http/errors';
import { customerName, lockOrder } from '../orders';
import { accountNow, OWES_NOTHING } from '../accounts';
import { insertEntry, type Staff } from './ledger';
import { isPartys, openOrderDto, openOrders, type Party } from './open-orders';

const DAY_MS = 24 * 3600 * 1000;

// One payment for several orders: the payments module checks each share against what the order owes (accountOf)
// under the order's row lock, then writes the allocation and one ledger row per order in one transaction.

const partyOf = (v: { department_id?: number; customer_id?: number }): Party =>
  v.department_id !== undefined
    ? { kind: 'department', id: v.department_id }
    : { kind: 'customer', id: v.customer_id! };

/** The party's name, or 404 when there is no such department or customer. */
async function partyName(db: Executor, party: Party): Promise<string> {
  if (party.kind === 'department') {
    const [d] = await db.select({ name: departments.name }).from(departments).where(eq(departments.id, party.id));
    if (!d) throw notFound('Department not found');
    return d.name;
  }
  const [u] = await db
    .select({ email: users.email, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(eq(users.id, party.id));
  if (!u) throw notFound('Customer not found');
  return customerName(u);
}

/** GET /payments/admin/allocations/open: the party's orders with a balance, oldest first, and what they owe. */
export async function openOrdersOf(db: Executor, query: { department_id?: number; customer_id?: number }) {
  const party = partyOf(query);
  const name = await partyName(db, party);
  const owing = await openOrders(db, party);
  return {
    party: { kind: party.kind, id: party.id, name },
    orders: owing.map(openOrderDto),
    outstanding: toDollars(owing.reduce((s, o) => s + o.account.balanceCents, 0)),
  };
}

/**
 * When the allocation's ledger rows are dated: the day the money was received (the books count money the day it
 * moved, docs/product.md#one-payment-for-several-orders), not the day staff spread it over the orders. Received today: this moment; an earlier day: that
 * shop day's last moment, so its cash-up and its month hold it, after anything else recorded on that day.
 * The allocation keeps when and by whom it was recorded.
 */
const ledgerMoment = (receivedOn: string, now: Date): Date =>
  receivedOn === shopDay(now) ? now : new Date(shopDayStart(receivedOn).getTime() + DAY_MS - 1);

/**
 * POST /payments/admin/allocations: every share is checked first (the party's order, at most what it owes, on an
 * order that can take a payment), each refusal naming its row; only then are the allocation and its ledger rows
 * written. Orders are locked in id order so two allocations over the same orders cannot deadlock.
 */
export async function recordAllocation(
  db: Db,
  body: AllocationInput,
  staff: Staff,
  now = new Date(),
): Promise<AllocationSummary> {
  const party = partyOf(body);
  const receivedOn = body.received_on ?? shopDay(now);
  if (receivedOn > shopDay(now)) {
    const message = 'The day received cannot be in the future';
    throw badRequest(message, [{ field: 'received_on', message }]);
  }
  return db.transaction(async (tx) => {
    await partyName(tx, party);
    const byId = new Map(body.orders.map((o, i) => [o.id, i]));
    const [...ids] = [...byId.keys()].sort((a, b) => a - b);
    const present = await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
    const errors: FieldError[] = [];
    const known = new Set(present.map((p) => p.id));
    const checked: { index: number; order: Awaited<ReturnType<typeof lockOrder>>; cents: number }[] = [];
    for (const id of ids) {
      const index = byId.get(id)!;
      const field = (key: string) => `orders.${index}.${key}`;
      if (!known.has(id)) {
        errors.push({ field: field('id'), message: `${rowLabel(index)}: no such order` });
        continue;
      }
      const order = await lockOrder(tx, id);
      const cents = toCents(body.orders[index]!.amount);
      if (!isPartys(party, order)) {
        const whose = party.kind === 'department' ? "this department's account" : "this customer's to pay";
        errors.push({ field: field('id'), message: `${rowLabel(index)}: ${order.orderNumber} is not ${whose}` });
        continue;
      }
      const { account } = await accountNow(tx, order);
      const owes = OWES_NOTHING.includes(order.status) ? 0 : account.balanceCents;
      if (cents > owes) {
        errors.push({
          field: field('amount'),
          message: `${rowLabel(index)}: ${order.orderNumber} owes ${formatUsd(toDollars(owes))}, less than its share of ${formatUsd(toDollars(cents))}`,
        });
        continue;
      }
      checked.push({ index, order, cents });
    }
    if (errors.length > 0) {
      errors.sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }));
      throw badRequest(errors[0]!.message, errors);
    }
    const [allocation] = await tx
      .insert(paymentAllocations)
      .values({
        departmentId: party.kind === 'department' ? party.id : null,
        userId: party.kind === 'customer' ? party.id : null,
        method: body.method,
        reference: body.reference,
        amountCents: toCents(body.amount),
        receivedOn,
        recordedBy: staff.id,
      })
      .returning();
    const createdAt = ledgerMoment(receivedOn, now);
    const received = receivedOn === shopDay(now) ? '' : `, received ${formatShopDate(createdAt)}`;
    const note = `Part of one ${LEDGER_METHOD_LABELS[body.method].toLowerCase()} of ${formatUsd(body.amount)} for ${checked.filter((c) => c.cents > 0).length} orders${received}`;
    for (const c of checked.sort((a, b) => a.index - b.index)) {
      if (c.cents === 0) continue;
      await insertEntry(
        tx,
        c.order,
        {
          kind: 'payment',
          method: body.method,
          amountCents: c.cents,
          reference: body.reference,
          recordedBy: staff.id,
          allocationId: allocation!.id,
          createdAt,
        },
        { type: 'staff', staff },
        note,
      );
    }
    return (await allocationSummaries(tx, { ids: [allocation!.id] }))[0]!;
  });
}

/** Allocations with their split, newest first: by id, or a department's received since a shop day (its statement). */
export async function allocationSummaries(
  db: Executor,
  where: { ids: number[] } | { departmentId: number; since: string },
): Promise<AllocationSummary[]> {
  const heads = await db
    .select()
    .from(paymentAllocations)
    .where(
      'ids' in where
        ? inArray(paymentAllocations.id, where.ids)
        : and(eq(paymentAllocations.departmentId, where.departmentId), gte(paymentAllocations.receivedOn, where.since)),
    )
    .orderBy(desc(paymentAllocations.receivedOn), desc(paymentAllocations.id));
  if (heads.length === 0) return [];
  const shares = await db
    .select({
      allocationId: payments.allocationId,
      orderId: payments.orderId,
      orderNumber: orders.orderNumber,
      amountCents: payments.amountCents,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        isNotNull(payments.allocationId),
        inArray(
          payments.allocationId,
          heads.map((h) => h.id),
        ),
      ),
    )
    .orderBy(asc(payments.id));
  return heads.map((h) => ({
    id: h.id,
    received_on: h.receivedOn,
    method: h.method,
    reference: h.reference,
    amount: toDollars(h.amountCents),
    shares: shares
      .filter((s) => s.allocationId === h.id)
      .map((s) => ({ order_id: s.orderId, order_number: s.orderNumber, amount: toDollars(s.amountCents) })),
  }));
}
