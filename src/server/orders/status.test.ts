import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextStatuses, ORDER_STATUSES, reasonRequiredFor, type Order, type OrderStatus } from '../../shared/orders';
import { orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';
import { fillCart, mailsTo, pickup, shipping } from '../test/orders';

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app);

async function newOrder(user: SignedIn = customer, body: object = pickup) {
  await fillCart(app, user.id, [{ quantity: 1 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}

const setStatus = (id: number, status: OrderStatus) => db.update(orders).set({ status }).where(eq(orders.id, id));
const put = (id: number, payload: object, headers = staff.headers) =>
  app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/status`, headers, payload });

describe('PUT /orders/:id/status follows the state machine', () => {
  it('allows every listed transition and refuses every other one with 409 naming both states', async () => {
    const pickupOrder = await newOrder();
    const shippedOrder = await newOrder(customer, shipping);
    let allowed = 0;
    let refused = 0;
    for (const [order, fulfillment] of [
      [pickupOrder, 'pickup'],
      [shippedOrder, 'shipping'],
    ] as const) {
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          await setStatus(order.id, from);
          const res = await put(order.id, {
            status: to,
            denial_reason:
              to === 'denied' ? 'Over budget' : reasonRequiredFor(from, to) ? 'Customer called' : undefined,
            tracking_number: to === 'shipped' ? '1Z999AA10123456784' : undefined,
            // The order owes its total: the state machine is the subject here (UNPAID_BALANCE has its own tests).
            allow_unpaid: true,
          });
          if (nextStatuses(from, fulfillment).includes(to)) {
            expect(res.statusCode, `${from} -> ${to}`).toBe(200);
            expect(res.json().order.status).toBe(to);
            allowed++;
          } else {
            expect(res.statusCode, `${from} -> ${to}`).toBe(409);
            expect(res.json().detail).toContain(`from ${from.replace(/_/g, ' ')} to ${to.replace(/_/g, ' ')}`);
            refused++;
          }
        }
      }
    }
    // Per fulfilment: awaiting 3 + pending 3 + in production 3 (on, back, cancel) + ready 1 + shipped 1 = 11; the
    // rest of the 2 x 64 pairs are refused.
    expect(allowed).toBe(22);
    expect(refused).toBe(128 - 22);
  });

  it('records who changed what, with comments, in the timeline', async () => {
    const o = await newOrder();
    await put(o.id, { status: 'in_production', comments: 'Embroidery queued' });
    const res = await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${o.id}`, headers: staff.headers });
    const order = res.json().order;
    expect(order.customer).toMatchObject({ id: customer.id, email: customer.email });
    expect(order.events.at(-1)).toMatchObject({
      from_status: 'pending',
      to_status: 'in_production',
      actor_type: 'staff',
      actor_email: staff.email,
      comments: 'Embroidery queued',
    });
    // The customer sees that staff acted, not the staff member's address.
    const mine = (await app.inject({ method: 'GET', url: `/api/v1/orders/${o.id}`, headers: customer.headers })).json()
      .order;
    expect(mine.events.at(-1)).toMatchObject({ actor_type: 'staff', actor_email: null });
  });

  it('needs a denial reason to deny and keeps it on the order', async () => {
    const o = await newOrder();
    const missing = await put(o.id, { status: 'denied' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('A denial reason is required');
    const ok = await put(o.id, { status: 'denied', denial_reason: 'Wrong colour for the station' });
    expect(ok.json().order).toMatchObject({ status: 'denied', denial_reason: 'Wrong colour for the station' });
  });

  it('mails the customer on denied, ready for pickup and shipped, not on in production', async () => {
    const u = await signedIn(app);
    const a = await newOrder(u);
    await put(a.id, { status: 'in_production' });
    await put(a.id, { status: 'ready_for_pickup' });
    const b = await newOrder(u, shipping);
    await put(b.id, { status: 'in_production' });
    await put(b.id, {
      status: 'shipped',
      carrier: 'USPS',
      tracking_number: '9400100000000000000000',
      allow_unpaid: true,
    });
    const c = await newOrder(u);
    await put(c.id, { status: 'denied', denial_reason: 'Duplicate order' });
    const mails = (await mailsTo(app, u.email)).filter((m) => !m.subject.endsWith('received'));
    expect(mails.map((m) => m.subject)).toEqual([
      `Order ${a.order_number} ready for pickup`,
      `Order ${b.order_number} shipped`,
      `Order ${c.order_number} denied`,
    ]);
    // The status in the customer's words, as the badge in My Orders says it.
    expect(mails.map((m) => /^Status: (.*)$/m.exec(m.textBody)?.[1])).toEqual([
      'Ready for pickup',
      'Shipped',
      'Denied by the shop',
    ]);
  });

  it('is for staff only and answers 404 for an unknown order', async () => {
    const o = await newOrder();
    expect((await put(o.id, { status: 'in_production' }, customer.headers)).statusCode).toBe(403);
    expect((await put(o.id, { status: 'in_production' }, json)).statusCode).toBe(401);
    const missing = await put(999999, { status: 'in_production' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Order not found');
  });
});

describe("a customer's own orders", () => {
  it('lists only my orders, newest first', async () => {
    const u = await signedIn(app);
    const first = await newOrder(u);
    const second = await newOrder(u);
    const res = await app.inject({ method: 'GET', url: '/api/v1/orders/', headers: u.headers });
    expect(res.json().orders.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    expect((await app.inject({ method: 'GET', url: '/api/v1/orders', headers: u.headers })).statusCode).toBe(200);
  });

  it("cannot see, cancel or modify another customer's order (404, never data)", async () => {
    const owner = await signedIn(app);
    const other = await signedIn(app);
    const o = await newOrder(owner);
    await setStatus(o.id, 'denied');
    for (const req of [
      { method: 'GET' as const, url: `/api/v1/orders/${o.id}` },
      { method: 'DELETE' as const, url: `/api/v1/orders/${o.id}` },
      { method: 'POST' as const, url: `/api/v1/orders/${o.id}/modify`, payload: {} },
    ]) {
      const res = await app.inject({ ...req, headers: other.headers });
      expect(res.statusCode, req.method).toBe(404);
      expect(res.json()).toMatchObject({ success: false, detail: 'Order not found' });
      expect(res.body).not.toContain(o.order_number);
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/orders/admin/all', headers: other.headers })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${o.id}`, headers: other.headers })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/orders/', headers: json })).statusCode).toBe(401);
  });

  it('cancels while awaiting approval or pending, and refuses once production started', async () => {
    const u = await signedIn(app);
    for (const [status, code] of [
      ['awaiting_approval', 200],
      ['pending', 200],
      ['in_production', 409],
      ['denied', 409],
      ['cancelled', 409],
    ] as const) {
      const o = await newOrder(u);
      await setStatus(o.id, status);
      const res = await app.inject({ method: 'DELETE', url: `/api/v1/orders/${o.id}`, headers: u.headers });
      expect(res.statusCode, status).toBe(code);
      if (code === 200) expect(res.json().order.status).toBe('cancelled');
      else expect(res.json().detail).toContain('can no longer be cancelled');
    }
  });
});

describe('POST /orders/:id/modify', () => {
  it('resubmits a denied department order as a new order awaiting approval, linked both ways', async () => {
    const u = await signedIn(app, 'other', { email: `ff-${Date.now()}@dvfire.gov` });
    const old = await newOrder(u);
    expect(old.status).toBe('awaiting_approval');
    await setStatus(old.id, 'denied');
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${old.id}/modify`,
      headers: u.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().order;
    expect(created).toMatchObject({
      status: 'awaiting_approval',
      modified_from_order_id: old.id,
      modified_from_order_number: old.order_number,
    });
    const oldNow = (await app.inject({ method: 'GET', url: `/api/v1/orders/${old.id}`, headers: u.headers })).json()
      .order;
    expect(oldNow).toMatchObject({
      status: 'denied',
      replaced_by_order_id: created.id,
      replaced_by_order_number: created.order_number,
    });
    expect(created.items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity])).toEqual(
      oldNow.items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity]),
    );
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${old.id}/modify`,
      headers: u.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This order was already modified and resubmitted');
    const approverMails = await mailsTo(app, 'quartermaster@dvfire.gov');
    expect(approverMails.at(-1)!.subject).toBe(`Approval needed: order ${created.order_number}`);
  });

  it('takes changed lines, prices them today, and refuses orders that are not denied', async () => {
    const u = await signedIn(app);
    const old = await newOrder(u);
    const notDenied = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${old.id}/modify`,
      headers: u.headers,
      payload: {},
    });
    expect(notDenied.statusCode).toBe(409);
    expect(notDenied.json().detail).toBe('Only a denied order can be modified');
    await setStatus(old.id, 'denied');
    const before = (await app.inject({ method: 'GET', url: `/api/v1/orders/${old.id}`, headers: u.headers })).json()
      .order;
    const item = before.items[0];
    const badName = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${old.id}/modify`,
      headers: u.headers,
      payload: {
        items: [
          {
            product_id: item.product_id,
            size: item.size,
            quantity: 1,
            customizations: [{ type: 'add_name', position: 'left_side', text: '' }],
          },
        ],
      },
    });
    expect(badName.statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${old.id}/modify`,
      headers: u.headers,
      payload: {
        items: [
          {
            product_id: item.product_id,
            size: item.size,
            quantity: 4,
            customizations: [{ type: 'add_name', position: 'right_side', text: 'GARCIA' }],
            unit_base_price: 0.01,
          },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().order;
    expect(created.status).toBe('pending');
    expect(created.items).toHaveLength(1);
    expect(created.items[0]).toMatchObject({
      quantity: 4,
      unit_base_price: item.unit_base_price,
      unit_customization_price: 6,
    });
    expect(created.items[0].customizations).toEqual([
      { type: 'add_name', label: 'Embroidered name', position: 'right_side', text: 'GARCIA', cost: 6 },
    ]);
    expect(created.subtotal).toBeCloseTo((item.unit_base_price + 6) * 4, 2);
  });
});

describe('GET /orders/admin/all', () => {
  it('pages, filters by status, searches by number or customer, and counts every status', async () => {
    const named = await signedIn(app, 'other', { firstName: 'Zelda', lastName: 'Quartz' });
    const mine = [await newOrder(named), await newOrder(named), await newOrder(named)];
    await setStatus(mine[0]!.id, 'in_production');
    const get = (q: string) =>
      app.inject({ method: 'GET', url: `/api/v1/orders/admin/all${q}`, headers: staff.headers });

    const all = (await get('')).json();
    const total = await db.$count(orders);
    expect(all.total).toBe(total);
    expect(all.counts.all).toBe(total);
    expect(all.counts.in_production).toBe(await db.$count(orders, eq(orders.status, 'in_production')));
    expect(all.counts.pending).toBe(await db.$count(orders, eq(orders.status, 'pending')));
    expect(all.orders[0].id).toBe(mine[2]!.id);
    expect(all.orders[0].customer).toMatchObject({ email: named.email, first_name: 'Zelda', last_name: 'Quartz' });

    const paged = (await get('?limit=2&offset=1')).json();
    expect(paged.orders.map((o: { id: number }) => o.id)).toEqual([mine[1]!.id, mine[0]!.id]);

    const prod = (await get('?status=in_production')).json();
    expect(prod.orders.every((o: { status: string }) => o.status === 'in_production')).toBe(true);
    expect(prod.total).toBe(all.counts.in_production);

    expect((await get('?search=zelda%20qu')).json().orders.map((o: { id: number }) => o.id)).toEqual(
      mine.map((o) => o.id).reverse(),
    );
    expect((await get(`?search=${encodeURIComponent(named.email.toUpperCase())}`)).json().total).toBe(3);
    const byNumber = (await get(`?search=${mine[1]!.order_number}`)).json();
    expect(byNumber).toMatchObject({ total: 1, orders: [{ id: mine[1]!.id }] });
    expect((await get('?search=%25')).json().total).toBe(0);
  });

  it('answers summaries: what the table shows, not the lines and timeline of every order', async () => {
    const o = await newOrder();
    const [row] = (
      await app.inject({ method: 'GET', url: '/api/v1/orders/admin/all?limit=1', headers: staff.headers })
    ).json().orders;
    expect(row).toEqual({
      id: o.id,
      order_number: o.order_number,
      status: o.status,
      created_at: o.created_at,
      updated_at: o.updated_at,
      item_count: o.item_count,
      total: o.total,
      fulfillment: 'pickup',
      requires_approval: false,
      department_name: null,
      po_number: null,
      due_date: o.due_date,
      customer: {
        id: customer.id,
        email: customer.email,
        first_name: expect.any(String),
        last_name: expect.any(String),
        phone: expect.anything(),
      },
      payment_status: 'unpaid',
      payment_method: 'pickup',
      balance: o.total,
    });
  });

  it('keeps every status count exact through inserts, status changes, deletions and rolled-back writes', async () => {
    const counted = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/orders/admin/all?limit=1', headers: staff.headers })).json()
        .counts;
    const actual = async () => {
      const rows = await db.select({ status: orders.status }).from(orders);
      const c: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
      for (const r of rows) c[r.status]! += 1;
      return { ...c, all: rows.length };
    };
    const a = await newOrder();
    const b = await newOrder();
    await setStatus(a.id, 'in_production');
    await setStatus(a.id, 'in_production');
    await setStatus(b.id, 'cancelled');
    expect(await counted()).toEqual(await actual());
    await db
      .transaction(async (tx) => {
        await tx.update(orders).set({ status: 'completed' }).where(eq(orders.id, a.id));
        tx.rollback();
      })
      .catch(() => {});
    expect(await counted()).toEqual(await actual());
    await db.delete(orders).where(eq(orders.id, b.id));
    expect(await counted()).toEqual(await actual());
  });
});
