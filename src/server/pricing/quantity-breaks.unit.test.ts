import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceLine } from '../../shared/cart';
import type { QuantityBreak } from '../../shared/quantity-breaks';
import { buildQuote } from './quote';
import { quantityBreakAdjustments, withBreaksInUnitPrice, type LineWithGarment } from './quantity-breaks';
import { atQuotedUnitPrice } from './terms';

const SHOP: QuantityBreak[] = [
  { minQuantity: 12, percentOff: 5 },
  { minQuantity: 24, percentOff: 10 },
  { minQuantity: 48, percentOff: 15 },
];
const OWN: QuantityBreak[] = [{ minQuantity: 6, unitPriceCents: 2_880 }];
const GARMENTS = [
  { baseName: 'Duty Polo', basePriceCents: 3_200, breaks: null },
  { baseName: 'Station T-Shirt', basePriceCents: 1_800, breaks: null },
  { baseName: 'Job Shirt', basePriceCents: 5_800, breaks: OWN },
];

// A line: one garment in some colour and size (the upcharge), with decorations, at some quantity.
const lineArb = fc
  .record({
    garment: fc.integer({ min: 0, max: GARMENTS.length - 1 }),
    upcharge: fc.constantFrom(0, 200, 300, 400),
    decorations: fc.integer({ min: 0, max: 3_000 }),
    quantity: fc.integer({ min: 1, max: 99 }),
  })
  .map((l): LineWithGarment => ({
    ...priceLine({
      basePriceCents: GARMENTS[l.garment]!.basePriceCents,
      sizeUpchargeCents: l.upcharge,
      unitCustomizationCents: l.decorations,
      quantity: l.quantity,
    }),
    garment: GARMENTS[l.garment]!,
  }));

/** Independent: the largest break reached by the garment's count over all its lines, per piece in integers. */
function expectedOff(lines: LineWithGarment[], baseName: string): number {
  const mine = lines.filter((l) => l.garment!.baseName === baseName);
  const count = mine.reduce((n, l) => n + l.quantity, 0);
  const g = GARMENTS.find((x) => x.baseName === baseName)!;
  const list = g.breaks ?? SHOP;
  const b = [...list].reverse().find((x) => count >= x.minQuantity);
  if (!b) return 0;
  return mine.reduce((sum, l) => {
    const perPiece =
      b.percentOff !== undefined
        ? Number((BigInt(l.unitBaseCents) * BigInt(b.percentOff) * 2n + 100n) / 200n)
        : Math.max(0, g.basePriceCents - b.unitPriceCents!);
    return sum + perPiece * l.quantity;
  }, 0);
}

describe('quantity breaks', () => {
  it('count each garment over all its lines (colours and sizes) and discount the garment price only', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 10 }), (lines) => {
        const adjustments = quantityBreakAdjustments(lines, SHOP);
        for (const g of GARMENTS) {
          const found = adjustments.find((a) => a.label.startsWith(`${g.baseName} x `));
          expect(-(found?.amountCents ?? 0) + 0).toBe(expectedOff(lines, g.baseName));
        }
        // Decorations are not discounted: other decoration prices give the same adjustments.
        const redecorated = lines.map((l) => ({
          ...l,
          ...priceLine({
            basePriceCents: l.unitBaseCents,
            sizeUpchargeCents: 0,
            unitCustomizationCents: l.unitCustomizationCents * 2 + 100,
            quantity: l.quantity,
          }),
        }));
        expect(quantityBreakAdjustments(redecorated, SHOP)).toEqual(adjustments);
      }),
      { numRuns: 500 },
    );
  });

  it('the quote takes the breaks before tax and the total is the lines plus every adjustment', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 10 }), fc.integer({ min: 0, max: 250_000 }), (lines, ppm) => {
        const q = buildQuote(lines, {
          fulfillment: 'pickup',
          taxRatePpm: ppm,
          shippingCostCents: 0,
          department: null,
          quantityBreaks: SHOP,
        });
        const off = GARMENTS.reduce((n, g) => n + expectedOff(lines, g.baseName), 0);
        const taxable = q.subtotalCents - off;
        expect(q.taxCents).toBe(Number((BigInt(taxable) * BigInt(ppm) * 2n + 1_000_000n) / 2_000_000n));
        expect(q.totalCents).toBe(taxable + q.taxCents);
        expect(q.totalCents).toBe(q.subtotalCents + q.adjustments.reduce((s, a) => s + a.amountCents, 0));
      }),
      { numRuns: 500 },
    );
  });

  it('a price quote made from the lines takes each break into its garment price: the same total, no break on top', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 10 }), fc.integer({ min: 0, max: 250_000 }), (lines, ppm) => {
        const ctx = {
          fulfillment: 'pickup' as const,
          taxRatePpm: ppm,
          shippingCostCents: 0,
          department: null,
          quantityBreaks: SHOP,
        };
        const cart = buildQuote(lines, ctx);
        const quoted = withBreaksInUnitPrice(lines, SHOP);
        // Each line lower by exactly its garment's break per piece; decorations untouched.
        const off = quoted.reduce((n, l, i) => n + (lines[i]!.unitBaseCents - l.unitBaseCents) * l.quantity, 0);
        expect(off).toBe(GARMENTS.reduce((n, g) => n + expectedOff(lines, g.baseName), 0));
        for (const [i, l] of quoted.entries()) {
          expect(l.unitCustomizationCents).toBe(lines[i]!.unitCustomizationCents);
          expect(l.totalCents).toBe((l.unitBaseCents + l.unitCustomizationCents) * l.quantity);
        }
        // As a quote prices them (the quoted price is the price): the cart's tax and total to the cent.
        const quote = buildQuote(
          quoted.map((l) => atQuotedUnitPrice(l, l.unitBaseCents)),
          ctx,
        );
        expect(quote.adjustments.some((a) => a.kind === 'quantity_break')).toBe(false);
        expect(quote.taxCents).toBe(cart.taxCents);
        expect(quote.totalCents).toBe(cart.totalCents);
      }),
      { numRuns: 500 },
    );
  });
});
