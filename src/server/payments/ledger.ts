import type Stripe from 'stripe';
import { formatUsd, toCents, toDollars } from '../../shared/money';
import {
  LEDGER_METHOD_LABELS,
  type LedgerMethod,
  type RecordCreditInput,
  type RecordPaymentInput,
  type RecordRefundInput,
} from '../../shared/payments';
import type { Db, Tx } from '../db/client';
import { payments } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { lockOrder, recordEvent, type OrderRow } from '../orders';
import {
  accountNow,
  accountOf,
  ledgerRows,
  creditableCents,
  OWES_NOTHING,
  refundableCents,
  splitRefund,
  sumLedger,
  type Account,
  type LedgerRow,
} from '../accounts';
import { queueMoneyMail } from './mails';
import { createStripeRefund } from './stripe';

export type Staff = { id: number; email: string };

/** No money is taken for an order the shop will not make, nor for one that owes nothing more. */
export function refusePayment(order: OrderRow, account: Account) {
  if (OWES_NOTHING.includes(order.status)) {
    throw conflict(`This order is ${order.status}: no payment can be taken for it`, 'ORDER_NOT_PAYABLE');
  }
  if (account.balanceCents <= 0) throw conflict('This order is already paid', 'ORDER_ALREADY_PAID');
}

const amountError = (message: string) => badRequest(message, [{ field: 'amount', message }]);

const EVENT_WORDS = {
  payment: (amount: string, how: string) => `Payment of ${amount} received (${how})`,
  refund: (amount: string, how: string) => `Refund of ${amount} given back (${how})`,
  credit: (amount: string) => `Credit of ${amount}: taken off what the order owes`,
} as const;

/** The ledger line and its timeline event, under the order row lock the caller holds. */
export async function insertEntry(
  tx: Tx,
  order: OrderRow,
  entry: Omit<typeof payments.$inferInsert, 'orderId'>,
  actor: { type: 'staff' | 'system'; staff?: Staff },
  internalNote: string | null = null,
) {
  const [row] = await tx
    .insert(payments)
    .values({ ...entry, orderId: order.id })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  const amount = formatUsd(toDollars(row.amountCents));
  const how = LEDGER_METHOD_LABELS[row.method as LedgerMethod].toLowerCase();
  const words = EVENT_WORDS[row.kind](amount, how);
  await recordEvent(tx, {
    orderId: order.id,
    kind: 'payment',
    from: order.status,
    to: order.status,
    actorType: actor.type,
    actorUserId: actor.staff?.id ?? null,
    actorEmail: actor.staff?.email ?? null,
    details: row.reason ? `${words}. Reason: ${row.reason}` : words,
    internalNote,
  });
  return row;
}

/** POST /orders/admin/:id/payments: money staff took outside the site (cash, check, card terminal, department check). */
export async function recordStaffPayment(db: Db, orderId: number, body: RecordPaymentInput, staff: Staff) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const { account } = await accountNow(tx, order);
    refusePayment(order, account);
    const cents = toCents(body.amount);
    if (cents > account.balanceCents && !body.confirm_overpayment) {
      throw amountError(
        `The amount is more than the balance of ${formatUsd(toDollars(account.balanceCents))}. Confirm the overpayment to record it.`,
      );
    }
    await insertEntry(
      tx,
      order,
      { kind: 'payment', method: body.method, amountCents: cents, reference: body.reference, recordedBy: staff.id },
      { type: 'staff', staff },
    );
  });
}

/** What Stripe can still give back of each online payment of the order, newest first. */
export function refundableOnline(rows: LedgerRow[]) {
  const left = new Map<string, number>();
  for (const r of rows) {
    if (r.method !== 'stripe' || !r.stripePaymentIntentId || r.kind === 'credit') continue;
    const sign = r.kind === 'payment' ? 1 : -1;
    left.set(r.stripePaymentIntentId, (left.get(r.stripePaymentIntentId) ?? 0) + sign * r.amountCents);
  }
  return [...left.entries()].reverse().map(([intent, cents]) => ({ intent, cents }));
}

/**
 * A refund on the ledger, split as the account rule says (account.ts splitRefund): money held above what is owed goes
 * back first; any rest lowers what the order owes by as much, as a credit row beside the refund.
 */
export async function insertRefund(
  tx: Tx,
  order: OrderRow,
  account: Account,
  entry: Omit<typeof payments.$inferInsert, 'orderId' | 'kind'>,
  actor: { type: 'staff' | 'system'; staff?: Staff },
) {
  const row = await insertEntry(tx, order, { ...entry, kind: 'refund' }, actor);
  if (!row) return null;
  const { lowersOwedCents } = splitRefund(account, row.amountCents);
  if (lowersOwedCents > 0) {
    await insertEntry(
      tx,
      order,
      {
        kind: 'credit',
        method: 'other',
        amountCents: lowersOwedCents,
        reference: row.reference,
        reason: `Refund${entry.reason ? `: ${entry.reason}` : ''}`,
        recordedBy: entry.recordedBy ?? null,
      },
      actor,
    );
  }
  return row;
}

/**
 * Money given back, under the order row lock the caller holds. `owedAs` lets a cancellation split the refund as
 * the cancelled order it is about to be (it will owe nothing, so everything held is an overpayment). A refund by
 * stripe goes through Stripe's refund API against the order's online payment while the row is locked, so two staff
 * cannot refund the same money twice. Answers the Stripe refund id when Stripe made one.
 */
export async function refundLocked(
  tx: Tx,
  stripe: Stripe | null,
  order: OrderRow,
  body: RecordRefundInput,
  staff: Staff,
  owedAs: OrderRow = order,
): Promise<{ stripeRefundId: string | null }> {
  const rows = await ledgerRows(tx, [order.id]);
  const account = accountOf(owedAs, sumLedger(rows));
  const most = refundableCents(account);
  if (most <= 0) throw conflict('Nothing has been paid on this order, so nothing can be refunded', 'NOTHING_TO_REFUND');
  const cents = toCents(body.amount);
  if (cents > most) throw amountError(`At most the ${formatUsd(toDollars(most))} paid can be refunded`);
  const entry = { method: body.method, amountCents: cents, recordedBy: staff.id, reason: body.reason ?? null };
  const actor = { type: 'staff' as const, staff };
  if (body.method !== 'stripe') {
    await insertRefund(tx, order, account, { ...entry, reference: body.reference }, actor);
    return { stripeRefundId: null };
  }
  const online = refundableOnline(rows);
  const from = online.find((p) => p.cents >= cents);
  if (!from) {
    const max = Math.max(0, ...online.map((p) => p.cents));
    throw amountError(
      max > 0
        ? `At most ${formatUsd(toDollars(max))} of an online payment can be refunded through Stripe at once`
        : 'This order has no online payment to refund through Stripe',
    );
  }
  // The key is the ledger's state: a retry of this very refund (a timeout) is the same refund at Stripe.
  const refund = await createStripeRefund(stripe, {
    paymentIntent: from.intent,
    amountCents: cents,
    idempotencyKey: `order-${order.id}-refund-${rows.length}-${cents}`,
  });
  await insertRefund(
    tx,
    order,
    account,
    { ...entry, reference: body.reference ?? refund.id, stripePaymentIntentId: from.intent, stripeRefundId: refund.id },
    actor,
  );
  return { stripeRefundId: refund.id };
}

/** POST /orders/admin/:id/refunds: money given back (refundLocked) under the order row lock, and the customer told. */
export async function recordStaffRefund(
  db: Db,
  stripe: Stripe | null,
  orderId: number,
  body: RecordRefundInput,
  staff: Staff,
  appUrl: string,
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await refundLocked(tx, stripe, order, body, staff);
    await queueMoneyMail(
      tx,
      order,
      { kind: 'refund', cents: toCents(body.amount), reason: body.reason ?? null },
      appUrl,
    );
  });
}

/**
 * POST /orders/admin/:id/credits: staff take an amount off what the order owes (no money moves): at most what it
 * owes now (400 amount), never on a cancelled or denied order (409: it owes nothing).
 */
export async function recordCredit(db: Db, orderId: number, body: RecordCreditInput, staff: Staff, appUrl: string) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (OWES_NOTHING.includes(order.status)) {
      throw conflict(
        `This order is ${order.status} and owes nothing: there is nothing to credit`,
        'ORDER_NOT_CREDITABLE',
      );
    }
    const { account } = await accountNow(tx, order);
    const most = creditableCents(account);
    const cents = toCents(body.amount);
    if (most <= 0) throw conflict('This order owes nothing: there is nothing to credit', 'ORDER_NOT_CREDITABLE');
    if (cents > most) throw amountError(`At most the ${formatUsd(toDollars(most))} the order owes can be credited`);
    await insertEntry(
      tx,
      order,
      { kind: 'credit', method: 'other', amountCents: cents, reason: body.reason, recordedBy: staff.id },
      { type: 'staff', staff },
    );
    await queueMoneyMail(tx, order, { kind: 'credit', cents, reason: body.reason }, appUrl);
  });
}
