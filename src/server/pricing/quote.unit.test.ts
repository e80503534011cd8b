import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceLine } from '../../shared/cart';
import { buildQuote, taxOn, type PricingContext } from './quote';

const lineArb = fc
  .record({
    basePriceCents: fc.integer({ min: 0, max: 50_000 }),
    sizeUpchargeCents: fc.integer({ min: 0, max: 1000 }),
    unitCustomizationCents: fc.integer({ min: 0, max: 15_000 }),
    quantity: fc.integer({ min: 1, max: 99 }),
  })
  .map(priceLine);
const contextArb: fc.Arbitrary<PricingContext> = fc.record({
  fulfillment: fc.constantFrom('pickup' as const, 'shipping' as const),
  taxRatePpm: fc.integer({ min: 0, max: 250_000 }),
  shippingCostCents: fc.integer({ min: 0, max: 10_000 }),
  department: fc.option(
    fc.record({ name: fc.constantFrom('Maricopa County', 'Desert Valley Fire'), taxExempt: fc.boolean() }),
    { nil: null },
  ),
});

describe('buildQuote', () => {
  it('totals are the lines plus the adjustments, tax half up on the whole subtotal, exemption and pickup as named', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), contextArb, (lines, ctx) => {
        const q = buildQuote(lines, ctx);
        const subtotal = lines.reduce((s, l) => s + l.totalCents, 0);
        // Independent: exact rational arithmetic with BigInt, half up.
        const exact = (BigInt(subtotal) * BigInt(ctx.taxRatePpm) * 2n + 1_000_000n) / 2_000_000n;
        const tax = Number(exact);
        const exempt = ctx.department?.taxExempt ?? false;
        const shipping = ctx.fulfillment === 'shipping' ? ctx.shippingCostCents : 0;
        expect(q.subtotalCents).toBe(subtotal);
        expect(q.itemCount).toBe(lines.reduce((s, l) => s + l.quantity, 0));
        expect(q.adjustments.find((a) => a.kind === 'tax')!.amountCents).toBe(tax);
        expect(q.adjustments.find((a) => a.kind === 'tax_exemption')?.amountCents ?? 0).toBe(exempt ? -tax : 0);
        expect(q.adjustments.find((a) => a.kind === 'shipping')!.amountCents).toBe(shipping);
        expect(q.taxCents).toBe(exempt ? 0 : tax);
        expect(q.shippingCents).toBe(shipping);
        expect(q.totalCents).toBe(subtotal + (exempt ? 0 : tax) + shipping);
        expect(q.totalCents).toBe(q.subtotalCents + q.adjustments.reduce((s, a) => s + a.amountCents, 0));
      }),
      { numRuns: 500 },
    );
  });

  it('rounds tax half up to the cent, on the order and never per line', () => {
    expect(taxOn(1000, 78_000)).toBe(78);
    expect(taxOn(8800, 78_000)).toBe(686); // 686.4
    expect(taxOn(14100, 86_500)).toBe(1220); // 1219.65
    expect(taxOn(50, 50_000)).toBe(3); // 2.5 -> 3
    expect(taxOn(0, 78_000)).toBe(0);
    // Three $1.00 lines at 7.8%: per line 7.8 -> 8 cents each would make 24; on the order 23.4 -> 23.
    const lines = [100, 100, 100].map((c) =>
      priceLine({
        basePriceCents: c,
        sizeUpchargeCents: 0,
        unitCustomizationCents: 0,
        quantity: 1,
      }),
    );
    expect(
      buildQuote(lines, { fulfillment: 'pickup', taxRatePpm: 78_000, shippingCostCents: 800, department: null })
        .taxCents,
    ).toBe(23);
  });

  it('names its adjustments for people', () => {
    const lines = [
      priceLine({
        basePriceCents: 3200,
        sizeUpchargeCents: 0,
        unitCustomizationCents: 600,
        quantity: 2,
      }),
    ];
    const q = buildQuote(lines, {
      fulfillment: 'shipping',
      taxRatePpm: 78_000,
      shippingCostCents: 800,
      department: { name: 'Maricopa County', taxExempt: true },
    });
    expect(q.adjustments).toEqual([
      { kind: 'tax', label: 'Tax (7.8%)', amountCents: 593 },
      { kind: 'tax_exemption', label: 'Tax exempt: Maricopa County', amountCents: -593 },
      { kind: 'shipping', label: 'Shipping', amountCents: 800 },
    ]);
    expect(q).toMatchObject({
      subtotalCents: 7600,
      taxCents: 0,
      totalCents: 8400,
      taxExemptReason: 'Tax exempt: Maricopa County',
    });
  });
});
