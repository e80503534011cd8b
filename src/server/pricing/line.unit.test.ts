import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUSTOMIZATION_TYPES } from '../../shared/cart';
import type { DecorationKindRow, DecorationPrices } from './decorations';
import { priceProductLine } from './line';

const cents = () => fc.integer({ min: 0, max: 5_000 });
// SPEC's three kinds and up to four an admin added, each with its own price.
const kindsArb = fc
  .uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_]{1,10}$/), { maxLength: 4 })
  .map((keys) => [
    ...CUSTOMIZATION_TYPES,
    ...keys.filter((k) => !(CUSTOMIZATION_TYPES as readonly string[]).includes(k)),
  ])
  .chain((keys) => fc.tuple(fc.constant(keys), fc.array(cents(), { minLength: keys.length, maxLength: keys.length })));

const pricesOf = (keys: string[], list: number[]): DecorationPrices => ({
  kinds: keys.map(
    (key, i) =>
      ({ key, label: `Kind ${key}`, priceRule: { kind: 'flat', cents: list[i]! } }) as unknown as DecorationKindRow,
  ),
  cents: Object.fromEntries(keys.map((k, i) => [k, list[i]!])),
});

describe('priceProductLine', () => {
  it('keeps each decoration at its own kind’s price, and they make up the unit customisation price', () => {
    fc.assert(
      fc.property(
        kindsArb.chain(([keys, list]) =>
          fc.tuple(fc.constant(keys), fc.constant(list), fc.subarray(keys), fc.integer({ min: 1, max: 99 })),
        ),
        ([keys, list, chosen, qty]) => {
          const prices = pricesOf(keys, list);
          const customizations = chosen.map((type) => ({ type, position: 'left_side' as const, text: null }));
          const line = priceProductLine(
            { basePriceCents: 2_000, sizes: [{ label: 'M', upcharge_cents: 0 }] },
            { size: 'M', quantity: qty, customizations },
            prices,
          );
          expect(line.decorations.map((d) => [d.kind, d.unit_cents])).toEqual(
            chosen.map((k) => [k, list[keys.indexOf(k)]]),
          );
          expect(line.decorations.every((d) => d.label === `Kind ${d.kind}`)).toBe(true);
          const parts = line.decorations.reduce((n, d) => n + d.unit_cents, 0);
          expect(parts).toBe(line.unitCustomizationCents);
          expect(line.totalCents).toBe(qty * (2_000 + parts));
        },
      ),
    );
  });
});
