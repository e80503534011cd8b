import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/client';
import { orderEvents, orderLines, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, shipping, someProducts } from '../test/orders';
import { signedIn } from '../test/users';
import { insertPlacedOrder, type NewOrderValues } from './insert-placed';
import type { OrderLineInput } from './place-order';

// The order, its lines and its first event are written by one statement whose rows come back as JSON
// (insert-placed.ts): what it answers must be exactly what drizzle reads back from the tables, and what checkout
// answers exactly what the order's page reads later.
const { app } = await createTestApp();
const db = app.deps.db;
const products = await someProducts(app, 10);

const lineFor = (i: number): OrderLineInput =>
  ({
    productId: products[i % products.length]!.id,
    productName: `Garment ${i} "quoted" — ñandú`,
    productSlug: `garment-${i}`,
    imageBase: `garment-${i}`,
    isMultiImage: i % 2 === 0,
    size: ['S', 'M', '2XL'][i % 3]!,
    quantity: i + 1,
    unitBaseCents: 1000 + i,
    unitCustomizationCents: i * 50,
    totalCents: (i + 1) * (1000 + i + i * 50),
    customizations: i % 2 ? [{ type: 'add_name', position: 'left_side', text: "O'Neil \\ {x}", cost: i * 0.5 }] : [],
    decorations:
      i % 2 ? [{ kind: 'add_name', label: 'Name', position: 'left_side', text: "O'Neil", unitCents: i * 50 }] : [],
  }) as unknown as OrderLineInput;

async function written(order: NewOrderValues, lines: OrderLineInput[]) {
  return db.transaction(async (tx) => {
    const answered = await insertPlacedOrder(tx, order, lines, {
      actorType: 'staff',
      actorUserId: order.userId,
      actorEmail: 'desk@example.test',
      reason: 'Modified from a denied order',
      details: 'Placed by Pat on the phone',
    });
    const id = answered.row.id;
    const read = {
      row: (await tx.select().from(orders).where(eq(orders.id, id)))[0],
      lines: await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
      event: (await tx.select().from(orderEvents).where(eq(orderEvents.orderId, id)))[0],
    };
    const [nulls] = await tx
      .execute<{ address_null: boolean; po_null: boolean }>(
        sql`select shipping_address is null as address_null, po_number is null as po_null from orders where id = ${id}`,
      )
      .then((r) => (r as unknown as { rows: { address_null: boolean; po_null: boolean }[] }).rows);
    return { answered, read, nulls };
  });
}

describe('the order, its lines and its event in one statement', () => {
  const user = signedIn(app);
  const base = async (): Promise<NewOrderValues> => ({
    orderNumber: '',
    userId: (await user).id,
    placedBy: (await user).id,
    status: 'pending',
    fulfillment: 'pickup',
    shippingAddress: null,
    poNumber: null,
    notes: null,
    paymentMethod: 'pay_at_pickup' as never,
    dueDate: '2026-12-21',
    subtotalCents: 12345,
    taxCents: 963,
    taxRatePpm: 78000,
    taxExemptReason: null,
    shippingCents: 0,
    totalCents: 13308,
    adjustments: [],
    requiresApproval: false,
    departmentId: null,
    modifiedFromOrderId: null,
    quoteId: null,
  });

  it('answers the rows drizzle reads back, a pickup with SQL NULLs where nothing was given', async () => {
    const paymentMethod = (await db.execute(sql`select enum_range(null::payment_method)::text[] as m`)) as unknown as {
      rows: { m: string[] }[];
    };
    const order = { ...(await base()), paymentMethod: paymentMethod.rows[0]!.m[0] as never };
    const { answered, read, nulls } = await written(order, [lineFor(1)]);
    expect(answered).toEqual(read);
    expect(answered.row.orderNumber).toMatch(/^CSU-\d{4}-\d{6}$/);
    expect(answered.row.createdAt).toBeInstanceOf(Date);
    expect(answered.event).toMatchObject({ toStatus: 'pending', fromStatus: null, kind: 'status', actorType: 'staff' });
    expect(nulls).toEqual({ address_null: true, po_null: true });
  });

  it('keeps ten lines in their cart order, with an address, adjustments and hostile text as written', async () => {
    const paymentMethod = (await db.execute(sql`select enum_range(null::payment_method)::text[] as m`)) as unknown as {
      rows: { m: string[] }[];
    };
    const order: NewOrderValues = {
      ...(await base()),
      paymentMethod: paymentMethod.rows[0]!.m[0] as never,
      fulfillment: 'shipping',
      status: 'awaiting_approval',
      requiresApproval: true,
      shippingAddress: { ...shipping.shipping_address, address_line2: 'Suite "B" \\ 5' } as never,
      poNumber: 'PO-7781',
      notes: 'Leave at the front desk — gracias',
      adjustments: [{ kind: 'allowance', label: 'Allowance', cents: -500 }] as never,
      shippingCents: 1250,
    };
    const lines = Array.from({ length: 10 }, (_, i) => lineFor(i));
    const { answered, read, nulls } = await written(order, lines);
    expect(answered).toEqual(read);
    expect(answered.lines.map((l) => l.productName)).toEqual(lines.map((l) => l.productName));
    expect(answered.row.shippingAddress).toEqual(order.shippingAddress);
    expect(nulls).toEqual({ address_null: false, po_null: false });
  });

  it('checkout answers the order its page reads back, field for field', async () => {
    for (const [n, delivery] of [
      [1, pickup],
      [9, { ...shipping, po_number: 'PO-1', notes: 'Back door' }],
    ] as const) {
      const u = await signedIn(app);
      await fillCart(
        app,
        u.id,
        Array.from({ length: n }, (_, i) => ({
          productId: products[i]!.id,
          quantity: i + 1,
          customizations: i % 2 ? [{ type: 'add_name' as const, position: 'left_side' as const, text: 'RUIZ' }] : [],
        })),
      );
      const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: delivery });
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json().order;
      const read = (await app.inject({ method: 'GET', url: `/api/v1/orders/${placed.id}`, headers: u.headers })).json()
        .order;
      expect(placed.items).toHaveLength(n);
      expect(placed).toEqual(read);
    }
  });

  it("migration 0042 turns the JSON null an earlier insert stored for a pickup's address into SQL NULL", async () => {
    const u = await signedIn(app);
    const made: number[] = [];
    for (const delivery of [pickup, shipping]) {
      await fillCart(app, u.id, [{ quantity: 1 }]);
      const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: u.headers, payload: delivery });
      made.push(res.json().order.id as number);
    }
    await db.execute(sql`update orders set shipping_address = 'null'::jsonb where id = ${made[0]}`);
    const kinds = async () =>
      (
        (await db.execute(
          sql`select jsonb_typeof(shipping_address) as kind from orders where id in (${made[0]}, ${made[1]}) order by id`,
        )) as unknown as { rows: { kind: string | null }[] }
      ).rows.map((r) => r.kind);
    expect(await kinds()).toEqual(['null', 'object']);
    await db.execute(sql.raw(fs.readFileSync(path.join(migrationsFolder, '0042_pickup_address_null.sql'), 'utf8')));
    expect(await kinds()).toEqual([null, 'object']);
  });
});
