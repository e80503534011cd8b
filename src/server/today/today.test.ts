import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/orders';
import { shopDay } from '../../shared/time';
import { TODAY_ORDER_KEYS, todayViews, type Today, type TodayOrderKey } from '../../shared/today';
import { conversations, heldMail, orderEvents, orders, payments } from '../db/schema';
import { accountOf, sumLedger } from '../accounts';
import { postContact, validGuest } from '../test/contact';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

// The Today page's counts against orders seeded in every state with due dates around today, each count worked out
// here from the rows themselves, and each equal to the order list it links to.
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OPEN: OrderStatus[] = ['awaiting_approval', 'pending', 'in_production'];

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function getToday(): Promise<Today> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/today', headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().today as Today;
}

/** What each count must be, from every order in the database, by the rules in docs/product.md#today. */
async function expectedCounts(now: Date): Promise<Record<TodayOrderKey, number>> {
  const today = shopDay(now);
  const all = await db.select().from(orders);
  const ledger = await db.select().from(payments);
  const ready = await db
    .select({ orderId: orderEvents.orderId, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.toStatus, 'ready_for_pickup'));
  const counts = Object.fromEntries(TODAY_ORDER_KEYS.map((k) => [k, 0])) as Record<TodayOrderKey, number>;
  for (const o of all) {
    const account = accountOf(o, sumLedger(ledger.filter((l) => l.orderId === o.id)));
    const readyAt = ready
      .filter((r) => r.orderId === o.id)
      .reduce<Date | null>((m, r) => (m && m > r.at ? m : r.at), null);
    if (shopDay(o.createdAt) >= addDays(today, -1)) counts.new_orders += 1;
    if (o.status === 'awaiting_approval') counts.awaiting_approval += 1;
    if (OPEN.includes(o.status) && o.dueDate === today) counts.due_today += 1;
    if (OPEN.includes(o.status) && o.dueDate < today) counts.overdue += 1;
    if (o.status === 'ready_for_pickup' && now.getTime() - (readyAt ?? o.updatedAt).getTime() >= 7 * DAY)
      counts.uncollected += 1;
    // An order on a department's account is owed only once its terms (30 days by default) have run out.
    const withinTerms = o.paymentMethod === 'account' && now.getTime() - o.createdAt.getTime() < 30 * DAY;
    if ((o.status === 'shipped' || o.status === 'completed') && account.balanceCents > 0 && !withinTerms)
      counts.owed_after_delivery += 1;
    if (account.refundDue) counts.refunds_due += 1;
  }
  return counts;
}

type Seed = {
  status: OrderStatus;
  dueOffset: number;
  ageHours: number;
  paidCents: number;
  readyDaysAgo: number | null;
  /** On a department's account, placed this many days before: inside or past the 30-day terms. */
  account: 0 | 45 | null;
};

const seedArb = fc.record({
  status: fc.constantFrom(...ORDER_STATUSES),
  dueOffset: fc.integer({ min: -4, max: 4 }),
  // Away from the 7-day and day boundaries by hours, so the clock moving during a run changes nothing.
  ageHours: fc.constantFrom(1, 20, 30, 52, 200),
  paidCents: fc.constantFrom(0, 500, 1078, 2000),
  readyDaysAgo: fc.option(fc.constantFrom(2, 10), { nil: null }),
  account: fc.constantFrom(null, 0, 45),
});

let seq = 0;
async function seed(rows: Seed[]) {
  const now = Date.now();
  const today = shopDay(new Date(now));
  for (const s of rows) {
    seq += 1;
    const [o] = await db
      .insert(orders)
      .values({
        orderNumber: `TD-${process.pid}-${seq}`,
        userId: customer.id,
        placedBy: customer.id,
        status: s.status,
        fulfillment: s.status === 'shipped' ? 'shipping' : 'pickup',
        subtotalCents: 1000,
        taxCents: 78,
        taxRatePpm: 78000,
        shippingCents: 0,
        totalCents: 1078,
        dueDate: addDays(today, s.dueOffset),
        createdAt: new Date(now - s.ageHours * HOUR - (s.account ?? 0) * DAY),
        updatedAt: new Date(now - s.ageHours * HOUR),
        ...(s.account !== null ? { paymentMethod: 'account' as const } : {}),
      })
      .returning();
    if (s.paidCents > 0)
      await db.insert(payments).values({ orderId: o!.id, kind: 'payment', method: 'cash', amountCents: s.paidCents });
    if (s.readyDaysAgo !== null && s.status === 'ready_for_pickup')
      await db.insert(orderEvents).values({
        orderId: o!.id,
        actorType: 'staff',
        kind: 'status',
        fromStatus: 'in_production',
        toStatus: 'ready_for_pickup',
        createdAt: new Date(now - s.readyDaysAgo * DAY),
      });
  }
}

/** The order list's total for a count's view, as the link opens it. */
async function listTotal(key: TodayOrderKey, today: string) {
  const params = new URLSearchParams({ limit: '500' });
  for (const [k, v] of Object.entries(todayViews(today)[key])) params.set(k, String(v));
  const res = await app.inject({ method: 'GET', url: `/api/v1/orders/admin/all?${params}`, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
}

describe('GET /today', () => {
  it('is for staff only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/today', headers: customer.headers })).statusCode).toBe(403);
  });

  it('counts every state of seeded orders as worked out from the rows, and each count is its list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(seedArb, { minLength: 1, maxLength: 12 }), async (rows) => {
        await seed(rows);
        const got = await getToday();
        const want = await expectedCounts(new Date());
        expect(Object.fromEntries(got.orders.map((o) => [o.key, o.count]))).toEqual(want);
        for (const o of got.orders) {
          expect(o.items.length).toBe(Math.min(o.count, 5));
          expect(await listTotal(o.key, got.day), o.key).toBe(o.count);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('says how long the oldest order has waited for approval and lists the oldest first', async () => {
    const old = new Date(Date.now() - 90 * DAY);
    const [o] = await db
      .insert(orders)
      .values({
        orderNumber: `TD-${process.pid}-oldest`,
        userId: customer.id,
        placedBy: customer.id,
        status: 'awaiting_approval',
        fulfillment: 'pickup',
        subtotalCents: 1000,
        taxCents: 0,
        taxRatePpm: 0,
        shippingCents: 0,
        totalCents: 1000,
        createdAt: old,
      })
      .returning();
    const waiting = (await getToday()).orders.find((x) => x.key === 'awaiting_approval')!;
    expect(waiting.oldest_at).toBe(old.toISOString());
    expect(waiting.items[0]).toMatchObject({ id: o!.id, customer_name: expect.stringMatching(/^Test User/) });
  });

  it('counts unread conversations and held inbound mail', async () => {
    const before = await getToday();
    expect((await postContact(app, validGuest())).statusCode).toBe(201);
    const [c] = await db.select({ id: conversations.id }).from(conversations).limit(1);
    await db.insert(heldMail).values({
      conversationId: c!.id,
      reason: 'other_address',
      fromAddress: 'someone@elsewhere.test',
      fromName: 'Someone',
      subject: 'Re: your order',
      body: 'Is it ready?',
    });
    const after = await getToday();
    expect(after.unread_conversations).toBe(before.unread_conversations + 1);
    expect(after.held_mail).toBe(before.held_mail + 1);
    // The count links to the message centre's held filter, which lists that conversation.
    const held = await app.inject({
      method: 'GET',
      url: '/api/v1/contact/conversations?held_only=true&per_page=100',
      headers: staff.headers,
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().conversations.map((x: { id: number }) => x.id)).toContain(c!.id);
    await db.delete(heldMail).where(inArray(heldMail.conversationId, [c!.id]));
  });
});
