import { count, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import type { ShipmentResult } from '../../shared/shipments';
import { orderEvents, orders, outbox } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn, type SignedIn } from '../test/users';
import { fillCart, shipping } from '../test/orders';

// One label stuck on two parcels is a lost parcel: a tracking number another order already has is refused with that
// order's number (409 TRACKING_IN_USE, or the row's problem in a bulk ship) until staff confirm it (one box, two orders).

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app, 'other');

async function onTheMachines(user: SignedIn, n: number): Promise<Order[]> {
  const made: Order[] = [];
  for (let i = 0; i < n; i += 1) {
    await fillCart(app, user.id, [{ quantity: 1 }]);
    const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: shipping });
    expect(res.statusCode, res.body).toBe(201);
    made.push(res.json().order as Order);
  }
  const ids = made.map((o) => o.id);
  await db.update(orders).set({ status: 'in_production' }).where(inArray(orders.id, ids));
  return made;
}
const shipOne = (id: number, tracking: string, confirm?: boolean) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/orders/${id}/status`,
    headers: staff.headers,
    payload: {
      status: 'shipped',
      carrier: 'UPS',
      tracking_number: tracking,
      allow_unpaid: true,
      ...(confirm === undefined ? {} : { allow_tracking_reuse: confirm }),
    },
  });
const shipMany = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/orders/admin/shipments', headers: staff.headers, payload });
const stateOf = async (ids: number[]) =>
  (
    await db
      .select({ id: orders.id, status: orders.status, tracking: orders.trackingNumber })
      .from(orders)
      .where(inArray(orders.id, ids))
  ).sort((a, b) => a.id - b.id);
const written = async () => {
  const [e] = await db.select({ n: count() }).from(orderEvents);
  const [m] = await db.select({ n: count() }).from(outbox);
  return [Number(e!.n), Number(m!.n)];
};

describe('a tracking number already on another order', () => {
  it('single ship: 409 naming the other order, nothing changed; shipped when staff confirm', async () => {
    const [first, second] = await onTheMachines(customer, 2);
    const label = '1Z999AA10123459001';
    expect((await shipOne(first!.id, label)).statusCode).toBe(200);

    const before = await written();
    // Typed as the label prints it, in small letters: still the same number.
    const refused = await shipOne(second!.id, '1z 999 aa1 0123 4590 01');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TRACKING_IN_USE' });
    expect(refused.json().message).toBe(
      `Tracking number ${label} is already on order ${first!.order_number}. Check the label, or confirm to use it again.`,
    );
    expect(await written()).toEqual(before);
    expect((await stateOf([second!.id]))[0]).toMatchObject({ status: 'in_production', tracking: null });
    expect((await shipOne(second!.id, label, false)).statusCode).toBe(409);

    const allowed = await shipOne(second!.id, label, true);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await stateOf([first!.id, second!.id])).toEqual([
      { id: first!.id, status: 'shipped', tracking: label },
      { id: second!.id, status: 'shipped', tracking: label },
    ]);
  });

  it("an order's own number is no conflict: shipped again after a step back with the same label", async () => {
    const [order] = await onTheMachines(customer, 1);
    const label = '1Z999AA10123459002';
    expect((await shipOne(order!.id, label)).statusCode).toBe(200);
    await db
      .update(orders)
      .set({ status: 'in_production' })
      .where(inArray(orders.id, [order!.id]));
    const again = await shipOne(order!.id, label);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('bulk ship: the row is flagged in the preview and refused on apply, the others ship; all ship when confirmed', async () => {
    const [earlier, reuse, fresh, alsoReuse] = await onTheMachines(customer, 4);
    const label = '1Z999AA10123459003';
    expect((await shipOne(earlier!.id, label)).statusCode).toBe(200);
    const rows = [
      { order_number: reuse!.order_number, carrier: 'UPS', tracking_number: label },
      { order_number: fresh!.order_number, carrier: 'UPS', tracking_number: '1Z999AA10123459004' },
    ];
    const before = await written();
    const preview = (await shipMany({ rows, allow_unpaid: true })).json();
    expect(preview).toMatchObject({ applied: false, ready: 1, shipped: 0 });
    expect(preview.rows.map((r: ShipmentResult) => [r.code, r.problem])).toEqual([
      [
        'TRACKING_IN_USE',
        `Tracking number ${label} is already on order ${earlier!.order_number}. Check the label, or confirm to use it again.`,
      ],
      [null, null],
    ]);
    expect(await written()).toEqual(before);

    const applied = (await shipMany({ rows, allow_unpaid: true, apply: true })).json();
    expect(applied).toMatchObject({ applied: true, shipped: 1 });
    expect(applied.rows[0]).toMatchObject({ code: 'TRACKING_IN_USE', shipped: false });
    expect((await stateOf([reuse!.id, fresh!.id])).map((r) => r.status)).toEqual(['in_production', 'shipped']);

    // Confirmed: the reused label ships, and a number now on two orders names both.
    const confirmed = (
      await shipMany({ rows: [rows[0]], allow_unpaid: true, allow_tracking_reuse: true, apply: true })
    ).json();
    expect(confirmed).toMatchObject({ applied: true, shipped: 1 });
    expect((await stateOf([reuse!.id]))[0]).toMatchObject({ status: 'shipped', tracking: label });
    const third = (
      await shipMany({
        rows: [{ order_number: alsoReuse!.order_number, carrier: 'UPS', tracking_number: label }],
        allow_unpaid: true,
      })
    ).json();
    expect(third.rows[0].problem).toBe(
      `Tracking number ${label} is already on order ${earlier!.order_number}, ${reuse!.order_number}. Check the label, or confirm to use it again.`,
    );
  });

  it('single ship: an unpaid order with a label already used is refused once with both warnings; each confirmation alone ships nothing', async () => {
    const [earlier, both] = await onTheMachines(customer, 2);
    const label = '1Z999AA10123459204';
    expect((await shipOne(earlier!.id, label)).statusCode).toBe(200);
    const owes = `${both!.order_number} owes $${both!.total.toFixed(2)}. Record the payment first, or confirm to ship it unpaid.`;
    const reused = `Tracking number ${label} is already on order ${earlier!.order_number}. Check the label, or confirm to use it again.`;
    const ship = (confirms: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${both!.id}/status`,
        headers: staff.headers,
        payload: { status: 'shipped', carrier: 'UPS', tracking_number: label, ...confirms },
      });

    const before = await written();
    const refused = await ship({});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'UNPAID_BALANCE',
      message: `${owes} ${reused}`,
      warnings: [
        { code: 'UNPAID_BALANCE', message: owes },
        { code: 'TRACKING_IN_USE', message: reused },
      ],
    });
    for (const confirm of [{ allow_unpaid: true }, { allow_tracking_reuse: true }]) {
      const one = await ship(confirm);
      expect(one.statusCode).toBe(409);
      expect(one.json().warnings).toEqual([
        confirm.allow_unpaid ? { code: 'TRACKING_IN_USE', message: reused } : { code: 'UNPAID_BALANCE', message: owes },
      ]);
    }
    expect(await written()).toEqual(before);

    const shipped = await ship({ allow_unpaid: true, allow_tracking_reuse: true });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await stateOf([both!.id]))[0]).toMatchObject({ status: 'shipped', tracking: label });
  });

  it('bulk ship: an unpaid order with a label already used shows both warnings in one check; ships once both are confirmed', async () => {
    const [earlier, both] = await onTheMachines(customer, 2);
    const label = '1Z999AA10123459105';
    expect((await shipOne(earlier!.id, label)).statusCode).toBe(200);
    const rows = [{ order_number: both!.order_number, carrier: 'UPS', tracking_number: label }];
    const owes = `${both!.order_number} owes $${both!.total.toFixed(2)}. Record the payment first, or confirm to ship it unpaid.`;
    const reused = `Tracking number ${label} is already on order ${earlier!.order_number}. Check the label, or confirm to use it again.`;

    const preview = (await shipMany({ rows })).json();
    expect(preview).toMatchObject({ applied: false, ready: 0 });
    expect(preview.rows[0]).toMatchObject({
      code: 'UNPAID_BALANCE',
      problem: `${owes} ${reused}`,
      warnings: [
        { code: 'UNPAID_BALANCE', message: owes },
        { code: 'TRACKING_IN_USE', message: reused },
      ],
    });
    // Each confirmation alone leaves the other warning, and nothing ships.
    for (const confirm of [{ allow_unpaid: true }, { allow_tracking_reuse: true }]) {
      const one = (await shipMany({ rows, ...confirm, apply: true })).json();
      expect(one).toMatchObject({ applied: true, shipped: 0 });
      expect(one.rows[0].warnings).toHaveLength(1);
      expect(one.rows[0].warnings[0].code).toBe(confirm.allow_unpaid ? 'TRACKING_IN_USE' : 'UNPAID_BALANCE');
    }
    expect((await stateOf([both!.id]))[0]!.status).toBe('in_production');

    const shipped = (await shipMany({ rows, allow_unpaid: true, allow_tracking_reuse: true, apply: true })).json();
    expect(shipped).toMatchObject({ applied: true, shipped: 1 });
    expect(shipped.rows[0]).toMatchObject({ problem: null, code: null, warnings: [], shipped: true });
    expect((await stateOf([both!.id]))[0]).toMatchObject({ status: 'shipped', tracking: label });
  });
});
