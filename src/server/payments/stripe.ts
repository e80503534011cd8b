import Stripe from 'stripe';
import type { AppConfig } from '../config';
import { AppError, conflict } from '../http/errors';

/** Seconds a webhook's signed timestamp may be old: Stripe's own default, named in docs/security.md#payments. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The official client, pointed at STRIPE_API_BASE (Stripe's API, or a local stand-in in tests). */
export function stripeClient(config: AppConfig['stripe']): Stripe | null {
  if (!config) return null;
  const base = new URL(config.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}

export const CARD_PAYMENTS_OFF = 'Card payment online is not available';

export function requireStripe(stripe: Stripe | null): Stripe {
  if (!stripe) throw conflict(CARD_PAYMENTS_OFF, 'CARD_PAYMENTS_OFF');
  return stripe;
}

/** A failed call to Stripe is the provider's fault, not a server crash: 502 with words a person can act on. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', `The card payment service refused to ${what}: ${err.message}`);
    }
    throw err;
  }
}

export async function createStripeRefund(
  stripe: Stripe | null,
  r: { paymentIntent: string; amountCents: number; idempotencyKey: string },
) {
  const client = requireStripe(stripe);
  return call('refund', () =>
    client.refunds.create(
      { payment_intent: r.paymentIntent, amount: r.amountCents },
      { idempotencyKey: r.idempotencyKey },
    ),
  );
}

export async function createCheckoutSession(
  stripe: Stripe | null,
  s: { orderId: number; orderNumber: string; amountCents: number; email: string; appUrl: string },
) {
  const client = requireStripe(stripe);
  return call('start the payment', () =>
    client.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: s.amountCents,
            product_data: { name: `Order ${s.orderNumber}` },
          },
        },
      ],
      customer_email: s.email,
      client_reference_id: String(s.orderId),
      metadata: { order_id: String(s.orderId) },
      // Back to the order's confirmation, which asks the server (never the URL) whether it is paid.
      success_url: `${s.appUrl}/orders/${s.orderId}/placed?payment=return`,
      cancel_url: `${s.appUrl}/orders/${s.orderId}/placed?payment=cancelled`,
    }),
  );
}

export async function retrieveCheckoutSession(stripe: Stripe | null, id: string) {
  const client = requireStripe(stripe);
  return call('look up the payment', () => client.checkout.sessions.retrieve(id));
}

/** The refunds of one payment intent, however they were made (the shop's API calls or Stripe's dashboard). */
export async function listStripeRefunds(stripe: Stripe | null, paymentIntent: string) {
  const client = requireStripe(stripe);
  return call('list the refunds', () =>
    client.refunds.list({ payment_intent: paymentIntent, limit: 100 }).autoPagingToArray({ limit: 1000 }),
  );
}
