import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../shared/orders';
import { orderEvents, orders, outbox } from '../db/schema';
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

const putStatus = (id: number, payload: object, headers = staff.headers) =>
  app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/status`, headers, payload });
const bulk = (payload: object, headers = staff.headers) =>
  app.inject({ method: 'POST', url: '/api/v1/orders/admin/bulk-status', headers, payload });
const note = (id: number, payload: object, headers = staff.headers) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/admin/${id}/notes`, headers, payload });
const get = (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('internal notes stay with staff', () => {
  it('never reach the customer answers or e-mails, and show in the staff answer', async () => {
    const u = await signedIn(app);
    const a = await newOrder(u, shipping);
    const b = await newOrder(u);
    expect(
      (await putStatus(a.id, { status: 'in_production', comments: 'Embroidery queued', internal_note: 'SECRET-A1' }))
        .statusCode,
    ).toBe(200);
    const noted = await note(a.id, { note: 'SECRET-A2 customer called twice' });
    expect(noted.statusCode).toBe(200);
    const shipped = await putStatus(a.id, {
      status: 'shipped',
      allow_unpaid: true,
      comments: 'On its way',
      internal_note: 'SECRET-A3 box was damaged',
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456780',
    });
    expect(shipped.statusCode).toBe(200);
    const denied = await putStatus(b.id, {
      status: 'denied',
      denial_reason: 'Duplicate order',
      comments: 'Please reorder in one cart',
      internal_note: 'SECRET-B1 flagged by manager',
    });
    expect(denied.statusCode).toBe(200);

    // The staff answer carries every note, the note event included.
    const staffView = (await get(`/orders/admin/${a.id}`, staff.headers)).json().order as Order;
    expect(staffView.events.map((e) => [e.kind, e.internal_note])).toEqual([
      ['status', null],
      ['status', 'SECRET-A1'],
      ['note', 'SECRET-A2 customer called twice'],
      ['status', 'SECRET-A3 box was damaged'],
    ]);
    expect(staffView.events[2]).toMatchObject({ from_status: 'in_production', to_status: 'in_production' });
    expect(shipped.json().order.events.at(-1).internal_note).toBe('SECRET-A3 box was damaged');

    // The customer's answers: the comments are there, the notes and the note event are not, not even as a key.
    const one = await get(`/orders/${a.id}`, u.headers);
    const list = await get('/orders/', u.headers);
    const cancelled = await newOrder(u);
    await note(cancelled.id, { note: 'SECRET-C1' });
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/orders/${cancelled.id}`, headers: u.headers });
    for (const res of [one, list, del]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('SECRET');
      expect(res.body).not.toContain('internal_note');
      expect(res.body).not.toContain('"kind":"note"');
    }
    const mine = one.json().order as Order;
    expect(mine.events.map((e) => e.comments)).toEqual([null, 'Embroidery queued', 'On its way']);
    expect((list.json().orders as Order[]).find((o) => o.id === b.id)!.events.at(-1)!.comments).toBe(
      'Please reorder in one cart',
    );

    // Every e-mail to the customer, text and HTML: comments yes, notes never.
    const mails = await mailsTo(app, u.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([`Order ${a.order_number} shipped`, `Order ${b.order_number} denied`]),
    );
    for (const m of mails) {
      expect(m.textBody + m.htmlBody).not.toContain('SECRET');
    }
    const shippedMail = mails.find((m) => m.subject === `Order ${a.order_number} shipped`)!;
    expect(shippedMail.textBody).toContain('Comments: On its way');
    expect(mails.find((m) => m.subject === `Order ${b.order_number} denied`)!.textBody).toContain(
      'Comments: Please reorder in one cart',
    );
  });
});

describe('POST /orders/admin/:id/notes', () => {
  it('adds a note at any status without moving the order, and refuses an empty or long note', async () => {
    const o = await newOrder();
    await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, o.id));
    const res = await note(o.id, { note: '  Reprint the sleeve next time  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('completed');
    expect(res.json().order.events.at(-1)).toMatchObject({
      kind: 'note',
      from_status: 'completed',
      to_status: 'completed',
      actor_type: 'staff',
      actor_email: staff.email,
      internal_note: 'Reprint the sleeve next time',
      comments: null,
    });
    const before = await eventCount([o.id]);
    for (const [payload, message] of [
      [{ note: '   ' }, 'Write a note'],
      [{}, 'Write a note'],
      [{ note: 'x'.repeat(2001) }, 'The note must be at most 2000 characters'],
    ] as const) {
      const bad = await note(o.id, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toContainEqual({ field: 'note', message });
    }
    expect(await eventCount([o.id])).toBe(before);
    expect((await note(999999, { note: 'lost' })).statusCode).toBe(404);
  });
});

describe('shipping with a carrier and tracking number', () => {
  it('needs the tracking number, then shows carrier and tracking link to the customer', async () => {
    const u = await signedIn(app);
    const o = await newOrder(u, shipping);
    await putStatus(o.id, { status: 'in_production' });
    const missing = await putStatus(o.id, { status: 'shipped', carrier: 'UPS', tracking_number: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({ field: 'tracking_number', message: 'Enter the tracking number' });
    expect((await db.select().from(orders).where(eq(orders.id, o.id)))[0]!.status).toBe('in_production');

    // A number typed as printed, in groups: spaces and dashes go, so the link works; a UPS number must look like one.
    const wrong = await putStatus(o.id, {
      status: 'shipped',
      carrier: 'ups',
      tracking_number: '1Z 999',
      allow_unpaid: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toContainEqual({
      field: 'tracking_number',
      message: 'A UPS tracking number is 1Z followed by 16 letters and digits',
    });
    const ok = await putStatus(o.id, {
      status: 'shipped',
      carrier: 'UPS',
      tracking_number: ' 1z 999 aa1-0123 4567 84 ',
      allow_unpaid: true,
    });
    expect(ok.statusCode).toBe(200);
    const mine = (await get(`/orders/${o.id}`, u.headers)).json().order as Order;
    expect(mine).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const mail = (await mailsTo(app, u.email)).find((m) => m.subject === `Order ${o.order_number} shipped`)!;
    expect(mail.textBody).toContain('Carrier: UPS');
    expect(mail.textBody).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail.textBody).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    const other = await newOrder(u, shipping);
    await putStatus(other.id, { status: 'in_production' });
    await putStatus(other.id, {
      status: 'shipped',
      carrier: 'Valley Courier',
      tracking_number: 'VC-17',
      allow_unpaid: true,
    });
    // Another carrier's numbers have no format to match: normalised, letters and digits only.
    expect((await get(`/orders/${other.id}`, u.headers)).json().order).toMatchObject({
      carrier: 'Valley Courier',
      tracking_number: 'VC17',
      tracking_url: null,
    });
    // A pickup order has nothing to track.
    expect((await get(`/orders/${(await newOrder(u)).id}`, u.headers)).json().order).toMatchObject({
      carrier: null,
      tracking_number: null,
      tracking_url: null,
    });
  });
});

async function eventCount(ids: number[]) {
  const [r] = await db.select({ n: count() }).from(orderEvents).where(inArray(orderEvents.orderId, ids));
  return Number(r!.n);
}

/** Orders written straight to the database: the bulk test needs 130 of them in chosen statuses. */
async function seedOrders(statuses: OrderStatus[]) {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  return db
    .insert(orders)
    .values(
      statuses.map((status, i) => ({
        orderNumber: `BULK-${stamp}-${i}`,
        userId: customer.id,
        placedBy: customer.id,
        status,
        fulfillment: 'pickup' as const,
        subtotalCents: 1000,
        taxCents: 0,
        taxRatePpm: 0,
        shippingCents: 0,
        totalCents: 1000,
      })),
    )
    .returning();
}

describe('POST /orders/admin/bulk-status', () => {
  it('moves exactly the legal orders of 150 and reports exactly the others by number', async () => {
    const statuses: OrderStatus[] = [
      ...Array<OrderStatus>(80).fill('pending'),
      ...Array<OrderStatus>(20).fill('completed'),
      ...Array<OrderStatus>(20).fill('cancelled'),
      ...Array<OrderStatus>(10).fill('in_production'),
    ];
    const rows = await seedOrders(statuses);
    const unknown = Array.from({ length: 20 }, (_, i) => 900_000 + i);
    // Interleaved so a failure in the middle of the list must not stop or undo what follows.
    const ids = [...rows.map((r) => r.id), ...unknown].sort((x, y) => ((x * 7919) % 151) - ((y * 7919) % 151) || x - y);
    expect(ids).toHaveLength(150);
    const mailsBefore = (await db.select({ n: count() }).from(outbox))[0]!.n;

    const res = await bulk({
      order_ids: ids,
      status: 'in_production',
      comments: 'Started today',
      internal_note: 'Batch 17',
    });
    expect(res.statusCode).toBe(200);
    const { updated, failed } = res.json() as {
      updated: number[];
      failed: { id: number; order_number: string | null; detail: string }[];
    };
    const byId = new Map(rows.map((r) => [r.id, r]));
    const legal = ids.filter((id) => byId.get(id)?.status === 'pending');
    expect(updated).toEqual(legal);
    expect(failed).toEqual(
      ids
        .filter((id) => !legal.includes(id))
        .map((id) => {
          const r = byId.get(id);
          if (!r) return { id, order_number: null, detail: 'Order not found' };
          const why =
            r.status === 'in_production'
              ? 'Allowed next: ready for pickup, pending, cancelled.'
              : 'It cannot change any more.';
          return {
            id,
            order_number: r.orderNumber,
            detail: `Cannot change an order from ${r.status.replace('_', ' ')} to in production. ${why}`,
          };
        }),
    );
    expect(failed).toHaveLength(70);

    const after = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          rows.map((r) => r.id),
        ),
      );
    for (const r of after) {
      expect(r.status, r.orderNumber).toBe(
        byId.get(r.id)!.status === 'pending' ? 'in_production' : byId.get(r.id)!.status,
      );
    }
    const events = await db
      .select()
      .from(orderEvents)
      .where(
        inArray(
          orderEvents.orderId,
          rows.map((r) => r.id),
        ),
      );
    expect(events.map((e) => e.orderId).sort((x, y) => x - y)).toEqual([...legal].sort((x, y) => x - y));
    expect(events.every((e) => e.comments === 'Started today' && e.internalNote === 'Batch 17')).toBe(true);
    expect(events.every((e) => e.actorEmail === staff.email && e.fromStatus === 'pending')).toBe(true);
    // In production sends no e-mail, so nothing was queued for the 80 orders.
    expect((await db.select({ n: count() }).from(outbox))[0]!.n).toBe(mailsBefore);
  });

  it('sends each moved order its own e-mail (bulk to ready for pickup)', async () => {
    const u = await signedIn(app);
    const a = await newOrder(u);
    const b = await newOrder(u);
    await bulk({ order_ids: [a.id, b.id], status: 'in_production' });
    const res = await bulk({ order_ids: [a.id, b.id], status: 'ready_for_pickup', internal_note: 'SECRET-shelf 4' });
    expect(res.json()).toEqual({ success: true, updated: [a.id, b.id], failed: [] });
    const mails = (await mailsTo(app, u.email)).filter((m) => m.subject.endsWith('ready for pickup'));
    expect(mails.map((m) => m.subject)).toEqual([
      `Order ${a.order_number} ready for pickup`,
      `Order ${b.order_number} ready for pickup`,
    ]);
    expect(mails.every((m) => !(m.textBody + m.htmlBody).includes('SECRET'))).toBe(true);
  });

  it('changes nothing on a 400: empty, over 200, duplicate, bad status, shipped, denial without reason', async () => {
    const rows = await seedOrders(Array<OrderStatus>(201).fill('pending'));
    const ids = rows.map((r) => r.id);
    const cases: [object, string, string][] = [
      [{ order_ids: [], status: 'in_production' }, 'order_ids', 'Choose at least one order'],
      [{ status: 'in_production' }, 'order_ids', 'Choose at least one order'],
      [{ order_ids: ids, status: 'in_production' }, 'order_ids', 'At most 200 orders at a time'],
      [{ order_ids: [ids[0], ids[1], ids[0]], status: 'in_production' }, 'order_ids', 'Each order may be listed once'],
      [{ order_ids: [ids[0]], status: 'finished' }, 'status', 'Unknown order status'],
      [
        { order_ids: [ids[0]], status: 'shipped' },
        'status',
        'Mark shipped orders one at a time with their tracking number',
      ],
      [{ order_ids: [ids[0]], status: 'denied' }, 'denial_reason', 'A denial reason is required'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    const still = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids));
    expect(still.every((r) => r.status === 'pending')).toBe(true);
    expect(await eventCount(ids)).toBe(0);
  });

  it('is for staff: employee yes, customer 403, guest 401', async () => {
    const [o] = await seedOrders(['pending']);
    expect((await bulk({ order_ids: [o!.id], status: 'in_production' }, customer.headers)).statusCode).toBe(403);
    expect((await bulk({ order_ids: [o!.id], status: 'in_production' }, json)).statusCode).toBe(401);
    expect((await note(o!.id, { note: 'hi' }, customer.headers)).statusCode).toBe(403);
    expect((await note(o!.id, { note: 'hi' }, json)).statusCode).toBe(401);
    expect(await eventCount([o!.id])).toBe(0);
    const res = await bulk({ order_ids: [o!.id], status: 'in_production' });
    expect(res.json()).toEqual({ success: true, updated: [o!.id], failed: [] });
    expect((await note(o!.id, { note: 'hi' })).statusCode).toBe(200);
  });
});
