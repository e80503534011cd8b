import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, OrderSummary } from '../../shared/orders';
import { orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup } from '../test/orders';
import { signedIn } from '../test/users';

// Payment state in the staff list (column and "Unpaid" filter) and in the CSV export.
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app);

async function place() {
  await fillCart(app, customer.id, [{ quantity: 1 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: customer.headers, payload: pickup });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}
const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/admin/${url}`, headers: staff.headers, payload });
const mine = `search=${encodeURIComponent(customer.email)}`;

describe('payment state in the staff list and the export', () => {
  it('shows each order payment status and balance; "unpaid" keeps unpaid and partly paid open orders', async () => {
    const unpaid = await place();
    const partly = await place();
    const paid = await place();
    const refunded = await place();
    const cancelledOwing = await place();
    const deniedPaid = await place();
    expect((await post(`${partly.id}/payments`, { amount: 5, method: 'cash' })).statusCode).toBe(200);
    expect((await post(`${paid.id}/payments`, { amount: paid.total, method: 'check' })).statusCode).toBe(200);
    expect((await post(`${refunded.id}/payments`, { amount: 4, method: 'cash' })).statusCode).toBe(200);
    // Cancelled and the $4 given back: it owes nothing and holds nothing.
    expect((await post(`${refunded.id}/cancel`, { refund: { amount: 4, method: 'cash' } })).statusCode).toBe(200);
    expect((await post(`${cancelledOwing.id}/cancel`, { refund: null })).statusCode).toBe(200);
    expect((await post(`${deniedPaid.id}/payments`, { amount: 2, method: 'cash' })).statusCode).toBe(200);
    await db.update(orders).set({ status: 'denied' }).where(eq(orders.id, deniedPaid.id));

    const list = await app.inject({ method: 'GET', url: `/api/v1/orders/admin/all?${mine}`, headers: staff.headers });
    const rows = list.json().orders as OrderSummary[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(unpaid.id)).toMatchObject({ payment_status: 'unpaid', balance: unpaid.total });
    expect(byId.get(partly.id)).toMatchObject({
      payment_status: 'partially_paid',
      balance: Math.round((partly.total - 5) * 100) / 100,
    });
    expect(byId.get(paid.id)).toMatchObject({ payment_status: 'paid', balance: 0 });
    expect(byId.get(refunded.id)).toMatchObject({ payment_status: 'refunded', balance: 0 });
    expect(byId.get(cancelledOwing.id)).toMatchObject({ payment_status: 'nothing_due', balance: 0 });
    expect(byId.get(deniedPaid.id)).toMatchObject({ payment_status: 'refund_due', balance: 0 });

    const filtered = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/all?${mine}&payment=unpaid`,
      headers: staff.headers,
    });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json()).toMatchObject({ total: 2 });
    expect((filtered.json().orders as OrderSummary[]).map((o) => o.id)).toEqual([partly.id, unpaid.id]);
    // Combined with a status it narrows further; an empty value is no filter.
    const pendingUnpaid = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/all?${mine}&payment=unpaid&status=cancelled`,
      headers: staff.headers,
    });
    expect(pendingUnpaid.json().orders).toEqual([]);
    const blank = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/all?${mine}&payment=`,
      headers: staff.headers,
    });
    expect(blank.json().total).toBe(6);

    const csv = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/export.csv?${mine}`,
      headers: staff.headers,
    });
    const table = parse(csv.body, { bom: true }) as string[][];
    const head = table[0]!;
    const cells = (o: Order) => {
      const row = table.find((r) => r[0] === o.order_number)!;
      const cell = (h: string) => row[head.indexOf(h)]!;
      // Net paid: the orders file shows money in and money back apart.
      const net = ((Math.round(Number(cell('Paid')) * 100) - Math.round(Number(cell('Refunded')) * 100)) / 100).toFixed(
        2,
      );
      return [cell('Payment method'), cell('Payment status'), net, cell('Balance')];
    };
    expect(cells(unpaid)).toEqual(['Pay at pickup', 'Unpaid', '0.00', unpaid.total.toFixed(2)]);
    expect(cells(partly)).toEqual(['Pay at pickup', 'Partially paid', '5.00', (partly.total - 5).toFixed(2)]);
    expect(cells(paid)).toEqual(['Pay at pickup', 'Paid', paid.total.toFixed(2), '0.00']);
    expect(cells(refunded)).toEqual(['Pay at pickup', 'Refunded', '0.00', '0.00']);
    expect(cells(deniedPaid)).toEqual(['Pay at pickup', 'Refund due', '2.00', '0.00']);
    const unpaidCsv = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/export.csv?${mine}&payment=unpaid`,
      headers: staff.headers,
    });
    const numbers = (parse(unpaidCsv.body, { bom: true }) as string[][]).slice(1).map((r) => r[0]);
    expect(numbers).toEqual([partly.order_number, unpaid.order_number]);
  });
});
