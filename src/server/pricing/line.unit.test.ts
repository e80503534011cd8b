import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUSTOMIZATION_TYPES } from '../../shared/cart';
import { priceProductLine } from './line';

const costsArb = fc.record({
  add_name: fc.integer({ min: 0, max: 5_000 }),
  us_flag: fc.integer({ min: 0, max: 5_000 }),
  az_flag: fc.integer({ min: 0, max: 5_000 }),
});

describe('priceProductLine', () => {
  it('keeps each decoration at its own kind’s price, and they make up the unit customisation price', () => {
    fc.assert(
      fc.property(
        fc.subarray([...CUSTOMIZATION_TYPES]),
        costsArb,
        fc.integer({ min: 1, max: 99 }),
        (kinds, costs, qty) => {
          const customizations = kinds.map((type) => ({ type, position: 'left_side' as const, text: null }));
          const line = priceProductLine(
            { basePriceCents: 2_000, sizes: [{ label: 'M', upcharge_cents: 0 }] },
            { size: 'M', quantity: qty, customizations },
            costs,
          );
          const has = (k: (typeof CUSTOMIZATION_TYPES)[number]) => (kinds.includes(k) ? costs[k] : null);
          expect([line.unitNameCents, line.unitUsFlagCents, line.unitAzFlagCents]).toEqual([
            has('add_name'),
            has('us_flag'),
            has('az_flag'),
          ]);
          const parts = (line.unitNameCents ?? 0) + (line.unitUsFlagCents ?? 0) + (line.unitAzFlagCents ?? 0);
          expect(parts).toBe(line.unitCustomizationCents);
          expect(line.totalCents).toBe(qty * (2_000 + parts));
        },
      ),
    );
  });
});
