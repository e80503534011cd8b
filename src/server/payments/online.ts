import { and, desc, eq } from 'drizzle-orm';
import { isCalledOff } from '../../shared/order-statuses';
import type Stripe from 'stripe';
import type { Db, Tx } from '../db/client';
import { stripeEvents, stripeSessions } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { findOrder, lockOrder, ORDER_NOT_FOUND, recordEvent } from '../orders';
import { accountNow, ledgerRows } from '../accounts';
import { insertEntry, refusePayment } from './ledger';
import { queueReceiptMail } from './mails';
import { intentOfCharge, recordStripeRefunds, type RefundOutcome } from './refund-events';
import { createCheckoutSession, listStripeRefunds, requireStripe, retrieveCheckoutSession } from './stripe';

const HOW_PAID = { pickup: 'at pickup', account: "on the department's account" } as const;

/**
 * POST /orders/:id/pay: a Stripe Checkout Session for the order's balance. The order is not paid by this, nor by
 * the browser coming back: only by the signed webhook or a server-side re-check of the session.
 */
export function startCardPayment(
  db: Db,
  stripe: Stripe | null,
  orderId: number,
  user: { id: number; email: string },
  appUrl: string,
): Promise<string> {
  // One start at a time per order in this process, so presses that arrive together find the first one's session
  // instead of each opening their own (finding 7). No database lock: it would be held across the call to Stripe.
  const previous = starting.get(orderId) ?? Promise.resolve('');
  const mine = previous.catch(() => '').then(() => startOne(db, stripe, orderId, user, appUrl));
  starting.set(orderId, mine);
  void mine
    .finally(() => {
      if (starting.get(orderId) === mine) starting.delete(orderId);
    })
    .catch(() => {});
  return mine;
}
const starting = new Map<number, Promise<string>>();

async function startOne(
  db: Db,
  stripe: Stripe | null,
  orderId: number,
  user: { id: number; email: string },
  appUrl: string,
): Promise<string> {
  const order = await findOrder(db, orderId);
  if (!order || order.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
  // Card orders, and invoiced ones: the invoice is paid online when card payment is configured.
  if (order.paymentMethod === 'pickup' || order.paymentMethod === 'account') {
    throw conflict(`This order is paid ${HOW_PAID[order.paymentMethod]}, not online`, 'NOT_A_CARD_ORDER');
  }
  if (order.status === 'awaiting_approval') {
    throw conflict('This order can be paid once its department approves it', 'AWAITING_APPROVAL');
  }
  const { account } = await accountNow(db, order);
  refusePayment(order, account);
  requireStripe(stripe);
  const balance = account.balanceCents;
  const open = await openSessionUrl(db, stripe, order.id, balance);
  if (open) return open;
  const session = await createCheckoutSession(stripe, {
    orderId: order.id,
    orderNumber: order.orderNumber,
    amountCents: balance,
    email: user.email,
    appUrl,
  });
  await db.insert(stripeSessions).values({ id: session.id, orderId: order.id, amountCents: balance });
  if (!session.url) throw conflict('The card payment service gave no payment page; try again', 'NO_CHECKOUT_URL');
  return session.url;
}

/** Stripe keeps a Checkout Session open for 24 hours; one older than this is not offered again. */
const SESSION_REUSE_MS = 23 * 3600_000;

/**
 * The order's newest session for this very amount, while Stripe still has it open: pressing Pay again returns the
 * same payment page instead of opening one more session each time (security round 3, finding 7).
 */
async function openSessionUrl(db: Db, stripe: Stripe | null, orderId: number, amountCents: number) {
  const [last] = await db
    .select()
    .from(stripeSessions)
    .where(and(eq(stripeSessions.orderId, orderId), eq(stripeSessions.amountCents, amountCents)))
    .orderBy(desc(stripeSessions.createdAt))
    .limit(1);
  if (!last || Date.now() - last.createdAt.getTime() > SESSION_REUSE_MS) return null;
  const s = await retrieveCheckoutSession(stripe, last.id);
  const live = s.status === 'open' && (!s.expires_at || s.expires_at * 1000 > Date.now() + 60_000);
  return live && s.url ? s.url : null;
}

/** The currency every session is opened in (stripe.ts); an event in another one is not this shop's price. */
const SHOP_CURRENCY = 'usd';

export type SessionOutcome = 'recorded' | 'already_recorded' | 'unknown_session' | 'not_paid' | 'amount_mismatch';

/**
 * Records a paid Checkout Session once (a unique index on the session id), under the order row lock. Money that
 * arrives for a cancelled or denied order is kept on the ledger and shows as refund due, with a note for staff.
 */
export async function recordPaidSession(
  tx: Tx,
  session: Stripe.Checkout.Session,
  appUrl: string,
): Promise<SessionOutcome> {
  if (session.payment_status !== 'paid') return 'not_paid';
  const [known] = await tx.select().from(stripeSessions).where(eq(stripeSessions.id, session.id));
  if (!known) return 'unknown_session';
  const order = await lockOrder(tx, known.orderId);
  const intent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const late = isCalledOff(order.status);
  // Only the amount and currency the shop asked for are recorded as paid (security round 3, finding 8): a session
  // that completed for anything else is flagged for staff on the order's timeline and changes no balance.
  if (session.amount_total !== known.amountCents || session.currency?.toLowerCase() !== SHOP_CURRENCY) {
    const got = `${session.amount_total ?? '?'} ${session.currency?.toUpperCase() ?? '?'} (minor units)`;
    await recordEvent(tx, {
      orderId: order.id,
      from: order.status,
      to: order.status,
      kind: 'note',
      actorType: 'system',
      internalNote: `Stripe session ${session.id} completed for ${got}, not the ${known.amountCents} USD cents the shop asked for: not recorded as paid. Check it in Stripe and refund or record it by hand.`,
    });
    return 'amount_mismatch';
  }
  const row = await insertEntry(
    tx,
    order,
    {
      kind: 'payment',
      method: 'stripe',
      amountCents: known.amountCents,
      reference: intent,
      recordedBy: null,
      stripeSessionId: session.id,
      stripePaymentIntentId: intent,
    },
    { type: 'system' },
    late ? `Paid online after the order was ${order.status}: refund due` : null,
  );
  if (!row) return 'already_recorded';
  // The customer's receipt, in the same transaction: the outbox sends it once the payment is on the ledger.
  await queueReceiptMail(tx, order.id, order.userId, row.amountCents, appUrl);
  return 'recorded';
}

export type EventOutcome = SessionOutcome | RefundOutcome | 'duplicate' | 'ignored';

/** The refunds of a refunded charge's payment, asked of Stripe (webhook events no longer carry them inline). */
async function refundsOfCharge(db: Db, stripe: Stripe | null, event: Stripe.Event) {
  if (event.type !== 'charge.refunded') return [];
  const intent = intentOfCharge(event.data.object);
  if (!intent) return [];
  // A replay is answered from stripe_events below; it need not cost a call to Stripe first.
  const [seen] = await db.select().from(stripeEvents).where(eq(stripeEvents.eventId, event.id));
  return seen ? [] : listStripeRefunds(stripe, intent);
}

/** A verified webhook event, handled once per event id: a replay finds its id and changes nothing. */
export async function handleStripeEvent(
  db: Db,
  event: Stripe.Event,
  stripe: Stripe | null,
  appUrl: string,
): Promise<EventOutcome> {
  // Stripe is asked before the transaction, so no order row stays locked while the network answers.
  const refunds = await refundsOfCharge(db, stripe, event);
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.eventId });
    if (fresh.length === 0) return 'duplicate';
    if (event.type === 'charge.refunded') return recordStripeRefunds(tx, intentOfCharge(event.data.object), refunds);
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
      return 'ignored';
    }
    return recordPaidSession(tx, event.data.object, appUrl);
  });
}

/**
 * POST /orders/:id/pay/check: the customer is back from Stripe before the webhook; ask Stripe about the order's
 * sessions (the newest few) and record any that is paid. Never trusts the browser, only Stripe's answer.
 */
export async function recheckCardPayment(
  db: Db,
  stripe: Stripe | null,
  orderId: number,
  user: { id: number },
  appUrl: string,
): Promise<void> {
  const order = await findOrder(db, orderId);
  if (!order || order.userId !== user.id) throw notFound(ORDER_NOT_FOUND);
  const sessions = await db
    .select()
    .from(stripeSessions)
    .where(eq(stripeSessions.orderId, order.id))
    .orderBy(desc(stripeSessions.createdAt))
    .limit(3);
  const recorded = new Set((await ledgerRows(db, [order.id])).map((r) => r.stripeSessionId));
  for (const s of sessions.filter((x) => !recorded.has(x.id))) {
    const session = await retrieveCheckoutSession(stripe, s.id);
    await db.transaction((tx) => recordPaidSession(tx, session, appUrl));
  }
}
