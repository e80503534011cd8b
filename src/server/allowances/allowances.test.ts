import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALLOWANCE_CHANGED, OVERRIDE_NOT_MEMBER, PERIOD_START_INVALID } from '../../shared/allowances';
import { allowanceLedger, orderEvents, orders, outbox, settings } from '../db/schema';
import { taxOn } from '../pricing/quote';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, someProducts } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const staff = await signedIn(app, 'employee');
const [cfg] = await db.select().from(settings);
const [P] = await someProducts(app, 1);
const price = P!.basePriceCents; // first size carries no upcharge

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: SignedIn, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload });

let n = 0;
async function department(body: object) {
  n += 1;
  const res = await api('POST', '/departments/', admin, {
    name: `Allowance Dept ${n}`,
    domains: [`allow${n}.gov`],
    requires_approval: false,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return { ...res.json().department, domain: `allow${n}.gov` } as { id: number; domain: string };
}
const member = (d: { domain: string }) => signedIn(app, 'other', { email: `m${++n}@${d.domain}` });
const override = (d: { id: number }, userId: number, amount: number | null) =>
  api('PUT', `/departments/${d.id}/allowances/${userId}`, admin, { amount });
const balance = async (who: SignedIn) => (await api('GET', '/users/me/allowance', who)).json().allowance;
const ledger = (orderId: number) => db.select().from(allowanceLedger).where(eq(allowanceLedger.orderId, orderId));
const heldBy = async (orderId: number) => (await ledger(orderId)).reduce((s, r) => s + r.amountCents, 0);

async function order(who: SignedIn, quantity: number, extra: object = {}) {
  await fillCart(app, who.id, [{ productId: P!.id, quantity }]);
  const res = await api('POST', '/orders/', who, { ...pickup, ...extra });
  return res;
}

describe('department allowance fields', () => {
  it('answers and patches them', async () => {
    const d = await department({ allowance_amount: 300, allowance_period_start: '07-01' });
    expect(d).toMatchObject({ allowance_amount: 300, allowance_period_start: '07-01', approval_over_allowance: false });
    const res = await api('PATCH', `/departments/${d.id}`, admin, {
      allowance_amount: null,
      approval_over_allowance: true,
    });
    expect(res.json().department).toMatchObject({ allowance_amount: null, approval_over_allowance: true });
  });

  it.each([
    [{ allowance_amount: -1 }, 'allowance_amount', 'Allowance cannot be negative'],
    [{ allowance_amount: 10.005 }, 'allowance_amount', 'Allowance must be in whole cents'],
    [{ allowance_period_start: '02-30' }, 'allowance_period_start', PERIOD_START_INVALID],
    [{ allowance_period_start: '02-29' }, 'allowance_period_start', PERIOD_START_INVALID],
    [{ allowance_period_start: '13-01' }, 'allowance_period_start', PERIOD_START_INVALID],
    [{ allowance_period_start: '7-1' }, 'allowance_period_start', PERIOD_START_INVALID],
  ])('refuses %j naming the field', async (body, field, message) => {
    const res = await api('POST', '/departments/', admin, { name: 'Bad', requires_approval: false, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
    expect(res.json().errors).toContainEqual({ field, message });
    const d = await department({});
    const patched = await api('PATCH', `/departments/${d.id}`, admin, body);
    expect(patched.statusCode).toBe(400);
    expect(patched.json().errors[0].field).toBe(field);
  });

  it('sets an override for a member only', async () => {
    const d = await department({ allowance_amount: 100 });
    const m = await member(d);
    const outsider = await signedIn(app);
    const refused = await override(d, outsider.id, 50);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'userId', message: OVERRIDE_NOT_MEMBER }]);
    expect((await override(d, m.id, -5)).json().errors[0].field).toBe('amount');
    expect((await override(d, m.id, 5.555)).statusCode).toBe(400);
    const ok = await override(d, m.id, 250);
    expect(ok.json().overrides).toEqual([{ user_id: m.id, email: m.email, amount: 250 }]);
    expect(await balance(m)).toMatchObject({ amount: 250, remaining: 250, used: 0 });
    expect((await override(d, m.id, 50)).json().overrides[0].amount).toBe(50);
    expect((await override(d, m.id, null)).json().overrides).toEqual([]);
    expect(await balance(m)).toMatchObject({ amount: 100 });
    expect((await api('PUT', `/departments/${d.id}/allowances/${m.id}`, m, { amount: 1 })).statusCode).toBe(403);
  });
});

describe('checkout with an allowance', () => {
  it('applies the balance before tax and charges the rest', async () => {
    const d = await department({ allowance_amount: 10 });
    const m = await member(d);
    expect(await balance(m)).toMatchObject({
      amount: 10,
      used: 0,
      remaining: 10,
      department: `Allowance Dept ${n - 1}`,
    });
    await fillCart(app, m.id, [{ productId: P!.id, quantity: 2 }]);
    const quote = (await api('GET', '/checkout/quote?fulfillment=pickup', m)).json().quote;
    const subtotal = price * 2;
    const tax = taxOn(subtotal - 1000, cfg!.taxRatePpm);
    expect(quote.adjustments[0]).toEqual({
      kind: 'allowance',
      label: `Allowance: Allowance Dept ${n - 1}`,
      amount: -10,
    });
    expect(quote.tax_amount).toBe(tax / 100);
    expect(quote.total).toBe((subtotal - 1000 + tax) / 100);
    const res = await api('POST', '/orders/', m, { ...pickup, expected_allowance: 10 });
    expect(res.statusCode).toBe(201);
    const placed = res.json().order;
    expect(placed.total).toBe(quote.total);
    expect(placed.adjustments).toContainEqual(expect.objectContaining({ kind: 'allowance', amount: -10 }));
    expect(placed.payment.amount_due).toBe(quote.total);
    expect(await heldBy(placed.id)).toBe(1000);
    expect(await balance(m)).toMatchObject({ used: 10, remaining: 0 });
    // With nothing left, the next order has an allowance line of zero and pays everything.
    const next = (await order(m, 1)).json().order;
    expect(next.adjustments[0]).toMatchObject({ kind: 'allowance', amount: 0 });
    expect(next.subtotal + next.tax_amount).toBeCloseTo(next.total, 2);
  });

  it('covers a small order entirely and leaves the rest', async () => {
    const d = await department({ allowance_amount: 1000, tax_exempt: true });
    const m = await member(d);
    const placed = (await order(m, 1)).json().order;
    expect(placed.total).toBe(0);
    expect(await balance(m)).toMatchObject({ used: price / 100, remaining: (100_000 - price) / 100 });
  });

  it('refuses an order whose allowance changed since the quote, changing nothing', async () => {
    const d = await department({ allowance_amount: 10 });
    const m = await member(d);
    const res = await order(m, 1, { expected_allowance: 20 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALLOWANCE_CHANGED', detail: ALLOWANCE_CHANGED });
    expect(await db.select().from(orders).where(eq(orders.userId, m.id))).toEqual([]);
  });

  it('sends an order over the balance to approval when the department says so', async () => {
    const d = await department({
      allowance_amount: 10,
      approval_over_allowance: true,
      approver_emails: ['chief@x.gov'],
    });
    const m = await member(d);
    const over = (await order(m, 1)).json().order;
    expect(over).toMatchObject({ status: 'awaiting_approval', requires_approval: true });
    await override(d, m.id, 10_000);
    const within = (await order(m, 1)).json().order;
    expect(within).toMatchObject({ status: 'pending', requires_approval: false });
  });

  it('sends an order a staff edit takes past the balance to approval, with the reason and new links', async () => {
    const d = await department({
      allowance_amount: (price * 3) / 100,
      approval_over_allowance: true,
      approver_emails: ['chief@x.gov'],
    });
    const m = await member(d);
    const placed = (await order(m, 2)).json().order;
    expect(placed).toMatchObject({ status: 'pending', requires_approval: false });
    const edit = (quantity: number) =>
      api('PUT', `/orders/admin/${placed.id}/items`, staff, {
        items: [{ product_id: P!.id, size: P!.sizes[0]!.label, quantity, customizations: [] }],
      });
    // Still within the balance: stays pending.
    expect((await edit(3)).json().order).toMatchObject({ status: 'pending', requires_approval: false });
    const over = (await edit(5)).json().order;
    expect(over).toMatchObject({ status: 'awaiting_approval', requires_approval: true });
    const [event] = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed.id))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    expect(event!.reason).toContain('Over the allowance: the department approves orders above the balance');
    const mails = await db.select().from(outbox).where(eq(outbox.toAddress, 'chief@x.gov'));
    expect(mails.filter((mail) => mail.subject.includes(placed.order_number))).toHaveLength(1);
    expect(await heldBy(placed.id)).toBe(price * 3);
  });
});

describe('returns', () => {
  it('cancel and deny give back exactly what the order holds; a staff edit charges the difference', async () => {
    const allowance = (price * 5) / 100;
    const d = await department({ allowance_amount: allowance });
    const m = await member(d);
    const a = (await order(m, 2)).json().order;
    expect(await balance(m)).toMatchObject({ remaining: (price * 3) / 100 });
    const cancel = await app.inject({ method: 'DELETE', url: `/api/v1/orders/${a.id}`, headers: m.headers });
    expect(cancel.statusCode).toBe(200);
    expect(await heldBy(a.id)).toBe(0);
    expect((await ledger(a.id)).map((r) => [r.amountCents, r.reason])).toEqual([
      [price * 2, 'Order placed'],
      [-price * 2, 'Order cancelled'],
    ]);
    expect(await balance(m)).toMatchObject({ remaining: allowance, used: 0 });

    const b = (await order(m, 3)).json().order;
    const denied = await api('PUT', `/orders/${b.id}/status`, staff, {
      status: 'denied',
      denial_reason: 'Over budget',
    });
    expect(denied.statusCode).toBe(200);
    expect(await balance(m)).toMatchObject({ remaining: allowance });

    const c = (await order(m, 2)).json().order;
    const edit = (quantity: number) =>
      api('PUT', `/orders/admin/${c.id}/items`, staff, {
        items: [{ product_id: P!.id, size: P!.sizes[0]!.label, quantity, customizations: [] }],
      });
    expect((await edit(4)).statusCode).toBe(200);
    expect(await heldBy(c.id)).toBe(price * 4);
    expect(await balance(m)).toMatchObject({ remaining: price / 100 });
    // Growing past the balance takes only what is left; the rest is the member's to pay.
    const grown = await edit(7);
    expect(await heldBy(c.id)).toBe(price * 5);
    expect(grown.json().order.adjustments[0]).toMatchObject({ kind: 'allowance', amount: -(price * 5) / 100 });
    expect(await balance(m)).toMatchObject({ remaining: 0 });
    await edit(1);
    expect(await heldBy(c.id)).toBe(price);
    expect((await ledger(c.id)).map((r) => r.amountCents)).toEqual([price * 2, price * 2, price, -price * 4]);
    expect(await balance(m)).toMatchObject({ remaining: (price * 4) / 100 });
  });
});

describe('periods', () => {
  it('starts a new balance on the department’s day in the shop’s time zone', async () => {
    const d = await department({ allowance_amount: 50, allowance_period_start: '07-01', tax_exempt: true });
    const m = await member(d);
    const real = app.deps.now;
    try {
      app.deps.now = () => new Date('2030-06-30T12:00:00Z');
      await order(m, 1);
      expect(await balance(m)).toMatchObject({
        period_start: '2029-07-01',
        period_end: '2030-06-30',
        used: price / 100,
      });
      // 06:59 UTC on July 1 is still June 30 in Phoenix (UTC-7 all year).
      app.deps.now = () => new Date('2030-07-01T06:59:00Z');
      expect(await balance(m)).toMatchObject({ period_start: '2029-07-01', used: price / 100 });
      app.deps.now = () => new Date('2030-07-01T07:00:00Z');
      expect(await balance(m)).toMatchObject({
        period_start: '2030-07-01',
        period_end: '2031-06-30',
        used: 0,
        remaining: 50,
      });
      const rows = await db
        .select()
        .from(allowanceLedger)
        .where(and(eq(allowanceLedger.userId, m.id), eq(allowanceLedger.periodStart, '2029-07-01')));
      expect(rows).toHaveLength(1);
    } finally {
      app.deps.now = real;
    }
  });

  it('answers null without an allowance', async () => {
    expect(await balance(await signedIn(app))).toBeNull();
  });
});
