import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus, OrderSummary } from '../../shared/orders';
import { orders, settings } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, mailsTo, pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// Due dates end to end through the API (docs/product.md#due-dates). The clock is Thursday, November 26, 2026,
// 10:00 in Phoenix: with the default lead time of 5 working days the earliest day is Thursday, December 3.
const { app } = await createTestApp();
const db = app.deps.db;
app.deps.now = () => new Date('2026-11-26T17:00:00Z');
const TODAY = '2026-11-26';
const EARLIEST = '2026-12-03';
const TOO_EARLY = 'The earliest we can have it ready is Thu, Dec 3, 2026';
const staff = await signedIn(app, 'employee');
const admin = await signedIn(app, 'admin');

async function place(user: SignedIn, body: object = pickup) {
  await fillCart(app, user.id, [{ quantity: 1 }]);
  return app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: body });
}

async function placed(user: SignedIn, body: object = pickup): Promise<Order> {
  const res = await place(user, body);
  expect(res.statusCode).toBe(201);
  return res.json().order as Order;
}

const setRow = (id: number, set: { status?: OrderStatus; dueDate?: string }) =>
  db.update(orders).set(set).where(eq(orders.id, id));

describe('checkout: "Need it by"', () => {
  it('without a date, the order is due on the earliest day: today plus the lead time in working days', async () => {
    const u = await signedIn(app);
    const order = await placed(u);
    expect(order.due_date).toBe(EARLIEST);
    const mine = await app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: u.headers });
    expect(mine.json().order.due_date).toBe(EARLIEST);
    const staffView = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/${order.id}`,
      headers: staff.headers,
    });
    expect(staffView.json().order.due_date).toBe(EARLIEST);
    // An empty box is no date.
    expect((await placed(u, { ...pickup, due_date: '' })).due_date).toBe(EARLIEST);
  });

  it('keeps a day the customer asks for from the earliest day on, and the order mail shows it', async () => {
    const u = await signedIn(app);
    expect((await placed(u, { ...pickup, due_date: EARLIEST })).due_date).toBe(EARLIEST);
    const later = await placed(u, { ...pickup, due_date: '2027-01-15' });
    expect(later.due_date).toBe('2027-01-15');
    const received = (await mailsTo(app, u.email)).find((m) => m.subject === `Order ${later.order_number} received`)!;
    expect(received.textBody).toContain('Ready by (estimate): Fri, Jan 15, 2027');
    expect(received.htmlBody).toContain('Ready by (estimate): Fri, Jan 15, 2027');
  });

  it.each([
    ['inside the lead time', '2026-12-02'],
    ['today', TODAY],
    ['in the past', '2026-11-20'],
  ])('refuses a day %s with 400 naming the earliest day, and changes nothing', async (_, day) => {
    const u = await signedIn(app);
    const res = await place(u, { ...pickup, due_date: day });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'DUE_DATE_TOO_EARLY',
      detail: TOO_EARLY,
      message: TOO_EARLY,
      errors: [{ field: 'due_date', message: TOO_EARLY }],
    });
    expect(await db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(0);
  });

  it.each(['2026-02-30', '12/03/2026', 'next week', 20261203])('refuses a malformed date %j with 400', async (day) => {
    const u = await signedIn(app);
    const res = await place(u, { ...pickup, due_date: day });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().errors).toEqual([{ field: 'due_date', message: 'Dates are written YYYY-MM-DD' }]);
    expect(await db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(0);
  });

  it.each(['9999-12-31', '2101-01-01'])(
    'refuses a due date past 2100, %s, with 400 (security round 4, finding 7)',
    async (day) => {
      const u = await signedIn(app);
      const res = await place(u, { ...pickup, due_date: day });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'due_date', message: 'Dates must be between 2000-01-01 and 2100-12-31' },
      ]);
      expect(await db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(0);
    },
  );

  it('a denied order resubmitted keeps its due date while the lead time allows it, else takes the new earliest', async () => {
    const u = await signedIn(app);
    const keep = await placed(u, { ...pickup, due_date: '2026-12-18' });
    const tooSoonNow = await placed(u);
    await setRow(tooSoonNow.id, { dueDate: '2026-11-30' });
    for (const o of [keep, tooSoonNow]) await setRow(o.id, { status: 'denied' });
    const modify = (id: number) =>
      app.inject({ method: 'POST', url: `/api/v1/orders/${id}/modify`, headers: u.headers, payload: {} });
    const kept = await modify(keep.id);
    expect(kept.statusCode).toBe(201);
    expect(kept.json().order.due_date).toBe('2026-12-18');
    const moved = await modify(tooSoonNow.id);
    expect(moved.statusCode).toBe(201);
    expect(moved.json().order.due_date).toBe(EARLIEST);
  });
});

describe('PUT /orders/admin/:id/due-date', () => {
  const put = (id: number, payload: object, headers = staff.headers) =>
    app.inject({ method: 'PUT', url: `/api/v1/orders/admin/${id}/due-date`, headers, payload });

  it('staff move the day, even inside the lead time: an event with old, new and who, and a mail to the customer', async () => {
    const u = await signedIn(app);
    const order = await placed(u);
    const res = await put(order.id, { due_date: '2026-11-30', comments: 'We can squeeze it in on Monday.' });
    expect(res.statusCode).toBe(200);
    const answer = res.json().order as Order;
    expect(answer.due_date).toBe('2026-11-30');
    expect(answer.status).toBe('pending');
    expect(answer.events.at(-1)).toMatchObject({
      kind: 'edit',
      actor_type: 'staff',
      actor_email: staff.email,
      from_status: 'pending',
      to_status: 'pending',
      details: 'Due date Thu, Dec 3, 2026 -> Mon, Nov 30, 2026',
      comments: 'We can squeeze it in on Monday.',
    });
    const mail = (await mailsTo(app, u.email)).at(-1)!;
    expect(mail.subject).toBe(`Order ${order.order_number}: new due date`);
    expect(mail.kind).toBe('order_due_date');
    expect(mail.textBody).toContain(
      'The shop changed when your order will be ready: Mon, Nov 30, 2026 (it was Thu, Dec 3, 2026).',
    );
    expect(mail.textBody).toContain('Comments: We can squeeze it in on Monday.');
    // The customer sees the change on their timeline, without the staff member's address.
    const mine = (await app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: u.headers })).json()
      .order as Order;
    expect(mine.due_date).toBe('2026-11-30');
    expect(mine.events.at(-1)).toMatchObject({ details: answer.events.at(-1)!.details, actor_email: null });
    // Today itself is allowed.
    expect((await put(order.id, { due_date: TODAY })).json().order.due_date).toBe(TODAY);
  });

  it('refuses a past day, a malformed day and no change with 400, and changes nothing', async () => {
    const u = await signedIn(app);
    const order = await placed(u);
    const mailsBefore = (await mailsTo(app, u.email)).length;
    const past = await put(order.id, { due_date: '2026-11-25' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'DUE_DATE_PAST', detail: 'The due date cannot be in the past' });
    const bad = await put(order.id, { due_date: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'due_date', message: 'Dates are written YYYY-MM-DD' }]);
    const far = await put(order.id, { due_date: '9999-12-31' });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors).toEqual([
      { field: 'due_date', message: 'Dates must be between 2000-01-01 and 2100-12-31' },
    ]);
    expect((await put(order.id, {})).statusCode).toBe(400);
    const same = await put(order.id, { due_date: EARLIEST });
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toBe('Nothing changed');
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.dueDate).toBe(EARLIEST);
    expect(await mailsTo(app, u.email)).toHaveLength(mailsBefore);
  });

  it('refuses an order already ready, shipped, completed, cancelled or denied with 409', async () => {
    const u = await signedIn(app);
    const order = await placed(u);
    for (const status of ['ready_for_pickup', 'completed', 'cancelled', 'denied'] as const) {
      await setRow(order.id, { status });
      const res = await put(order.id, { due_date: '2026-12-10' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().code).toBe('DUE_DATE_CLOSED');
    }
    await setRow(order.id, { status: 'in_production' });
    expect((await put(order.id, { due_date: '2026-12-10' })).statusCode).toBe(200);
  });

  it('is for staff: a customer gets 403, a guest 401, a missing order 404', async () => {
    const u = await signedIn(app);
    const order = await placed(u);
    expect((await put(order.id, { due_date: '2026-12-10' }, u.headers)).statusCode).toBe(403);
    expect((await put(order.id, { due_date: '2026-12-10' }, { 'content-type': 'application/json' })).statusCode).toBe(
      401,
    );
    expect((await put(999_999, { due_date: '2026-12-10' })).statusCode).toBe(404);
    expect((await put(order.id, { due_date: '2026-12-10' }, admin.headers)).statusCode).toBe(200);
  });
});

describe('the staff order list by due date', () => {
  it('carries the due date, sorts soonest first and filters overdue, due today and due this week', async () => {
    const u = await signedIn(app);
    const make = async (dueDate: string, status: OrderStatus) => {
      const o = await placed(u);
      await setRow(o.id, { dueDate, status });
      return o.id;
    };
    const overdue = await make('2026-11-24', 'pending');
    const overdueWaiting = await make('2026-11-25', 'awaiting_approval');
    const doneLate = await make('2026-11-20', 'completed');
    const readyLate = await make('2026-11-23', 'ready_for_pickup');
    const today = await make(TODAY, 'in_production');
    const sunday = await make('2026-11-29', 'pending');
    const nextWeek = await make('2026-11-30', 'pending');
    const list = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/orders/admin/all?search=${encodeURIComponent(u.email)}&${query}`,
        headers: staff.headers,
      });
      expect(res.statusCode, query).toBe(200);
      return res.json() as { orders: OrderSummary[]; total: number };
    };
    const sorted = await list('sort=due');
    expect(sorted.orders.map((o) => o.id)).toEqual([
      doneLate,
      readyLate,
      overdue,
      overdueWaiting,
      today,
      sunday,
      nextWeek,
    ]);
    expect(sorted.orders.map((o) => o.due_date)).toEqual([
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      TODAY,
      '2026-11-29',
      '2026-11-30',
    ]);
    const late = await list('due=overdue&sort=due');
    expect(late.orders.map((o) => o.id)).toEqual([overdue, overdueWaiting]);
    expect(late.total).toBe(2);
    expect((await list('due=today')).orders.map((o) => o.id)).toEqual([today]);
    expect((await list('due=week&sort=due')).orders.map((o) => o.id)).toEqual([today, sunday]);
    // An empty value is no filter, as with the other filters.
    expect((await list('due=&sort=due')).total).toBe(7);
  });

  it.each([
    ['due=late', 'due', 'Filter due dates by overdue, today or week'],
    ['sort=cheapest', 'sort', 'Sort by newest, oldest or due date'],
  ])('refuses %s with 400', async (query, field, message) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/orders/admin/all?${query}`, headers: staff.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
  });

  it('the production sheet lists orders soonest due first and shows the due date', async () => {
    const u = await signedIn(app);
    const later = await placed(u);
    const sooner = await placed(u);
    await setRow(later.id, { dueDate: '2026-12-09' });
    await setRow(sooner.id, { dueDate: '2026-12-01' });
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/production?order_ids=${later.id},${sooner.id}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().orders.map((o: { id: number; due_date: string }) => [o.id, o.due_date])).toEqual([
      [sooner.id, '2026-12-01'],
      [later.id, '2026-12-09'],
    ]);
  });
});

describe('the lead time setting', () => {
  const putSettings = (change: object) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: admin.headers,
      payload: { tax_rate: 0.078, shipping_cost: 8, customization_cost: 6, ...change },
    });

  it.each([-1, 61, 2.5, '5', null])('refuses %j with 400', async (value) => {
    const res = await putSettings({ lead_time_days: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'lead_time_days', message: 'Lead time must be a whole number of working days from 0 to 60' },
    ]);
  });

  it('takes 0 to 60 working days, keeps the value when absent, and checkout follows it', async () => {
    expect((await putSettings({ lead_time_days: 60 })).json().settings).toMatchObject({
      lead_time_days: 60,
      earliest_due_date: '2027-02-18',
    });
    expect((await putSettings({})).json().settings.lead_time_days).toBe(60);
    const zero = await putSettings({ lead_time_days: 0 });
    expect(zero.statusCode).toBe(200);
    // The public answer carries it for the product pages' estimate.
    const pub = await app.inject({ method: 'GET', url: '/api/v1/settings/' });
    expect(pub.json().settings).toMatchObject({ lead_time_days: 0, earliest_due_date: TODAY });
    const u = await signedIn(app);
    expect((await placed(u, { ...pickup, due_date: TODAY })).due_date).toBe(TODAY);
    // On a Saturday the earliest day is Monday even with no lead time.
    app.deps.now = () => new Date('2026-11-28T17:00:00Z');
    expect((await placed(u)).due_date).toBe('2026-11-30');
    app.deps.now = () => new Date('2026-11-26T17:00:00Z');
    await db.update(settings).set({ leadTimeDays: 5 });
    expect((await app.inject({ method: 'GET', url: '/api/v1/settings/' })).json().settings.lead_time_days).toBe(5);
  });
});
