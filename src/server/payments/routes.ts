import { allocationAnswer, allocationSchema, openOrdersAnswer, openOrdersQuery } from '../../shared/allocations';
import { staffOrderAnswer } from '../../shared/order-ops';
import { orderAnswer } from '../../shared/orders';
import {
  invoiceAnswer,
  invoiceLinkAnswer,
  invoiceParams,
  payAnswer,
  recordCreditSchema,
  recordPaymentSchema,
  recordRefundSchema,
  statementAnswer,
  statementDepartmentsAnswer,
  webhookAnswer,
} from '../../shared/payments';
import { staffCancelSchema } from '../../shared/staff-cancel';
import type { App } from '../app-types';
import { AppError, notFound } from '../http/errors';
import { idParams } from '../http/params';
import { getAnyOrder, getOwnOrder } from '../orders';
import { openOrdersOf, recordAllocation } from './allocations';
import { staffCancel } from './cancel';
import { recordCredit, recordStaffPayment, recordStaffRefund } from './ledger';
import { departmentStatement, statementDepartments } from './statements';
import { invoiceFor, invoiceLink } from './invoice';
import { handleStripeEvent, recheckCardPayment, startCardPayment } from './online';
import { stripeClient, WEBHOOK_TOLERANCE_SECONDS } from './stripe';

/** The Stripe-Signature's `t=` must not be more than the tolerance ahead of our clock (behind is Stripe's own check). */
function refuseFutureTimestamp(header: string) {
  const t = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header)?.[1];
  if (t && Number(t) > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) throw new Error('timestamp in the future');
}

/** A Stripe event is a few kilobytes; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const tags = ['payments'];

/** Payments and refunds (docs/security.md#payments). */
export async function paymentRoutes(app: App) {
  const { db, config } = app.deps;
  const stripe = stripeClient(config.stripe);

  app.post(
    '/orders/admin/:id/payments',
    {
      config: { access: 'staff', audit: { kind: 'order.payment', entity: 'order' } },
      schema: {
        tags,
        summary:
          'Record a payment taken outside the site (cash, check, card terminal, department check); more than the balance needs confirm_overpayment',
        params: idParams,
        body: recordPaymentSchema,
        response: { 200: staffOrderAnswer },
      },
    },
    async (req) => {
      await recordStaffPayment(db, req.params.id, req.body, req.user);
      return { success: true as const, order: await getAnyOrder(db, req.params.id) };
    },
  );

  app.post(
    '/orders/admin/:id/refunds',
    {
      config: { access: 'staff', audit: { kind: 'order.refund', entity: 'order' } },
      schema: {
        tags,
        summary:
          "Give money back: method stripe refunds the order's online payment through Stripe, other methods are recorded",
        params: idParams,
        body: recordRefundSchema,
        response: { 200: staffOrderAnswer },
      },
    },
    async (req) => {
      await recordStaffRefund(db, stripe, req.params.id, req.body, req.user, config.appUrl);
      return { success: true as const, order: await getAnyOrder(db, req.params.id) };
    },
  );

  app.post(
    '/orders/admin/:id/credits',
    {
      config: { access: 'staff', audit: { kind: 'order.credit', entity: 'order' } },
      schema: {
        tags,
        summary:
          'Take an amount off what the order owes without moving money (reason required); shows as an adjustment of kind credit and mails the customer',
        params: idParams,
        body: recordCreditSchema,
        response: { 200: staffOrderAnswer },
      },
    },
    async (req) => {
      await recordCredit(db, req.params.id, req.body, req.user, config.appUrl);
      return { success: true as const, order: await getAnyOrder(db, req.params.id) };
    },
  );

  app.post(
    '/orders/admin/:id/cancel',
    {
      config: { access: 'staff', audit: { kind: 'order.cancel', entity: 'order' } },
      schema: {
        tags,
        summary:
          'Cancel an order, first refunding it when `refund` is given (stripe through Stripe, others recorded): both or neither',
        params: idParams,
        body: staffCancelSchema,
        response: { 200: staffOrderAnswer },
      },
    },
    async (req) => {
      try {
        await staffCancel(db, stripe, req.params.id, req.body, req.user, config.appUrl);
      } catch (err) {
        if (err instanceof AppError && err.code === 'CANCEL_FAILED_AFTER_REFUND') req.log.error({ err }, err.message);
        throw err;
      }
      return { success: true as const, order: await getAnyOrder(db, req.params.id) };
    },
  );

  app.get(
    '/payments/admin/allocations/open',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          "A department's (its account) or a customer's orders that still owe money, oldest first, with what each owes",
        querystring: openOrdersQuery,
        response: { 200: openOrdersAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await openOrdersOf(db, req.query)) }),
  );

  app.post(
    '/payments/admin/allocations',
    {
      config: { access: 'staff', audit: { kind: 'payment.allocation', entity: 'payment_allocation' } },
      schema: {
        tags,
        summary:
          "One payment for several orders (a department's cheque): shares per order adding up to the amount, none more than its order owes; each order's ledger gets its share with the common reference",
        body: allocationSchema,
        response: { 200: allocationAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      allocation: await recordAllocation(db, req.body, req.user),
    }),
  );

  app.get(
    '/payments/admin/statements',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Every department with its unpaid on-account orders counted and the total it owes',
        response: { 200: statementDepartmentsAnswer },
      },
    },
    async () => ({ success: true as const, departments: await statementDepartments(db) }),
  );

  app.get(
    '/payments/admin/statements/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          "A department's statement: its unpaid on-account orders (number, date, PO number, total, paid, balance) and the total outstanding",
        params: idParams,
        response: { 200: statementAnswer },
      },
    },
    async (req) => ({ success: true as const, statement: await departmentStatement(db, req.params.id) }),
  );

  app.post(
    '/orders/:id/pay',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Start paying my card order online: a Stripe Checkout page for the balance ({ url }); the order is paid only when Stripe says so',
        params: idParams,
        response: { 200: payAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      url: await startCardPayment(db, stripe, req.params.id, req.user, config.appUrl),
    }),
  );

  app.post(
    '/orders/:id/pay/check',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          "Back from Stripe: ask Stripe about my order's checkout sessions and record a finished payment; answers the order",
        params: idParams,
        response: { 200: orderAnswer },
      },
    },
    async (req) => {
      const user = req.user;
      await recheckCardPayment(db, stripe, req.params.id, user, config.appUrl);
      return { success: true as const, order: await getOwnOrder(db, req.params.id, user.id) };
    },
  );

  app.get(
    '/orders/:id/invoice-link',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: "A signed link to the order's printable invoice (/invoice/<token>, no login): for its owner or staff",
        params: idParams,
        response: { 200: invoiceLinkAnswer },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        url: await invoiceLink(db, app.deps.hashKey, req.params.id, req.user, config.appUrl),
      };
    },
  );

  app.get(
    '/invoices/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The invoice a signed link names: shop, customer, PO number, lines, adjustments, payments, balance',
        params: invoiceParams,
        response: { 200: invoiceAnswer },
      },
    },
    // An invoice holds a customer's name, address and payments: no browser or proxy keeps a copy (finding 10).
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await invoiceFor(db, app.deps.hashKey, req.params.token)) };
    },
  );

  // Its own context: the body stays the raw bytes Stripe signed (any content type), for this route only.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/payments/stripe/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Stripe webhook (server to server): Stripe-Signature is checked over the raw body with STRIPE_WEBHOOK_SECRET, 5 minutes tolerance; each event id is handled once',
          response: { 200: webhookAnswer },
        },
      },
      async (req) => {
        const secret = config.stripe?.webhookSecret;
        if (!stripe || !secret) throw notFound('Stripe webhooks are not configured');
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['stripe-signature'];
        let event;
        try {
          // Stripe's check refuses only a timestamp too old; one dated ahead is refused here, 5 minutes either way
          // (security round 3, finding 8).
          refuseFutureTimestamp(typeof signature === 'string' ? signature : '');
          event = stripe.webhooks.constructEvent(
            raw,
            typeof signature === 'string' ? signature : '',
            secret,
            WEBHOOK_TOLERANCE_SECONDS,
          );
        } catch (err) {
          req.log.warn({ err: (err as Error).message }, 'stripe webhook refused: bad signature');
          throw new AppError(400, 'BAD_SIGNATURE', 'The webhook signature is missing, wrong or too old');
        }
        const outcome = await handleStripeEvent(db, event, stripe, config.appUrl);
        const line = { eventId: event.id, type: event.type, outcome };
        if (outcome === 'unknown_session') req.log.warn(line, 'stripe webhook for a session this shop did not create');
        else if (outcome === 'amount_mismatch')
          req.log.warn(line, 'stripe session paid another amount or currency: flagged for staff, not recorded');
        else if (outcome === 'unknown_payment')
          req.log.warn(line, 'stripe refund for a payment this shop did not record');
        else req.log.info(line, 'stripe webhook handled');
        return { success: true as const, received: true as const, outcome };
      },
    );
  });
}
