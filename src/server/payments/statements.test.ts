import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import type { Statement } from '../../shared/payments';
import { departments, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup } from '../test/orders';
import { json, signedIn, type SignedIn } from '../test/users';

// A department's statement of its unpaid on-account orders ("Invoices").
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const [dept] = await db
  .insert(departments)
  .values({ name: 'Payson Rural Fire', domains: ['paysonfire.test'], requiresApproval: false })
  .returning();
const [quiet] = await db
  .insert(departments)
  .values({ name: 'Quiet Valley EMS', domains: ['quietems.test'], requiresApproval: false })
  .returning();
const member = await signedIn(app, 'other', { email: `crew-${Date.now()}@paysonfire.test` });

async function place(user: SignedIn, body: object, quantity: number) {
  await fillCart(app, user.id, [{ quantity }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const pay = (id: number, amount: number) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/orders/admin/${id}/payments`,
    headers: staff.headers,
    payload: { amount, method: 'department_check', reference: 'Check 5512' },
  });
const statement = (id: number, headers = staff.headers) =>
  app.inject({ method: 'GET', url: `/api/v1/payments/admin/statements/${id}`, headers });
const cents = (d: number) => Math.round(d * 100);

describe('GET /payments/admin/statements/:id', () => {
  it('lists the unpaid and partly paid on-account orders, oldest first, with the total outstanding', async () => {
    const first = await place(member, { ...pickup, po_number: 'PO-881' }, 1);
    const second = await place(member, pickup, 2);
    const paidUp = await place(member, pickup, 1);
    const cancelled = await place(member, pickup, 1);
    const atPickup = await place(member, { ...pickup, payment_method: 'pickup' }, 1);
    for (const o of [first, second, paidUp, cancelled]) expect(o.payment.method).toBe('account');
    expect(atPickup.payment.method).toBe('pickup');
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-01-05T17:00:00Z') })
      .where(eq(orders.id, second.id));
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-01-09T17:00:00Z') })
      .where(eq(orders.id, first.id));
    expect((await pay(second.id, 10)).statusCode).toBe(200);
    expect((await pay(paidUp.id, paidUp.total)).statusCode).toBe(200);
    await app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${cancelled.id}/status`,
      headers: staff.headers,
      payload: { status: 'cancelled' },
    });

    const res = await statement(dept!.id);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().statement as Statement;
    expect(s.department).toEqual({ id: dept!.id, name: 'Payson Rural Fire' });
    expect(s.orders).toEqual([
      {
        id: second.id,
        order_number: second.order_number,
        created_at: '2026-01-05T17:00:00.000Z',
        po_number: null,
        status: 'pending',
        total: second.total,
        owed: second.total,
        paid: 10,
        balance: (cents(second.total) - 1000) / 100,
      },
      {
        id: first.id,
        order_number: first.order_number,
        created_at: '2026-01-09T17:00:00.000Z',
        po_number: 'PO-881',
        status: 'pending',
        total: first.total,
        owed: first.total,
        paid: 0,
        balance: first.total,
      },
    ]);
    expect(s.outstanding).toBe((cents(first.total) + cents(second.total) - 1000) / 100);

    // The index of departments says the same sums.
    const all = await app.inject({ method: 'GET', url: '/api/v1/payments/admin/statements', headers: staff.headers });
    expect(all.statusCode).toBe(200);
    const rows = all.json().departments as { id: number; order_count: number; outstanding: number }[];
    expect(rows.find((d) => d.id === dept!.id)).toEqual({
      id: dept!.id,
      name: 'Payson Rural Fire',
      order_count: 2,
      outstanding: s.outstanding,
    });
    expect(rows.find((d) => d.id === quiet!.id)).toMatchObject({ order_count: 0, outstanding: 0 });
  });

  it('answers a department that owes nothing with no orders, 404 for none, and only to staff', async () => {
    const res = await statement(quiet!.id);
    expect(res.json().statement).toMatchObject({
      orders: [],
      outstanding: 0,
      department: { name: 'Quiet Valley EMS' },
    });
    expect((await statement(999999)).statusCode).toBe(404);
    expect((await statement(quiet!.id, member.headers)).statusCode).toBe(403);
    expect((await statement(quiet!.id, json)).statusCode).toBe(401);
    const admin = await signedIn(app, 'admin');
    expect((await statement(quiet!.id, admin.headers)).statusCode).toBe(200);
  });
});
