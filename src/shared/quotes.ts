import { z } from 'zod';
import { POSITIONS } from './cart';
import { checkoutSchema, optionalTrimmed, orderItemInputSchema, orderSchema } from './orders';
import { linkLanguageSchema } from './language-schema';
import { invoiceSchema } from './payments';
import { quoteTotalsShape } from './pricing';
import { FULFILLMENTS } from './quote';
import { shopDaySchema } from './shop-days';

// Price quotes (docs/product.md#quotes): a customer asks for a price first, staff price and send it, the customer
// accepts (an order at the quoted prices, through the normal checkout) or declines.

export const QUOTE_STATUSES = ['requested', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/** "Q-000012": what the customer and staff call a quote. */
export const quoteNumber = (id: number) => `Q-${String(id).padStart(6, '0')}`;

export const QUOTE_NOTE_MAX = 2000;
export const QUOTE_AMOUNT_MAX = 100_000;
export const QUOTE_LINES_MAX = 100;

export const QUOTE_NOT_FOUND = 'Quote not found';
export const QUOTE_NOT_SENT = 'This quote has not been priced yet: we will e-mail you when it is ready';
export const QUOTE_EXPIRED = 'This quote has expired: ask us for a new one';
export const QUOTE_ACCEPTED = 'This quote was already accepted';
export const QUOTE_DECLINED = 'This quote was declined';
export const QUOTE_CLOSED = 'This quote was accepted or declined and can no longer change';
export const QUOTE_NEEDS_LINES = 'A quote needs at least one line';
export const QUOTE_LINE_TWICE = 'Two lines have the same garment, size and decorations: merge them into one';
export const VALID_UNTIL_REQUIRED = 'Set the day the quote is valid until before sending it';
export const VALID_UNTIL_PAST = 'The valid-until day cannot be in the past';
export const NEED_BY_PAST = 'The need-by day cannot be in the past';
export const DISCOUNT_TOO_LARGE = 'The discount cannot be more than the lines and the setup fee';

const day = z.preprocess((v) => (v === '' ? null : v), shopDaySchema.optional().nullable());

/** Dollars with cents, from zero up. */
const moneyField = (what: string) =>
  z
    .number({ error: `Enter the ${what}` })
    .refine((v) => Number.isFinite(v) && v >= 0, `The ${what} cannot be negative`)
    .refine((v) => v <= QUOTE_AMOUNT_MAX, `The ${what} must be at most $${QUOTE_AMOUNT_MAX.toLocaleString('en-US')}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `The ${what} must be in whole cents`);

const noteField = optionalTrimmed(QUOTE_NOTE_MAX, `The note must be at most ${QUOTE_NOTE_MAX} characters`);

/** POST /quotes: the cart's lines are copied; any price in the body is dropped. */
export const quoteRequestSchema = z.object({ note: noteField, need_by: day });
export type QuoteRequestInput = z.infer<typeof quoteRequestSchema>;

const itemsField = z
  .array(orderItemInputSchema, { error: QUOTE_NEEDS_LINES })
  .min(1, QUOTE_NEEDS_LINES)
  .max(QUOTE_LINES_MAX, `At most ${QUOTE_LINES_MAX} lines per quote`);

/** POST /quotes/admin/for-customer/:customerId: staff start a quote for a customer (a phone request). */
export const staffQuoteStartSchema = z.object({ items: itemsField, note: noteField, need_by: day });
export type StaffQuoteStartInput = z.infer<typeof staffQuoteStartSchema>;

/** One line as staff price it: what a cart line holds plus the garment's unit price the quote stands by. */
export const quoteLineInputSchema = orderItemInputSchema.extend({ unit_price: moneyField('unit price') });

/** PUT /quotes/admin/:id: the whole quote as staff leave it (lines replaced). */
export const quoteEditSchema = z.object({
  lines: z
    .array(quoteLineInputSchema, { error: QUOTE_NEEDS_LINES })
    .min(1, QUOTE_NEEDS_LINES)
    .max(QUOTE_LINES_MAX, `At most ${QUOTE_LINES_MAX} lines per quote`),
  discount: moneyField('discount').default(0),
  setup_fee: moneyField('setup fee').default(0),
  valid_until: day,
  message: optionalTrimmed(QUOTE_NOTE_MAX, `The message must be at most ${QUOTE_NOTE_MAX} characters`),
  internal_note: optionalTrimmed(QUOTE_NOTE_MAX, `The internal note must be at most ${QUOTE_NOTE_MAX} characters`),
});
export type QuoteEditInput = z.infer<typeof quoteEditSchema>;

/** POST /quotes/:id/accept: the checkout's own choices; the prices are the quote's, whatever the body says. */
export const quoteAcceptSchema = checkoutSchema;
export const quoteDeclineSchema = z.object({
  reason: optionalTrimmed(1000, 'The reason must be at most 1000 characters'),
});
export const quoteViewQuerySchema = z.object({
  fulfillment: z.enum(FULFILLMENTS, { error: 'Choose pickup or shipping' }).default('pickup'),
});
export const adminQuoteListQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: 'Unknown quote status' }).optional(),
});

// Answers. Money in dollars.
export const quoteLineSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  size: z.string(),
  quantity: z.number(),
  customizations: z.array(z.object({ type: z.string(), position: z.enum(POSITIONS), text: z.string().nullable() })),
  /** The garment's price per piece the quote stands by (size included, decorations apart). */
  unit_base_price: z.number(),
  /** Today's catalogue price of the garment in that size, for staff to compare. */
  list_unit_base_price: z.number(),
  unit_customization_price: z.number(),
  unit_price: z.number(),
  total_price: z.number(),
});

export const quoteDetailSchema = z.object({
  id: z.number(),
  quote_number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  note: z.string().nullable(),
  need_by: z.string().nullable(),
  valid_until: z.string().nullable(),
  message: z.string().nullable(),
  decline_reason: z.string().nullable(),
  customer: z.object({ id: z.number(), name: z.string().nullable(), email: z.string() }),
  started_by_staff: z.boolean(),
  order: z.object({ id: z.number(), order_number: z.string() }).nullable(),
  fulfillment: z.enum(FULFILLMENTS),
  lines: z.array(quoteLineSchema),
  ...quoteTotalsShape,
  discount: z.number(),
  setup_fee: z.number(),
  /** Sent, not expired, not decided: the customer may accept or decline. */
  can_accept: z.boolean(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

/** Staff see the internal note too. */
export const adminQuoteSchema = quoteDetailSchema.extend({ internal_note: z.string().nullable() });
export type AdminQuote = z.infer<typeof adminQuoteSchema>;

export const quoteSummarySchema = z.object({
  id: z.number(),
  quote_number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  created_at: z.string(),
  need_by: z.string().nullable(),
  valid_until: z.string().nullable(),
  customer: z.object({ id: z.number(), name: z.string().nullable(), email: z.string() }),
  item_count: z.number(),
  order_number: z.string().nullable(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteDetailAnswer = z.object({ success: z.literal(true), quote: quoteDetailSchema });
export const adminQuoteAnswer = z.object({ success: z.literal(true), quote: adminQuoteSchema });
export const quoteListAnswer = z.object({ success: z.literal(true), quotes: z.array(quoteSummarySchema) });
export const quoteAcceptAnswer = z.object({ success: z.literal(true), order: orderSchema, quote: quoteDetailSchema });
/** GET /quotes/print/:token: the quote a signed link names, with the shop's letterhead (no login). */
export const quotePrintAnswer = z.object({
  success: z.literal(true),
  quote: quoteDetailSchema,
  shop: invoiceSchema.shape.shop,
  /** The customer's language, which the page opens in (docs/product.md#languages). */
  language: linkLanguageSchema,
});
export type QuotePrint = z.infer<typeof quotePrintAnswer>;
export const quoteTokenParams = z.object({ token: z.string().max(200) });
