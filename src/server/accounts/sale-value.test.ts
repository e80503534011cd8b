import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../shared/orders';
import { selectRows } from '../db/rows';
import { allowanceLedger, departments, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';
import { saleValueCents, saleValueSql } from './sale-value';

// saleValueCents and its SQL twin on random orders: any total, any status, and an allowance ledger of uses and
// returns (none, one, several, netting to zero or below). The SQL is read both ways the queries use it: on the outer
// "orders" row of a one-table query (the customer record, department spend) and on orders aliased "o" (the reports).

const { app } = await createTestApp();
const db = app.deps.db;
const member = await signedIn(app);
const [dept] = await db
  .insert(departments)
  .values({ name: 'Sale Value Fire', domains: ['salevalue.test'] })
  .returning();

const orderArb = fc.record({
  totalCents: fc.integer({ min: 0, max: 500_000 }),
  status: fc.constantFrom(...ORDER_STATUSES),
  ledger: fc.array(
    fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0),
    { maxLength: 4 },
  ),
});

let made = 0;

describe('sale value', () => {
  it('is the same in TypeScript and in SQL for random orders and allowance ledgers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 5 }), async (list) => {
        const rows = await db
          .insert(orders)
          .values(
            list.map((o) => ({
              orderNumber: `SV-${String(made++).padStart(6, '0')}`,
              userId: member.id,
              placedBy: member.id,
              departmentId: dept!.id,
              status: o.status,
              fulfillment: 'pickup' as const,
              subtotalCents: o.totalCents,
              taxCents: 0,
              taxRatePpm: 0,
              shippingCents: 0,
              totalCents: o.totalCents,
            })),
          )
          .returning({ id: orders.id });
        const ledger = list.flatMap((o, i) =>
          o.ledger.map((amountCents) => ({
            userId: member.id,
            departmentId: dept!.id,
            orderId: rows[i]!.id,
            amountCents,
            periodStart: '2026-01-01',
            reason: 'Random use or return',
          })),
        );
        if (ledger.length) await db.insert(allowanceLedger).values(ledger);
        const ids = rows.map((r) => r.id);
        const expected = new Map(
          list.map((o, i) => [
            ids[i]!,
            saleValueCents({ totalCents: o.totalCents, allowanceHeldCents: o.ledger.reduce((s, n) => s + n, 0) }),
          ]),
        );

        const outer = await db
          .select({ id: orders.id, cents: saleValueSql() })
          .from(orders)
          .where(inArray(orders.id, ids));
        const aliased = await selectRows<{ id: number; cents: number | string }>(
          db,
          sql`select o.id, ${saleValueSql({ id: sql.raw('o.id'), totalCents: sql.raw('o.total_cents') })} as cents
            from orders o where o.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
        );
        expect(new Map(outer.map((r) => [r.id, Number(r.cents)]))).toEqual(expected);
        expect(new Map(aliased.map((r) => [Number(r.id), Number(r.cents)]))).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('counts an order the allowance paid in full at its whole price, not $0', async () => {
    const [o] = await db
      .insert(orders)
      .values({
        orderNumber: 'SV-FULL',
        userId: member.id,
        placedBy: member.id,
        departmentId: dept!.id,
        status: 'pending',
        fulfillment: 'pickup',
        subtotalCents: 0,
        taxCents: 0,
        taxRatePpm: 0,
        shippingCents: 0,
        totalCents: 0,
      })
      .returning({ id: orders.id });
    await db.insert(allowanceLedger).values({
      userId: member.id,
      departmentId: dept!.id,
      orderId: o!.id,
      amountCents: 4_500,
      periodStart: '2026-01-01',
      reason: 'Allowance used',
    });
    const [row] = await db.select({ cents: saleValueSql() }).from(orders).where(eq(orders.id, o!.id));
    expect(Number(row!.cents)).toBe(4_500);
    expect(saleValueCents({ totalCents: 0, allowanceHeldCents: 4_500 })).toBe(4_500);
  });
});
