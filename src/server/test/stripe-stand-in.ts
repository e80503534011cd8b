import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll } from 'vitest';

// A local stand-in for the few Stripe API calls the shop makes, answering the JSON objects Stripe does,
// and webhook events signed the way Stripe signs them.
export const TEST_WEBHOOK_SECRET = 'whsec_test_local_stand_in_secret';
export const TEST_SECRET_KEY = 'sk_test_local_stand_in';

type Session = Record<string, unknown> & { id: string; amount_total: number; payment_status: string };
type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  created: number;
};
type Seen = { method: string; path: string; form: URLSearchParams; headers: http.IncomingHttpHeaders };

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (a[b][c]=v) read back into the few fields the shop sends. */
const field = (form: URLSearchParams, key: string) => form.get(key);

const esc = (v: unknown) => String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Stripe's hosted Checkout page, reduced to what a customer does there: pay, or go back (the cancel_url). */
function checkoutPage(s: Session) {
  const open = s.status === 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Checkout (local Stripe stand-in)</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#111}
button{font:inherit;padding:.6rem 1.2rem;background:#635bff;color:#fff;border:0;border-radius:6px}</style></head>
<body><p><a href="${esc(s.cancel_url)}">← Back to the shop</a></p>
<h1>Pay ${esc(usd(s.amount_total))}</h1>
<p>${esc(s.product_name)} · ${esc(s.customer_email)}</p>
<p><small>Test mode: a local stand-in for Stripe Checkout. No card is charged.</small></p>
${
  open
    ? `<form method="post" action="/c/pay/${esc(s.id)}"><button type="submit">Pay ${esc(usd(s.amount_total))}</button></form>`
    : '<p role="status">This checkout session is complete.</p>'
}
</body></html>`;
}

export type StandInOptions = {
  /** Where the signed webhook events go (the shop's POST /api/v1/payments/stripe/webhook); unset: none are sent. */
  webhookUrl?: string;
};

export async function startStripeStandIn(opts: StandInOptions = {}) {
  const sessions = new Map<string, Session>();
  const refundedBy = new Map<string, number>();
  const intents = new Map<string, number>();
  /** Every refund made, by the API or "in the dashboard", and the refund each Idempotency-Key made. */
  const refunds: Refund[] = [];
  const byIdempotencyKey = new Map<string, Refund>();
  /** A refund, as Stripe makes it when the amount is still refundable; null when it is not. */
  const makeRefund = (intent: string, amount: number): Refund | null => {
    const left = (intents.get(intent) ?? 0) - (refundedBy.get(intent) ?? 0);
    if (amount > left) return null;
    refundedBy.set(intent, (refundedBy.get(intent) ?? 0) + amount);
    const refund: Refund = {
      id: rid('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intent,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  };
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = new URLSearchParams(body);
      seen.push({ method: req.method ?? '', path: url.pathname, form, headers: req.headers });
      const send = (status: number, obj: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
        res.end(JSON.stringify(obj));
      };
      const missing = (what: string) =>
        send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
      const hosted = url.pathname.match(/^\/c\/pay\/([^/]+)$/);
      if (hosted) {
        const s = sessions.get(decodeURIComponent(hosted[1]!));
        if (!s) return missing('checkout.session');
        if (req.method === 'POST' && s.status === 'open') {
          void customerPays(s.id).then(
            () => {
              res.writeHead(303, { location: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id) });
              res.end();
            },
            (err: Error) => send(500, { error: { message: err.message } }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(checkoutPage(s));
      }
      if (req.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (behaviour.refuseCheckout) {
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Your account cannot currently make live charges.' },
          });
        }
        const id = rid('cs_test');
        const unit = Number(field(form, 'line_items[0][price_data][unit_amount]'));
        const qty = Number(field(form, 'line_items[0][quantity]') ?? 1);
        const session: Session = {
          id,
          object: 'checkout.session',
          mode: field(form, 'mode'),
          status: 'open',
          payment_status: 'unpaid',
          amount_subtotal: unit * qty,
          amount_total: unit * qty,
          currency: field(form, 'line_items[0][price_data][currency]'),
          product_name: field(form, 'line_items[0][price_data][product_data][name]'),
          client_reference_id: field(form, 'client_reference_id'),
          customer_email: field(form, 'customer_email'),
          metadata: { order_id: field(form, 'metadata[order_id]') },
          success_url: field(form, 'success_url'),
          cancel_url: field(form, 'cancel_url'),
          payment_intent: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const got = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (req.method === 'GET' && got) {
        const s = sessions.get(decodeURIComponent(got[1]!));
        return s ? send(200, s) : missing('checkout.session');
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const intent = field(form, 'payment_intent') ?? '';
        const paid = intents.get(intent);
        if (paid === undefined) return missing('payment_intent');
        // Stripe answers a retried request (same Idempotency-Key) with the refund the first one made.
        const key = req.headers['idempotency-key'];
        const again = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (again) return send(200, again);
        const refund = makeRefund(intent, Number(field(form, 'amount') ?? paid));
        if (!refund) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: 'Refund amount is greater than unrefunded amount',
            },
          });
        }
        if (typeof key === 'string') byIdempotencyKey.set(key, refund);
        return send(200, refund);
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const intent = url.searchParams.get('payment_intent');
        const data = refunds.filter((r) => !intent || r.payment_intent === intent).reverse();
        return send(200, { object: 'list', url: '/v1/refunds', has_more: false, data });
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const signer = new Stripe(TEST_SECRET_KEY);

  /** The customer paid on Stripe's page: the session is complete with a payment intent. */
  const pay = (id: string) => {
    const s = sessions.get(id)!;
    const intent = rid('pi');
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: intent });
    intents.set(intent, s.amount_total);
    return s;
  };
  /** A checkout.session.completed (or another checkout.session.*) event for a session object. */
  const completedEvent = (session: Record<string, unknown>, type = 'checkout.session.completed') => ({
    id: rid('evt'),
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
  /** Staff refunded in Stripe's dashboard, not through the shop: Stripe keeps the refund and tells by webhook. */
  const refundInDashboard = (intent: string, amount: number) => {
    const refund = makeRefund(intent, amount);
    if (!refund) throw new Error(`stand-in: ${amount} is more than is left to refund on ${intent}`);
    return refund;
  };
  /** A charge.refunded event for the payment intent's charge, as Stripe sends it (no refunds inline). */
  const chargeRefundedEvent = (intent: string) => ({
    id: rid('evt'),
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${intent.slice(3)}`,
        object: 'charge',
        amount: intents.get(intent) ?? 0,
        amount_refunded: refundedBy.get(intent) ?? 0,
        currency: 'usd',
        payment_intent: intent,
        refunded: (refundedBy.get(intent) ?? 0) >= (intents.get(intent) ?? 0),
        status: 'succeeded',
      },
    },
  });
  /** The body and Stripe-Signature header Stripe would send; a timestamp in the past makes an old one. */
  const sign = (event: object, opts: { secret?: string; timestamp?: number } = {}) => {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? TEST_WEBHOOK_SECRET,
      ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
    });
    return { payload, header };
  };
  /** Events sent to the webhook endpoint, with the shop's answer status. */
  const delivered: { type: string; sessionId: string; status: number }[] = [];
  /** Stripe posts the signed event to the endpoint; the stand-in waits for the answer so tests can count on it. */
  let webhookUrl = opts.webhookUrl;
  const deliver = async (session: Session, type: string) => {
    if (!webhookUrl) return;
    const { payload, header } = sign(completedEvent({ ...session }, type));
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    delivered.push({ type, sessionId: session.id, status: res.status });
  };
  /**
   * What the hosted page does when the customer presses Pay. 'instant' (a card): the session is paid and
   * checkout.session.completed is sent. 'delayed' (a bank debit, Stripe's async methods): the session is complete
   * but unpaid, its completed event says so, and `settle` later pays it with checkout.session.async_payment_succeeded.
   */
  const behaviour = {
    payment: 'instant' as 'instant' | 'delayed',
    /** Stripe refuses to open sessions (an account problem): POST /v1/checkout/sessions answers an error. */
    refuseCheckout: false,
  };
  const customerPays = async (id: string) => {
    if (behaviour.payment === 'instant') return deliver(pay(id), 'checkout.session.completed');
    const s = sessions.get(id)!;
    Object.assign(s, { status: 'complete', payment_status: 'unpaid' });
    return deliver(s, 'checkout.session.completed');
  };
  const settle = async (id: string) => deliver(pay(id), 'checkout.session.async_payment_succeeded');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    seen,
    refunds,
    pay,
    completedEvent,
    refundInDashboard,
    chargeRefundedEvent,
    sign,
    behaviour,
    settle,
    delivered,
    /** Sends webhook events to this endpoint from now on (for a shop that starts after the stand-in). */
    deliverTo: (url: string) => {
      webhookUrl = url;
    },
  };
}
