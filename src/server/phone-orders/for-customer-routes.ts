import { z } from 'zod';
import { orderAnswer } from '../../shared/orders';
import {
  customerQuoteSchema,
  customerQuoteSchemaAnswer,
  orderingForAnswer,
  placeForCustomerSchema,
} from '../../shared/phone-orders';
import type { App } from '../app-types';
import { rowId } from '../http/params';
import { orderingFor, placeForCustomer, quoteForCustomer } from './for-customer';
import { idempotencyKey, type ShopContext } from '../orders';

const tags = ['orders'];
// Named customerId, not id: the audit log finds the order this creates, not a record the path names.
const params = z.object({ customerId: rowId });

/** Phone and walk-in orders (docs/product.md#orders-placed-by-staff): staff build and place an order for a customer. */
export async function forCustomerRoutes(app: App) {
  const { db } = app.deps;
  const cardEnabled = app.deps.config.stripe !== null;
  const shop: ShopContext = {
    appUrl: app.deps.config.appUrl,
    notifyEmail: app.deps.config.shopNotifyEmail,
    cardEnabled,
    invoiceKey: app.deps.hashKey,
    now: () => app.deps.now(),
  };

  app.get(
    '/orders/admin/for-customer/:customerId',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary:
          'What staff need to place an order for a customer: the customer, their department, the ways they may pay and the catalogue they see',
        params,
        response: { 200: orderingForAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await orderingFor(db, req.params.customerId, cardEnabled)) }),
  );

  app.post(
    '/orders/admin/for-customer/:customerId/quote',
    {
      config: { access: 'staff', readsOnly: true },
      schema: {
        tags,
        summary:
          'Price lines for a customer as their checkout would (their department, allowance and tax), nothing saved',
        params,
        body: customerQuoteSchema,
        response: { 200: customerQuoteSchemaAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      quote: await quoteForCustomer(db, req.params.customerId, req.body, app.deps.now()),
    }),
  );

  app.post(
    '/orders/admin/for-customer/:customerId',
    {
      config: { access: 'staff', audit: { kind: 'order.place_for_customer', entity: 'order' } },
      schema: {
        tags,
        summary:
          "Place a phone or walk-in order as the customer's own checkout would (send an Idempotency-Key header to make retries safe)",
        params,
        body: placeForCustomerSchema,
        response: { 200: orderAnswer, 201: orderAnswer },
      },
    },
    async (req, reply) => {
      const result = await placeForCustomer(db, {
        customerId: req.params.customerId,
        body: req.body,
        staff: req.user,
        idempotencyKey: idempotencyKey(req),
        shop,
      });
      reply.code(result.replayed ? 200 : 201);
      return { success: true as const, order: result.order };
    },
  );
}
