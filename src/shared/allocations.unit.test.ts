import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocationSchema, spreadOldestFirst } from './allocations';

describe('spreadOldestFirst', () => {
  it('fills the oldest orders first, none above its balance, and gives out min(amount, all balances)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 20 }),
        (amount, balances) => {
          const shares = spreadOldestFirst(amount, balances);
          expect(shares).toHaveLength(balances.length);
          const total = shares.reduce((s, x) => s + x, 0);
          expect(total).toBe(
            Math.min(
              amount,
              balances.reduce((s, b) => s + b, 0),
            ),
          );
          shares.forEach((s, i) => {
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(balances[i]!);
            // A later order gets anything only when every older one is full.
            if (s > 0) for (let j = 0; j < i; j++) expect(shares[j]).toBe(balances[j]);
          });
        },
      ),
    );
  });
});

describe('allocationSchema', () => {
  const base = { department_id: 3, method: 'department_check', reference: 'Cheque 1' };
  it('takes shares that add up to the amount, counted in cents', () => {
    const ok = allocationSchema.safeParse({
      ...base,
      amount: 0.3,
      orders: [
        { id: 1, amount: 0.1 },
        { id: 2, amount: 0.2 },
      ],
    });
    expect(ok.success).toBe(true);
  });
  it('names the amount when the shares do not add up, and the row of a negative share', () => {
    const off = allocationSchema.safeParse({ ...base, amount: 10, orders: [{ id: 1, amount: 9.99 }] });
    expect(off.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['amount'], message: 'The shares add up to $9.99, not the $10.00 received' }),
    );
    const negative = allocationSchema.safeParse({
      ...base,
      amount: 1,
      orders: [
        { id: 1, amount: 2 },
        { id: 2, amount: -1 },
      ],
    });
    expect(negative.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['orders', 1, 'amount'], message: 'A share cannot be negative' }),
    );
  });
});
