import { desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Tx } from '../db/client';
import { stripeEvents, stripeSessions } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { findOrder, lockOrder, ORDER_NOT_FOUND } from '../orders';
import { accountNow, insertEntry, ledgerRows, refusePayment } from './ledger';
import { intentOfCharge, recordStripeRefunds, type RefundOutcome } from './refund-events';
import { createCheckoutSession, listStripeRefunds, requireStripe, retrieveCheckoutSession } from './stripe';

const HOW_PAID = { pickup: 'at pickup', account: "on the department's account" } as const;

/**
 * POST /orders/:id/pay: a Stripe Checkout Session for the order's balance. The order is not paid by this, nor by
 * the browser coming back: only by the signed webhook or a server-side re-check of the session.
 */
export async function startCardPayment(
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

export type SessionOutcome = 'recorded' | 'already_recorded' | 'unknown_session' | 'not_paid';

/**
 * Records a paid Checkout Session once (a unique index on the session id), under the order row lock. Money that
 * arrives for a cancelled or denied order is kept on the ledger and shows as refund due, with a note for staff.
 */
export async function recordPaidSession(tx: Tx, session: Stripe.Checkout.Session): Promise<SessionOutcome> {
  if (session.payment_status !== 'paid') return 'not_paid';
  const [known] = await tx.select().from(stripeSessions).where(eq(stripeSessions.id, session.id));
  if (!known) return 'unknown_session';
  const order = await lockOrder(tx, known.orderId);
  const intent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const late = order.status === 'cancelled' || order.status === 'denied';
  const row = await insertEntry(
    tx,
    order,
    {
      kind: 'payment',
      method: 'stripe',
      amountCents: session.amount_total ?? known.amountCents,
      reference: intent,
      recordedBy: null,
      stripeSessionId: session.id,
      stripePaymentIntentId: intent,
    },
    { type: 'system' },
    late ? `Paid online after the order was ${order.status}: refund due` : null,
  );
  return row ? 'recorded' : 'already_recorded';
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
  stripe: Stripe | null = null,
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
    return recordPaidSession(tx, event.data.object);
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
    await db.transaction((tx) => recordPaidSession(tx, session));
  }
}
