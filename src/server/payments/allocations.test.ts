import { count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import type { AllocationSummary, Statement } from '../../shared/payments';
import { shopDay } from '../../shared/time';
import { auditLog, departments, orders, paymentAllocations, payments } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// One payment for several orders: a department's cheque spread over its account orders ("Bad input" of the books).
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const stamp = Date.now();
const [fire] = await db
  .insert(departments)
  .values({ name: 'Pine Ridge Fire', domains: ['pineridge.test'], requiresApproval: false })
  .returning();
const [ems] = await db
  .insert(departments)
  .values({ name: 'Cedar Flat EMS', domains: ['cedarflat.test'], requiresApproval: false })
  .returning();
const crew = await signedIn(app, 'other', { email: `crew-${stamp}@pineridge.test` });
const medic = await signedIn(app, 'other', { email: `medic-${stamp}@cedarflat.test` });
const walkIn = await signedIn(app);

const cents = (d: number) => Math.round(d * 100);
const dollars = (c: number) => c / 100;

async function place(user: SignedIn, quantity = 1, body: object = pickup): Promise<Order> {
  await fillCart(app, user.id, [{ quantity }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}
const allocate = (payload: object, headers = staff.headers) =>
  app.inject({ method: 'POST', url: '/api/v1/payments/admin/allocations', headers, payload });
const openOf = (query: string, headers = staff.headers) =>
  app.inject({ method: 'GET', url: `/api/v1/payments/admin/allocations/open?${query}`, headers });
const orderOf = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${id}`, headers: staff.headers })).json()
    .order as Order;
const written = async () => ({
  ledger: (await db.select({ n: count() }).from(payments))[0]!.n,
  allocations: (await db.select({ n: count() }).from(paymentAllocations))[0]!.n,
});

describe('POST /payments/admin/allocations', () => {
  it('spreads one department cheque over 7 orders: each ledger has its share and the reference; the statement shows it once', async () => {
    const seven: Order[] = [];
    for (let i = 0; i < 7; i++) seven.push(await place(crew, 1 + (i % 3)));
    for (const o of seven) expect(o.payment.method).toBe('account');
    // Oldest first is by placement day, not by id: make the last one placed the oldest.
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-01-02T17:00:00Z') })
      .where(eq(orders.id, seven[6]!.id));

    const open = await openOf(`department_id=${fire!.id}`);
    expect(open.statusCode, open.body).toBe(200);
    const listed = open.json() as { party: object; orders: { id: number; balance: number }[]; outstanding: number };
    expect(listed.party).toEqual({ kind: 'department', id: fire!.id, name: 'Pine Ridge Fire' });
    expect(listed.orders.map((o) => o.id)).toEqual([seven[6]!.id, ...seven.slice(0, 6).map((o) => o.id)]);
    expect(listed.orders.map((o) => o.balance)).toEqual([seven[6]!, ...seven.slice(0, 6)].map((o) => o.total));
    expect(cents(listed.outstanding)).toBe(seven.reduce((s, o) => s + cents(o.total), 0));

    // Six paid in full, the seventh only $5 of its total.
    const shares = seven.map((o, i) => ({ id: o.id, amount: i === 3 ? 5 : o.total }));
    const amount = dollars(shares.reduce((s, x) => s + cents(x.amount), 0));
    const before = await written();
    // Within the statement's window of payments received (by the day received, not the day recorded).
    const received = shopDay(new Date(Date.now() - 20 * 24 * 3600 * 1000));
    const res = await allocate({
      department_id: fire!.id,
      method: 'department_check',
      reference: 'Cheque 10442',
      amount,
      received_on: received,
      orders: shares,
    });
    expect(res.statusCode, res.body).toBe(200);
    const allocation = res.json().allocation as AllocationSummary;
    expect(allocation).toMatchObject({
      received_on: received,
      method: 'department_check',
      reference: 'Cheque 10442',
      amount,
    });
    expect(allocation.shares).toEqual(
      seven.map((o, i) => ({ order_id: o.id, order_number: o.order_number, amount: shares[i]!.amount })),
    );
    expect(await written()).toEqual({ ledger: before.ledger + 7, allocations: before.allocations + 1 });

    for (const [i, o] of seven.entries()) {
      const now = await orderOf(o.id);
      expect(now.payment.entries).toEqual([
        expect.objectContaining({
          kind: 'payment',
          method: 'department_check',
          amount: shares[i]!.amount,
          reference: 'Cheque 10442',
        }),
      ]);
      expect(now.payment.status).toBe(i === 3 ? 'partially_paid' : 'paid');
      expect(cents(now.payment.balance)).toBe(cents(o.total) - cents(shares[i]!.amount));
      expect(now.events.filter((e) => e.kind === 'payment').map((e) => e.details)).toEqual([
        `Payment of $${shares[i]!.amount.toFixed(2)} received (department check)`,
      ]);
    }

    const audit = await db.select().from(auditLog).where(eq(auditLog.kind, 'payment.allocation'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: staff.id,
      entityType: 'payment_allocation',
      entityId: String(allocation.id),
    });

    const statement = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/payments/admin/statements/${fire!.id}`,
        headers: staff.headers,
      })
    ).json().statement as Statement;
    expect(statement.orders.map((o) => o.id)).toEqual([seven[3]!.id]);
    expect(statement.payments_received).toEqual([allocation]);
  });

  it('refuses each bad row with 400 naming it, and records nothing', async () => {
    const [a, b] = [await place(crew, 2), await place(crew, 1)];
    const theirs = await place(medic, 1);
    const mine = await place(walkIn, 1);
    const base = { department_id: fire!.id, method: 'department_check', reference: 'Cheque 7' };
    const cases: [string, object, { field: string; message: string }][] = [
      [
        'shares not adding up',
        { ...base, amount: a.total + 1, orders: [{ id: a.id, amount: a.total }] },
        {
          field: 'amount',
          message: `The shares add up to $${a.total.toFixed(2)}, not the $${(a.total + 1).toFixed(2)} received`,
        },
      ],
      [
        'a share more than the order owes',
        {
          ...base,
          amount: a.total + 1 + b.total,
          orders: [
            { id: a.id, amount: a.total + 1 },
            { id: b.id, amount: b.total },
          ],
        },
        {
          field: 'orders.0.amount',
          message: `Row 1: ${a.order_number} owes $${a.total.toFixed(2)}, less than its share of $${(a.total + 1).toFixed(2)}`,
        },
      ],
      [
        "another department's order",
        {
          ...base,
          amount: a.total + theirs.total,
          orders: [
            { id: a.id, amount: a.total },
            { id: theirs.id, amount: theirs.total },
          ],
        },
        { field: 'orders.1.id', message: `Row 2: ${theirs.order_number} is not this department's account` },
      ],
      [
        "a customer's own order (not on the account)",
        { ...base, amount: mine.total, orders: [{ id: mine.id, amount: mine.total }] },
        { field: 'orders.0.id', message: `Row 1: ${mine.order_number} is not this department's account` },
      ],
      [
        'a negative share',
        {
          ...base,
          amount: 1,
          orders: [
            { id: a.id, amount: 2 },
            { id: b.id, amount: -1 },
          ],
        },
        { field: 'orders.1.amount', message: 'A share cannot be negative' },
      ],
      [
        'an order listed twice',
        {
          ...base,
          amount: 2,
          orders: [
            { id: a.id, amount: 1 },
            { id: a.id, amount: 1 },
          ],
        },
        { field: 'orders.1.id', message: 'Row 2: this order is listed twice' },
      ],
      [
        'an order that does not exist',
        { ...base, amount: 1, orders: [{ id: 2_000_000_000, amount: 1 }] },
        { field: 'orders.0.id', message: 'Row 1: no such order' },
      ],
      [
        'both parties',
        { ...base, customer_id: walkIn.id, amount: 1, orders: [{ id: a.id, amount: 1 }] },
        { field: 'department_id', message: 'Choose a department or a customer, not both' },
      ],
      [
        'a stripe payment by hand',
        { ...base, method: 'stripe', amount: 1, orders: [{ id: a.id, amount: 1 }] },
        { field: 'method', message: 'Online card payments are recorded by Stripe, not by hand' },
      ],
      [
        'a day in the future',
        { ...base, received_on: '2099-01-01', amount: 1, orders: [{ id: a.id, amount: 1 }] },
        { field: 'received_on', message: 'The day received cannot be in the future' },
      ],
      [
        'no orders',
        { ...base, amount: 1, orders: [] },
        { field: 'orders', message: 'Give at least one order a share' },
      ],
    ];
    const before = await written();
    for (const [what, body, error] of cases) {
      const res = await allocate(body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().errors, what).toContainEqual(error);
    }
    expect(await written()).toEqual(before);
    expect((await orderOf(a.id)).payment.status).toBe('unpaid');
    // A department or customer that does not exist: 404.
    const none = await allocate({
      ...base,
      department_id: 2_000_000_000,
      amount: 1,
      orders: [{ id: a.id, amount: 1 }],
    });
    expect(none.statusCode).toBe(404);
  });

  it("takes a customer's cheque for their own orders, and only staff may allocate or list", async () => {
    const [one, two] = [await place(walkIn, 1), await place(walkIn, 2)];
    const open = await openOf(`customer_id=${walkIn.id}`);
    expect(open.statusCode).toBe(200);
    expect(open.json().orders.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([one.id, two.id]));
    const body = {
      customer_id: walkIn.id,
      method: 'check',
      reference: 'Check 301',
      amount: one.total + two.total,
      orders: [
        { id: one.id, amount: one.total },
        { id: two.id, amount: two.total },
      ],
    };
    expect((await allocate(body, walkIn.headers)).statusCode).toBe(403);
    expect((await openOf(`customer_id=${walkIn.id}`, walkIn.headers)).statusCode).toBe(403);
    const res = await allocate(body);
    expect(res.statusCode, res.body).toBe(200);
    for (const o of [one, two]) expect((await orderOf(o.id)).payment.status).toBe('paid');
    expect((await openOf('')).statusCode).toBe(400);
  });

  it('random allocations keep every order account consistent: paid = its shares, balance = owed - paid', async () => {
    const pool: Order[] = [];
    for (let i = 0; i < 5; i++) pool.push(await place(medic, 1 + (i % 2)));
    const shared = new Map(pool.map((o) => [o.id, 0]));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ pick: fc.nat(pool.length - 1), cents: fc.integer({ min: -200, max: 6000 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (rows) => {
          const byId = new Map<number, number>();
          for (const r of rows) byId.set(pool[r.pick]!.id, r.cents);
          const list = [...byId.entries()].map(([id, c]) => ({ id, amount: dollars(c) }));
          const total = list.reduce((s, x) => s + cents(x.amount), 0);
          if (total <= 0) return;
          const fits = list.every(
            (x) =>
              x.amount >= 0 && cents(x.amount) <= cents(pool.find((o) => o.id === x.id)!.total) - shared.get(x.id)!,
          );
          const before = await written();
          const res = await allocate({
            department_id: ems!.id,
            method: 'department_check',
            reference: 'Random',
            amount: dollars(total),
            orders: list,
          });
          expect(res.statusCode, res.body).toBe(fits ? 200 : 400);
          if (fits) for (const x of list) shared.set(x.id, shared.get(x.id)! + cents(x.amount));
          else expect(await written()).toEqual(before);
          const ledger = await db
            .select()
            .from(payments)
            .where(inArray(payments.orderId, [...shared.keys()]));
          for (const o of pool) {
            const now = await orderOf(o.id);
            const paid = ledger.filter((l) => l.orderId === o.id).reduce((s, l) => s + l.amountCents, 0);
            expect(paid).toBe(shared.get(o.id));
            expect(cents(now.payment.amount_paid)).toBe(paid);
            expect(cents(now.payment.balance)).toBe(cents(o.total) - paid);
          }
        },
      ),
      { numRuns: 12, seed: 50 },
    );
  }, 120_000);
});
