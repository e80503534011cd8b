import { z } from 'zod';
import { formatUsd, toCents, toDollars } from './money';

// Quantity price breaks (docs/product.md#quantity-price-breaks): the garment's price goes down once a cart or order
// holds at least min_quantity pieces of one garment, counted over all its colours and sizes. A break sets the
// garment's unit price or takes a whole percent off it; decorations are never discounted. Stored in cents.

export type QuantityBreak = { minQuantity: number } & (
  { unitPriceCents: number; percentOff?: undefined } | { percentOff: number; unitPriceCents?: undefined }
);

const BREAK_QUANTITY_MAX = 10_000;
const BREAKS_MAX = 8;
const PERCENT_OFF_MAX = 90;

const QUANTITY_BREAK_MESSAGES = {
  minQuantity: `The quantity of a break is a whole number from 2 to ${BREAK_QUANTITY_MAX.toLocaleString('en-US')}`,
  oneOf: 'Give each break a unit price or a percent off, not both',
  percent: `The percent off is a whole number from 1 to ${PERCENT_OFF_MAX}`,
  price: 'Enter a unit price from $0.00 to $10,000.00 in whole cents',
  order: 'List the breaks from the smallest quantity up, each quantity once',
  tooMany: `At most ${BREAKS_MAX} breaks`,
  shopPercent: 'Shop-wide breaks take a percent off: garments have different prices',
} as const;

const M = QUANTITY_BREAK_MESSAGES;

/** One break as the API takes and answers it: unit_price in dollars, or percent_off. */
const quantityBreakInput = z
  .object({
    min_quantity: z
      .number({ error: M.minQuantity })
      .int(M.minQuantity)
      .min(2, M.minQuantity)
      .max(BREAK_QUANTITY_MAX, M.minQuantity),
    unit_price: z
      .number({ error: M.price })
      .min(0, M.price)
      .max(10_000, M.price)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, M.price)
      .nullish(),
    percent_off: z
      .number({ error: M.percent })
      .int(M.percent)
      .min(1, M.percent)
      .max(PERCENT_OFF_MAX, M.percent)
      .nullish(),
  })
  .superRefine((b, ctx) => {
    if ((b.unit_price == null) === (b.percent_off == null)) ctx.addIssue({ code: 'custom', message: M.oneOf });
  });

const quantityBreaksField = z
  .array(quantityBreakInput, { error: 'List the breaks' })
  .max(BREAKS_MAX, M.tooMany)
  .superRefine((list, ctx) => {
    for (let i = 1; i < list.length; i += 1)
      if (list[i]!.min_quantity <= list[i - 1]!.min_quantity) {
        ctx.addIssue({ code: 'custom', message: M.order, path: [i, 'min_quantity'] });
        return;
      }
  })
  .transform((list): QuantityBreak[] => list.map(breakFromInput));

const breakFromInput = (b: z.output<typeof quantityBreakInput>): QuantityBreak =>
  b.unit_price != null
    ? { minQuantity: b.min_quantity, unitPriceCents: toCents(b.unit_price) }
    : { minQuantity: b.min_quantity, percentOff: b.percent_off! };

/** PUT /settings/quantity-breaks: the shop-wide default, a percent off only. */
export const shopBreaksUpdateSchema = z.object({
  breaks: quantityBreaksField.superRefine((list, ctx) => {
    const i = list.findIndex((b) => b.percentOff === undefined);
    if (i >= 0) ctx.addIssue({ code: 'custom', message: M.shopPercent, path: [i, 'unit_price'] });
  }),
});

/** A break in an answer. `unit_price` is what one piece of the garment's base size costs at it. */
export const quantityBreakAnswer = z.object({
  min_quantity: z.number(),
  unit_price: z.number().nullable(),
  percent_off: z.number().nullable(),
});
export type QuantityBreakAnswer = z.infer<typeof quantityBreakAnswer>;

export const shopBreaksAnswer = z.object({ success: z.literal(true), breaks: z.array(quantityBreakAnswer) });

/** A stored break as the API writes it (the editors' form: unit_price is the break's own price, if it sets one). */
export const breakToInput = (b: QuantityBreak): QuantityBreakAnswer => ({
  min_quantity: b.minQuantity,
  unit_price: b.unitPriceCents !== undefined ? toDollars(b.unitPriceCents) : null,
  percent_off: b.percentOff ?? null,
});

/** The break that applies to a count of pieces: the largest whose quantity is reached, or null. */
export function breakFor(list: readonly QuantityBreak[], count: number): QuantityBreak | null {
  let found: QuantityBreak | null = null;
  for (const b of list) if (count >= b.minQuantity && (!found || b.minQuantity > found.minQuantity)) found = b;
  return found;
}

/** The next break above a count, or null when the largest is reached. */
export function nextBreak(list: readonly QuantityBreak[], count: number): QuantityBreak | null {
  let found: QuantityBreak | null = null;
  for (const b of list) if (b.minQuantity > count && (!found || b.minQuantity < found.minQuantity)) found = b;
  return found;
}

/**
 * What the break takes off one piece whose garment price (base price plus its size's upcharge) is `unitBaseCents`:
 * a percent of it, rounded half up to the cent, or the base price down to the break's unit price (the size's
 * upcharge stays). Never below zero, never a surcharge.
 */
export function breakOffCents(b: QuantityBreak, unitBaseCents: number, basePriceCents: number): number {
  if (b.percentOff !== undefined) return Math.floor((unitBaseCents * b.percentOff + 50) / 100);
  return Math.min(unitBaseCents, Math.max(0, basePriceCents - b.unitPriceCents));
}

/** One piece of the base size at the break. */
export const breakUnitCents = (b: QuantityBreak, basePriceCents: number) =>
  basePriceCents - breakOffCents(b, basePriceCents, basePriceCents);

/** "12 or more: $28.80 each": how the product page, the quote and the cart name a break. */
export const breakText = (b: QuantityBreak, basePriceCents: number) =>
  `${b.minQuantity} or more: ${formatUsd(toDollars(breakUnitCents(b, basePriceCents)))} each${
    b.percentOff !== undefined ? ` (${b.percentOff}% off)` : ''
  }`;

/** The effective breaks of a garment as the store shows them: each with the base size's price at it. */
export const breaksAnswer = (list: readonly QuantityBreak[], basePriceCents: number): QuantityBreakAnswer[] =>
  list.map((b) => ({
    min_quantity: b.minQuantity,
    unit_price: toDollars(breakUnitCents(b, basePriceCents)),
    percent_off: b.percentOff ?? null,
  }));

/** What the cart says about one garment's count: the break it has, and how many more reach the next. */
export const breakHintSchema = z.object({
  base_name: z.string(),
  quantity: z.number(),
  applied: z.string().nullable(),
  next: z.string().nullable(),
});
export type BreakHint = z.infer<typeof breakHintSchema>;

/** PUT /admin/products/:id/quantity-breaks: the garment's own breaks on all its colours; null: the shop's. */
export const garmentBreaksUpdateSchema = z.object({ breaks: quantityBreaksField.nullable() });
