import {
  adminListQuerySchema,
  adminOrdersAnswer,
  checkoutInfoAnswer,
  checkoutSchema,
  modifyOrderSchema,
  orderAnswer,
  ordersAnswer,
  statusUpdateSchema,
} from '../../shared/orders';
import type { App } from '../app-types';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors';
import { checkout } from './checkout';
import { checkoutQuoteDto, quoteCart } from '../cart';
import { quoteAnswer, quoteQuerySchema } from '../../shared/quote';
import { orderDto } from './dto';
import { modifyDeniedOrder } from './modify';
import type { ShopContext } from './notice';
import { adminListOrders, checkoutInfo, getAnyOrder, getOwnOrder, listOwnOrders } from './queries';
import { cancelOwnOrder, staffUpdateStatus } from './status';
import { idParams } from '../http/params';
import { buyAgainAnswer, mySizesAnswer } from '../../shared/fit';
import { buyAgain } from './buy-again';
import { sizesOf } from './my-sizes';

const tags = ['orders'];

export function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return null;
  if (key.length > 200) throw badRequest('Idempotency-Key must be at most 200 characters');
  return key;
}

export async function orderRoutes(app: App) {
  const { db } = app.deps;
  const appUrl = app.deps.config.appUrl;
  const cardEnabled = app.deps.config.stripe !== null;
  const shop: ShopContext = {
    appUrl,
    notifyEmail: app.deps.config.shopNotifyEmail,
    cardEnabled,
    invoiceKey: app.deps.hashKey,
    now: () => app.deps.now(),
  };

  app.get(
    '/checkout/quote',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'The current cart priced for pickup or shipping: exactly what POST /orders/ will charge if nothing changes',
        querystring: quoteQuerySchema,
        response: { 200: quoteAnswer },
      },
    },
    async (req) => {
      const { view, quote } = await quoteCart(db, req.user, req.query.fulfillment, app.deps.now());
      return {
        success: true as const,
        quote: checkoutQuoteDto(quote, req.query.fulfillment, view.settings.quantityBreaks),
      };
    },
  );

  for (const url of ['/orders/', '/orders']) {
    const hide = url === '/orders';
    app.get(
      url,
      {
        config: { access: 'customer' },
        schema: { tags, hide, summary: 'My orders, newest first', response: { 200: ordersAnswer } },
      },
      async (req) => ({
        success: true as const,
        orders: await listOwnOrders(db, req.user.id),
      }),
    );
    app.post(
      url,
      {
        config: { access: 'customer' },
        schema: {
          tags,
          hide,
          summary: 'Place an order from the server cart (send an Idempotency-Key header to make retries safe)',
          body: checkoutSchema,
          response: { 200: orderAnswer, 201: orderAnswer },
        },
      },
      async (req, reply) => {
        const user = req.user;
        const result = await checkout(db, {
          user,
          body: req.body,
          idempotencyKey: idempotencyKey(req),
          shop,
        });
        reply.code(result.replayed ? 200 : 201);
        return { success: true as const, order: result.order };
      },
    );
  }

  app.get(
    '/orders/checkout-info',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'The department the signed-in customer orders for, if any, and the payment methods open to them for pickup and for shipping (the default first)',
        response: { 200: checkoutInfoAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await checkoutInfo(db, req.user.email, cardEnabled)) }),
  );

  app.get(
    '/orders/my-sizes',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'The size of each garment I last ordered (cancelled orders aside), offered first in the store',
        response: { 200: mySizesAnswer },
      },
    },
    async (req) => ({ success: true as const, sizes: await sizesOf(db, req.user.id) }),
  );

  app.post(
    '/orders/:id/buy-again',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          "Put one of my orders' lines back in my cart at today's prices; says what changed and what could not go in",
        params: idParams,
        response: { 200: buyAgainAnswer },
      },
    },
    async (req) => buyAgain(db, req.params.id, req.user),
  );

  app.get(
    '/orders/admin/all',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'All orders, newest first, as summaries with their customer, paged, with counts per status',
        querystring: adminListQuerySchema,
        response: { 200: adminOrdersAnswer },
      },
    },
    async (req) => ({ success: true as const, ...(await adminListOrders(db, req.query, app.deps.now())) }),
  );

  app.get(
    '/orders/admin/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Any order with its customer and timeline',
        params: idParams,
        response: { 200: orderAnswer },
      },
    },
    async (req) => ({ success: true as const, order: await getAnyOrder(db, req.params.id) }),
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'One of my orders', params: idParams, response: { 200: orderAnswer } },
    },
    async (req) => ({ success: true as const, order: await getOwnOrder(db, req.params.id, req.user.id) }),
  );

  app.delete(
    '/orders/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Cancel my order while it awaits approval or is pending',
        params: idParams,
        response: { 200: orderAnswer },
      },
    },
    async (req) => {
      const order = await cancelOwnOrder(db, req.params.id, req.user, appUrl);
      return { success: true as const, order: await orderDto(db, order) };
    },
  );

  app.post(
    '/orders/:id/modify',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Resubmit a denied order as a new order, optionally with changed lines',
        params: idParams,
        body: modifyOrderSchema,
        response: { 201: orderAnswer },
      },
    },
    async (req, reply) => {
      const order = await modifyDeniedOrder(db, req.params.id, req.body, req.user, shop);
      reply.code(201);
      return { success: true as const, order };
    },
  );

  app.put(
    '/orders/:id/status',
    {
      config: { access: 'staff', audit: { kind: 'order.status', entity: 'order' } },
      schema: {
        tags,
        summary: 'Move an order along the state machine',
        params: idParams,
        body: statusUpdateSchema,
        response: { 200: orderAnswer },
      },
    },
    async (req) => {
      const order = await staffUpdateStatus(db, req.params.id, req.body, req.user, appUrl);
      return { success: true as const, order: await getAnyOrder(db, order.id) };
    },
  );
}
