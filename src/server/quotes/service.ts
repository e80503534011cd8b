import { and, desc, eq, sql } from 'drizzle-orm';
import { mergeKey } from '../../shared/cart';
import { toCents } from '../../shared/money';
import { personName } from '../../shared/person-name';
import {
  DISCOUNT_TOO_LARGE,
  NEED_BY_PAST,
  QUOTE_ACCEPTED,
  QUOTE_CLOSED,
  QUOTE_DECLINED,
  QUOTE_EXPIRED,
  QUOTE_NOT_SENT,
  QUOTE_LINE_TWICE,
  QUOTE_NOT_FOUND,
  VALID_UNTIL_PAST,
  VALID_UNTIL_REQUIRED,
  quoteNumber,
  type QuoteEditInput,
  type QuoteRequestInput,
  type QuoteStatus,
  type QuoteSummary,
  type StaffQuoteStartInput,
} from '../../shared/quotes';
import { CUSTOMER_NOT_FOUND } from '../../shared/customers';
import { shopDay } from '../../shared/time';
import type { Db, Executor, Tx } from '../db/client';
import { orders, quoteLines, quotes, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { loadCart } from '../cart';
import { customerLanguage, itemsFromInput, priceItems, type OrderLineInput } from '../orders';
import { decorationPrices, withBreaksInUnitPrice } from '../pricing';
import { getSettingsRow, shopNotifyAddress } from '../settings';
import { quoteToken } from './link';
import { quoteNoticeMail, quoteSentMail } from './mails';
import { customerView, effectiveStatus, findQuote, quoteDetail, type QuoteRow } from './priced';

/** What the quotes need to know of the shop: links in mails, where notices go, the key that signs the quote link. */
export type QuoteShop = { appUrl: string; notifyEmail: string | null; linkKey: string; now: () => Date };

function assertNotPast(day: string | null | undefined, now: Date, field: string, message: string) {
  if (day && day < shopDay(now)) throw badRequest(message, [{ field, message }]);
}

/** Lines as a quote keeps them: each garment's unit price is the one it was priced at when the quote was made. */
async function insertLines(tx: Executor, quoteId: number, lines: OrderLineInput[]) {
  await tx.insert(quoteLines).values(
    lines.map((l) => ({
      quoteId,
      productId: l.productId,
      productName: l.productName,
      size: l.size,
      quantity: l.quantity,
      customizations: l.customizations,
      unitBaseCents: l.unitBaseCents,
    })),
  );
}

async function noticeShop(
  tx: Tx,
  q: QuoteRow,
  why: 'requested' | 'accepted' | 'declined',
  shop: QuoteShop,
  orderNumber?: string,
) {
  const to = await shopNotifyAddress(tx, shop.notifyEmail);
  if (!to) return;
  const detail = customerView(await quoteDetail(tx, q, 'pickup', shop.now()));
  await enqueueMail(tx, quoteNoticeMail(detail, why, to, shop.appUrl, orderNumber));
}

/**
 * POST /quotes: the customer's cart copied into a new quote (the cart is kept), and the shop told. Each garment is
 * copied at the price the cart charges for it, its quantity break included.
 */
export async function requestQuote(
  db: Db,
  user: { id: number; email: string },
  body: QuoteRequestInput,
  shop: QuoteShop,
): Promise<QuoteRow> {
  assertNotPast(body.need_by, shop.now(), 'need_by', NEED_BY_PAST);
  const cart = await loadCart(db, user.id);
  if (cart.lines.length === 0) throw badRequest('Your cart is empty', undefined, 'CART_EMPTY');
  const gone = cart.lines.find((l) => !l.productActive || l.needsFix);
  if (gone) {
    const message = gone.needsFix ?? `${gone.productName} is no longer available: remove it from your cart first`;
    throw badRequest(message, undefined, 'CART_LINE_NEEDS_FIX');
  }
  return db.transaction(async (tx) => {
    const [q] = await tx
      .insert(quotes)
      .values({ userId: user.id, createdBy: user.id, note: body.note ?? null, needBy: body.need_by ?? null })
      .returning();
    await insertLines(tx, q!.id, withBreaksInUnitPrice(cart.lines, cart.settings.quantityBreaks));
    await noticeShop(tx, q!, 'requested', shop);
    return q!;
  });
}

/**
 * POST /quotes/admin/for-customer/:customerId: staff start a quote for a customer, lines priced as a cart would be
 * today (quantity breaks included).
 */
export async function startQuoteFor(
  db: Db,
  customerId: number,
  staff: { id: number },
  body: StaffQuoteStartInput,
  now: Date,
): Promise<QuoteRow> {
  assertNotPast(body.need_by, now, 'need_by', NEED_BY_PAST);
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.id, customerId));
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [priced, settings] = await Promise.all([
      priceItems(tx, itemsFromInput(body.items), await decorationPrices(tx), [], { userId: customer.id }),
      getSettingsRow(tx),
    ]);
    const lines = withBreaksInUnitPrice(priced, settings.quantityBreaks);
    const [q] = await tx
      .insert(quotes)
      .values({ userId: customerId, createdBy: staff.id, note: body.note ?? null, needBy: body.need_by ?? null })
      .returning();
    await insertLines(tx, q!.id, lines);
    return q!;
  });
}

/** The quote row locked for a change; another's quote, for a customer, is not found. */
export async function lockQuote(tx: Tx, id: number, ownerId?: number): Promise<QuoteRow> {
  const [q] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  if (!q || (ownerId !== undefined && q.userId !== ownerId)) throw notFound(QUOTE_NOT_FOUND);
  return q;
}

const isClosed = (s: QuoteStatus) => s === 'accepted' || s === 'declined';

/**
 * PUT /quotes/admin/:id: staff price the quote (lines replaced, each at the garment price they set; discount, setup
 * fee, valid-until day, the message to the customer and the internal note). Only while it is not decided.
 */
export async function editQuote(db: Db, id: number, body: QuoteEditInput, now: Date): Promise<QuoteRow> {
  assertNotPast(body.valid_until, now, 'valid_until', VALID_UNTIL_PAST);
  const keys = body.lines.map((l) => mergeKey(l.product_id, l.size, l.customizations));
  const twice = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (twice >= 0) throw badRequest(QUOTE_LINE_TWICE, [{ field: `lines.${twice}`, message: QUOTE_LINE_TWICE }]);
  return db.transaction(async (tx) => {
    const q = await lockQuote(tx, id);
    if (isClosed(q.status)) throw conflict(QUOTE_CLOSED, 'QUOTE_CLOSED');
    const before = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    // Decorations a line already had stay editable after the shop stops offering them, as on an order.
    const priced = await priceItems(tx, itemsFromInput(body.lines), await decorationPrices(tx), before, {
      userId: q.userId,
    });
    const setupFeeCents = toCents(body.setup_fee);
    const discountCents = toCents(body.discount);
    const goods = body.lines.reduce(
      (s, l, i) => s + (toCents(l.unit_price) + priced[i]!.unitCustomizationCents) * l.quantity,
      0,
    );
    if (discountCents > goods + setupFeeCents) {
      throw badRequest(DISCOUNT_TOO_LARGE, [{ field: 'discount', message: DISCOUNT_TOO_LARGE }]);
    }
    await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id));
    await insertLines(
      tx,
      id,
      priced.map((l, i) => ({ ...l, unitBaseCents: toCents(body.lines[i]!.unit_price) })),
    );
    const [row] = await tx
      .update(quotes)
      .set({
        discountCents,
        setupFeeCents,
        validUntil: body.valid_until ?? null,
        message: body.message ?? null,
        internalNote: body.internal_note ?? null,
        updatedAt: now,
      })
      .where(eq(quotes.id, id))
      .returning();
    return row!;
  });
}

/** POST /quotes/admin/:id/send: the priced quote goes to the customer (again, with a new day, once it expired). */
export async function sendQuote(db: Db, id: number, shop: QuoteShop): Promise<QuoteRow> {
  const now = shop.now();
  return db.transaction(async (tx) => {
    const q = await lockQuote(tx, id);
    if (isClosed(q.status)) throw conflict(QUOTE_CLOSED, 'QUOTE_CLOSED');
    if (!q.validUntil) throw conflict(VALID_UNTIL_REQUIRED, 'VALID_UNTIL_REQUIRED');
    if (q.validUntil < shopDay(now)) throw conflict(VALID_UNTIL_PAST, 'VALID_UNTIL_PAST');
    const [row] = await tx
      .update(quotes)
      .set({ status: 'sent', sentAt: now, updatedAt: now })
      .where(eq(quotes.id, id))
      .returning();
    const detail = customerView(await quoteDetail(tx, row!, 'pickup', now));
    const link = `${shop.appUrl}/quote/${quoteToken(shop.linkKey, id, now.getTime())}`;
    await enqueueMail(tx, quoteSentMail(detail, link, shop.appUrl, await customerLanguage(tx, q.userId)));
    return row!;
  });
}

/** Why a customer cannot decide a quote now (409), or nothing. */
export function decisionRefusal(q: QuoteRow, now: Date): { message: string; code: string } | null {
  const status = effectiveStatus(q, now);
  if (status === 'sent') return null;
  const refusals: Record<Exclude<QuoteStatus, 'sent'>, { message: string; code: string }> = {
    requested: { message: QUOTE_NOT_SENT, code: 'QUOTE_NOT_SENT' },
    accepted: { message: QUOTE_ACCEPTED, code: 'QUOTE_ACCEPTED' },
    declined: { message: QUOTE_DECLINED, code: 'QUOTE_DECLINED' },
    expired: { message: QUOTE_EXPIRED, code: 'QUOTE_EXPIRED' },
  };
  return refusals[status];
}

/** POST /quotes/:id/decline: the customer says no; the shop is told. */
export async function declineQuote(
  db: Db,
  id: number,
  user: { id: number },
  reason: string | null | undefined,
  shop: QuoteShop,
): Promise<QuoteRow> {
  const now = shop.now();
  return db.transaction(async (tx) => {
    const q = await lockQuote(tx, id, user.id);
    const refused = decisionRefusal(q, now);
    if (refused) throw conflict(refused.message, refused.code);
    const [row] = await tx
      .update(quotes)
      .set({ status: 'declined', declineReason: reason ?? null, decidedAt: now, updatedAt: now })
      .where(eq(quotes.id, id))
      .returning();
    await noticeShop(tx, row!, 'declined', shop);
    return row!;
  });
}

export { noticeShop };

/** The list rows: newest first; a customer's own, or all (with a status filter) for staff. */
export async function listQuotes(
  db: Executor,
  opts: { userId?: number; status?: QuoteStatus },
  now: Date,
): Promise<QuoteSummary[]> {
  const today = shopDay(now);
  const expired = sql`(${quotes.status} = 'sent' and ${quotes.validUntil} < ${today})`;
  const statusFilter =
    opts.status === undefined
      ? undefined
      : opts.status === 'expired'
        ? expired
        : opts.status === 'sent'
          ? sql`(${quotes.status} = 'sent' and not ${expired})`
          : eq(quotes.status, opts.status);
  const rows = await db
    .select({
      q: quotes,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      orderNumber: orders.orderNumber,
      items: sql<number>`(select coalesce(sum(ql.quantity), 0)::int from ${quoteLines} ql where ql.quote_id = "quotes"."id")`,
    })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.userId))
    .leftJoin(orders, eq(orders.quoteId, quotes.id))
    .where(and(opts.userId === undefined ? undefined : eq(quotes.userId, opts.userId), statusFilter))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.q.id,
    quote_number: quoteNumber(r.q.id),
    status: effectiveStatus(r.q, now),
    created_at: r.q.createdAt.toISOString(),
    need_by: r.q.needBy,
    valid_until: r.q.validUntil,
    customer: { id: r.q.userId, name: personName(r.firstName, r.lastName), email: r.email },
    item_count: Number(r.items),
    order_number: r.orderNumber,
  }));
}

/** A customer's own quote, else not found (another's quote is never shown). */
export async function ownQuote(db: Executor, id: number, userId: number): Promise<QuoteRow> {
  const q = await findQuote(db, id);
  if (q.userId !== userId) throw notFound(QUOTE_NOT_FOUND);
  return q;
}
