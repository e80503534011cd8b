import { z } from 'zod';
import {
  adminQuoteAnswer,
  adminQuoteListQuerySchema,
  QUOTE_NOT_FOUND,
  quoteAcceptAnswer,
  quoteAcceptSchema,
  quoteDeclineSchema,
  quoteDetailAnswer,
  quoteEditSchema,
  quoteListAnswer,
  quotePrintAnswer,
  quoteRequestSchema,
  quoteTokenParams,
  quoteViewQuerySchema,
  staffQuoteStartSchema,
} from '../../shared/quotes';
import type { App } from '../app-types';
import { shopIdentity } from '../settings';
import { linkLanguage } from '../users';
import { notFound } from '../http/errors';
import { idParams, rowId } from '../http/params';
import type { ShopContext } from '../orders';
import { acceptQuote } from './accept';
import { quoteIdFromToken } from './link';
import { customerView, findQuote, quoteDetail } from './priced';
import {
  declineQuote,
  editQuote,
  listQuotes,
  ownQuote,
  requestQuote,
  sendQuote,
  startQuoteFor,
  type QuoteShop,
} from './service';

const tags = ['quotes'];

/** Price quotes (docs/product.md#quotes): the customer's routes, staff's under /quotes/admin, the signed print link. */
export async function quoteRoutes(app: App) {
  const { db, config } = app.deps;
  const shop: QuoteShop & ShopContext = {
    appUrl: config.appUrl,
    notifyEmail: config.shopNotifyEmail,
    cardEnabled: config.stripe !== null,
    invoiceKey: app.deps.hashKey,
    linkKey: app.deps.hashKey,
    now: () => app.deps.now(),
  };
  const detail = async (id: number, fulfillment: 'pickup' | 'shipping' = 'pickup') =>
    quoteDetail(db, await findQuote(db, id), fulfillment, app.deps.now());

  app.post(
    '/quotes',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          "Ask for a quote: the cart's lines are copied into it (the cart is kept) with a note and a need-by day",
        body: quoteRequestSchema,
        response: { 201: quoteDetailAnswer },
      },
    },
    async (req, reply) => {
      const q = await requestQuote(db, req.user, req.body, shop);
      reply.code(201);
      return { success: true as const, quote: customerView(await detail(q.id)) };
    },
  );

  app.get(
    '/quotes',
    {
      config: { access: 'customer' },
      schema: { tags, summary: "The customer's own quotes, newest first", response: { 200: quoteListAnswer } },
    },
    async (req) => ({ success: true as const, quotes: await listQuotes(db, { userId: req.user.id }, app.deps.now()) }),
  );

  app.get(
    '/quotes/admin',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'The quote queue: every quote, newest first, by status',
        querystring: adminQuoteListQuerySchema,
        response: { 200: quoteListAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      quotes: await listQuotes(db, { status: req.query.status }, app.deps.now()),
    }),
  );

  app.get(
    '/quotes/print/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The printable quote a signed link (from the quote mail) names, no login',
        params: quoteTokenParams,
        response: { 200: quotePrintAnswer },
      },
    },
    // A quote holds a customer's name and prices: no browser or proxy keeps a copy.
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const id = quoteIdFromToken(shop.linkKey, req.params.token, app.deps.now().getTime());
      if (id === null) throw notFound(QUOTE_NOT_FOUND);
      // The shop's letterhead as the invoice prints it (the identity setting).
      const identity = await shopIdentity(db);
      const quote = await findQuote(db, id);
      return {
        success: true as const,
        quote: customerView(await quoteDetail(db, quote, 'pickup', app.deps.now())),
        shop: { ...identity, name: identity.trading_name },
        language: await linkLanguage(db, { userId: quote.userId }),
      };
    },
  );

  app.get(
    '/quotes/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: "One of the customer's quotes, priced for the fulfilment asked (pickup by default)",
        params: idParams,
        querystring: quoteViewQuerySchema,
        response: { 200: quoteDetailAnswer },
      },
    },
    async (req) => {
      const q = await ownQuote(db, req.params.id, req.user.id);
      return {
        success: true as const,
        quote: customerView(await quoteDetail(db, q, req.query.fulfillment, app.deps.now())),
      };
    },
  );

  app.post(
    '/quotes/:id/accept',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Accept a sent quote: an order at the quoted prices through the normal checkout (fulfilment, address, way to pay); prices in the body are ignored',
        params: idParams,
        body: quoteAcceptSchema,
        response: { 201: quoteAcceptAnswer },
      },
    },
    async (req, reply) => {
      const { order } = await acceptQuote(db, req.params.id, req.user, req.body, shop);
      reply.code(201);
      return { success: true as const, order, quote: customerView(await detail(req.params.id)) };
    },
  );

  app.post(
    '/quotes/:id/decline',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Decline a sent quote, with an optional reason',
        params: idParams,
        body: quoteDeclineSchema,
        response: { 200: quoteDetailAnswer },
      },
    },
    async (req) => {
      await declineQuote(db, req.params.id, req.user, req.body.reason, shop);
      return { success: true as const, quote: customerView(await detail(req.params.id)) };
    },
  );

  app.get(
    '/quotes/admin/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'One quote as staff price it (with the internal note)',
        params: idParams,
        querystring: quoteViewQuerySchema,
        response: { 200: adminQuoteAnswer },
      },
    },
    async (req) => ({ success: true as const, quote: await detail(req.params.id, req.query.fulfillment) }),
  );

  app.put(
    '/quotes/admin/:id',
    {
      config: { access: 'staff', audit: { kind: 'quote.edit', entity: 'quote' } },
      schema: {
        tags,
        summary:
          'Price a quote: its lines (garment unit price, quantity), discount, setup fee, valid-until day, message and internal note',
        params: idParams,
        body: quoteEditSchema,
        response: { 200: adminQuoteAnswer },
      },
    },
    async (req) => {
      await editQuote(db, req.params.id, req.body, app.deps.now());
      return { success: true as const, quote: await detail(req.params.id) };
    },
  );

  app.post(
    '/quotes/admin/:id/send',
    {
      config: { access: 'staff', audit: { kind: 'quote.send', entity: 'quote' } },
      schema: {
        tags,
        summary: 'Send the priced quote to the customer (a mail with the signed link to it)',
        params: idParams,
        response: { 200: adminQuoteAnswer },
      },
    },
    async (req) => {
      await sendQuote(db, req.params.id, shop);
      return { success: true as const, quote: await detail(req.params.id) };
    },
  );

  app.post(
    '/quotes/admin/for-customer/:customerId',
    {
      config: { access: 'staff', audit: { kind: 'quote.start', entity: 'quote' } },
      schema: {
        tags,
        summary: "Start a quote for a customer (a phone request): the lines at today's prices, to be priced and sent",
        // Named customerId, not id: the audit log finds the quote this creates, not a record the path names.
        params: z.object({ customerId: rowId }),
        body: staffQuoteStartSchema,
        response: { 201: adminQuoteAnswer },
      },
    },
    async (req, reply) => {
      const q = await startQuoteFor(db, req.params.customerId, req.user, req.body, app.deps.now());
      reply.code(201);
      return { success: true as const, quote: await detail(q.id) };
    },
  );
}
