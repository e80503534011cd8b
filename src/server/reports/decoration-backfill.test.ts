import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CustomizationType } from '../../shared/cart';
import { orderLines, settings } from '../db/schema';
import { createTestApp } from '../test/harness';
import { insertOrders } from '../test/bulk-orders';
import { signedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const customer = await signedIn(app);

const statements = fs
  .readFileSync('src/server/db/migrations/0027_order_line_decoration_cents.sql', 'utf8')
  .split('--> statement-breakpoint');
const backfill = statements.find((s) => s.includes('UPDATE "order_lines"'))!;
const checks = statements.filter((s) => s.includes('ADD CONSTRAINT'));

describe('migration 0027: each decoration of an existing line gets its unit price', () => {
  it('takes today’s prices where they make up the line’s price, else an even split, and the checks then hold', async () => {
    await db
      .update(settings)
      .set({ nameCostCents: 800, usFlagCostCents: 500, azFlagCostCents: 650 })
      .where(eq(settings.id, 1));
    const { orders, products } = await insertOrders(app, {
      userId: customer.id,
      count: 1,
      status: 'completed',
      prefix: 'BACKFILL',
      linesFor: () => [],
    });
    const p = products[0]!;
    // Lines as they were stored before the migration: only the unit customisation price, and no checks yet.
    await db.execute(
      sql`alter table order_lines drop constraint order_lines_decoration_cents, drop constraint order_lines_decoration_kinds`,
    );
    const line = (kinds: CustomizationType[], unitCustomizationCents: number) => ({
      orderId: orders[0]!.id,
      productId: p.id,
      productName: 'Polo',
      productSlug: p.slug,
      imageBase: p.imageBase,
      isMultiImage: false,
      size: 'M',
      quantity: 2,
      unitBaseCents: 2000,
      unitCustomizationCents,
      totalCents: 2 * (2000 + unitCustomizationCents),
      customizations: kinds.map((type) => ({ type, position: 'left_side' as const, text: null })),
    });
    const made = await db
      .insert(orderLines)
      .values([
        // Placed at one price per decoration ($6), before the kinds had their own.
        line(['add_name', 'us_flag'], 1200),
        line(['az_flag'], 600),
        // Placed at today's prices: a name and an Arizona flag, $8 + $6.50.
        line(['add_name', 'az_flag'], 1450),
        // A price nothing explains: the parts still add up, the odd cent on the first decoration.
        line(['us_flag', 'az_flag'], 1001),
        line([], 0),
      ])
      .returning({ id: orderLines.id });
    await db.execute(sql.raw(backfill));
    for (const c of checks) await db.execute(sql.raw(c));
    const rows = await db
      .select({
        id: orderLines.id,
        name: orderLines.unitNameCents,
        us: orderLines.unitUsFlagCents,
        az: orderLines.unitAzFlagCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orders[0]!.id))
      .orderBy(orderLines.id);
    expect(rows.map(({ name, us, az }) => [name, us, az])).toEqual([
      [600, 600, null],
      [null, null, 600],
      [800, null, 650],
      [null, 501, 500],
      [null, null, null],
    ]);
    expect(rows.map((r) => r.id)).toEqual(made.map((m) => m.id));
    // From now on a line must carry its decorations' prices, and they must make up its customisation price.
    await expect(db.insert(orderLines).values(line(['add_name'], 800))).rejects.toThrow();
    await expect(db.insert(orderLines).values({ ...line(['add_name'], 800), unitNameCents: 700 })).rejects.toThrow();
    await expect(db.insert(orderLines).values({ ...line([], 0), unitUsFlagCents: 0 })).rejects.toThrow();
    await db.insert(orderLines).values({ ...line(['add_name'], 800), unitNameCents: 800 });
  });
});
