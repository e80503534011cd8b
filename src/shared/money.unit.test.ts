import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd } from './money';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatUsd', () => {
  it('prints what Intl.NumberFormat en-US USD prints for any amount of whole cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        const dollars = cents / 100;
        expect(formatUsd(dollars)).toBe(intl.format(dollars));
      }),
      { numRuns: 2000 },
    );
  });

  it('groups thousands and keeps two decimals', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(7.5)).toBe('$7.50');
    expect(formatUsd(1234567.891)).toBe('$1,234,567.89');
    expect(formatUsd(-1000)).toBe('-$1,000.00');
  });
});
