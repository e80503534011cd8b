import { asc, eq, inArray } from 'drizzle-orm';
import type { Fulfillment } from '../../shared/orders';
import { toDollars } from '../../shared/money';
import { personName } from '../../shared/person-name';
import { quoteNumber, type AdminQuote, type QuoteDetail, type QuoteStatus } from '../../shared/quotes';
import { shopDay } from '../../shared/time';
import type { Executor } from '../db/client';
import { orders, products, quoteLines, quotes, users } from '../db/schema';
import { findDepartmentForEmail } from '../departments';
import { notFound } from '../http/errors';
import {
  adjustmentsDto,
  atQuotedUnitPrice,
  buildQuote,
  decorationPrices,
  priceProductLine,
  withLogos,
  pricingContext,
  quoteTotalsDto,
  type QuoteCents,
  type QuoteTerms,
} from '../pricing';
import { getSettingsRow } from '../settings';
import { QUOTE_NOT_FOUND } from '../../shared/quotes';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;

/** A sent quote past its valid-until day reads as expired; the row keeps 'sent', so sending it again revives it. */
export function effectiveStatus(q: Pick<QuoteRow, 'status' | 'validUntil'>, now: Date): QuoteStatus {
  if (q.status === 'sent' && q.validUntil && q.validUntil < shopDay(now)) return 'expired';
  return q.status;
}

export const termsOfRow = (q: Pick<QuoteRow, 'discountCents' | 'setupFeeCents'>): QuoteTerms => ({
  discountCents: q.discountCents,
  setupFeeCents: q.setupFeeCents,
});

export async function findQuote(db: Executor, id: number): Promise<QuoteRow> {
  const [q] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!q) throw notFound(QUOTE_NOT_FOUND);
  return q;
}

type PricedQuoteLine = ReturnType<typeof priceProductLine> & { row: QuoteLineRow; listUnitBaseCents: number };

/**
 * The quote priced by the pricing module like any cart (the customer's department, tax rules and allowance, today's
 * decoration prices), with the garment unit prices, discount and setup fee the quote stands by as its inputs.
 */
export async function priceQuote(
  db: Executor,
  q: QuoteRow,
  fulfillment: Fulfillment,
  now: Date,
): Promise<{ quote: QuoteCents<PricedQuoteLine>; customer: typeof users.$inferSelect }> {
  const [lines, [customer], settings] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, q.id)).orderBy(asc(quoteLines.id)),
    db.select().from(users).where(eq(users.id, q.userId)),
    getSettingsRow(db),
  ]);
  if (!customer) throw notFound(QUOTE_NOT_FOUND);
  const ids = [...new Set(lines.map((l) => l.productId))];
  const found = ids.length ? await db.select().from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const costs = await withLogos(
    db,
    await decorationPrices(db),
    lines.map((l) => l.customizations),
    { userId: q.userId },
  );
  const priced = lines.map((row): PricedQuoteLine => {
    const p = byId.get(row.productId);
    const list = priceProductLine(
      p ?? { basePriceCents: row.unitBaseCents, sizes: [] },
      { size: row.size, quantity: row.quantity, customizations: row.customizations },
      costs,
    );
    return { ...atQuotedUnitPrice(list, row.unitBaseCents), row, listUnitBaseCents: list.unitBaseCents };
  });
  const department = await findDepartmentForEmail(db, customer.email);
  const ctx = await pricingContext(db, customer, department, fulfillment, settings, now);
  return { quote: buildQuote(priced, { ...ctx, terms: termsOfRow(q) }), customer };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The quote as the customer (and, with the internal note, staff) read it. */
export async function quoteDetail(
  db: Executor,
  q: QuoteRow,
  fulfillment: Fulfillment,
  now: Date,
): Promise<QuoteDetail & { internal_note: string | null }> {
  const [{ quote, customer }, [order]] = await Promise.all([
    priceQuote(db, q, fulfillment, now),
    db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(eq(orders.quoteId, q.id)),
  ]);
  const status = effectiveStatus(q, now);
  const adjustment = (kind: string) => quote.adjustments.find((a) => a.kind === kind)?.amountCents ?? 0;
  return {
    id: q.id,
    quote_number: quoteNumber(q.id),
    status,
    created_at: q.createdAt.toISOString(),
    sent_at: iso(q.sentAt),
    decided_at: iso(q.decidedAt),
    note: q.note,
    need_by: q.needBy,
    valid_until: q.validUntil,
    message: q.message,
    decline_reason: q.declineReason,
    customer: { id: customer.id, name: personName(customer.firstName, customer.lastName), email: customer.email },
    started_by_staff: q.createdBy !== q.userId,
    order: order ? { id: order.id, order_number: order.orderNumber } : null,
    fulfillment,
    lines: quote.lines.map((l) => ({
      id: l.row.id,
      product_id: l.row.productId,
      product_name: l.row.productName,
      size: l.row.size,
      quantity: l.quantity,
      customizations: l.row.customizations,
      unit_base_price: toDollars(l.unitBaseCents),
      list_unit_base_price: toDollars(l.listUnitBaseCents),
      unit_customization_price: toDollars(l.unitCustomizationCents),
      unit_price: toDollars(l.unitBaseCents + l.unitCustomizationCents),
      total_price: toDollars(l.totalCents),
    })),
    ...quoteTotalsDto(quote),
    adjustments: adjustmentsDto(quote.adjustments),
    discount: toDollars(-adjustment('discount')),
    setup_fee: toDollars(adjustment('setup_fee')),
    can_accept: status === 'sent',
    internal_note: q.internalNote,
  };
}

/** The customer's answer: the same quote without what is staff's only. */
export const customerView = ({ internal_note: _internal, ...rest }: AdminQuote): QuoteDetail => rest;
