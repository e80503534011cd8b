import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order, OrderSummary } from '../../shared/orders';
import type { Statement } from '../../shared/payments';
import { departments, orders } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup, someProducts } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';
import { hasBalance, refundDue } from '../accounts';

// The account rule as properties of the running shop: random sequences of up to 8 steps (place, pay, refund,
// credit, edit lines, cancel, deny, approve) through the API, on PGlite, or on PostgreSQL with TEST_DATABASE_URL.
// After every step: balance = max(0, owed - held), refund_due = held > owed, held = payments - refunds, a cancelled
// or denied order owes 0, a refund never raises a balance, the SQL "unpaid" rule agrees with accountOf, and the
// department's statement outstanding = the sum of its billed on-account orders' balances. At the end, the staff
// list's "unpaid" filter is exactly the orders with a balance.

// 60 in npm test (every change runs it: 200 took 40-90 s of the api project on two cores); CI's PostgreSQL pass runs
// the full depth, 500 (.ci/run).
const SEQUENCES = Number(process.env.ACCOUNT_SEQUENCES ?? 60);

const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const [dept] = await db
  .insert(departments)
  .values({
    name: 'Property Fire District',
    domains: ['propfire.test'],
    requiresApproval: true,
    approverEmails: ['chief@propfire.test'],
  })
  .returning();
const member = await signedIn(app, 'other', { email: `crew-${Date.now()}@propfire.test` });
const walkIn = await signedIn(app);
const [product] = await someProducts(app, 1);

const c = (dollars: number) => Math.round(dollars * 100);
const d = (cents: number) => cents / 100;
const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/admin/${url}`, headers: staff.headers, payload });
const view = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${id}`, headers: staff.headers })).json()
    .order as Order;

/** What we know of every order placed, for the statement and the list checks. */
const known = new Map<number, Order>();

type Step =
  | { op: 'pay'; share: number; over: boolean }
  | { op: 'refund'; share: number }
  | { op: 'credit'; share: number; bad: 0 | 1 | 2 | 3 | 4 }
  | { op: 'edit'; quantity: number }
  | { op: 'cancel' }
  | { op: 'deny' }
  | { op: 'approve' };

const share = fc.integer({ min: 1, max: 100 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('pay' as const), share, over: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('refund' as const), share }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('credit' as const),
      share,
      bad: fc.constantFrom(0 as const, 0 as const, 0 as const, 1 as const, 2 as const, 3 as const, 4 as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('edit' as const), quantity: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'deny' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'approve' as const }) },
);
const placement = fc.record({
  byMember: fc.boolean(),
  onAccount: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 3 }),
});

async function place(p: { byMember: boolean; onAccount: boolean; quantity: number }): Promise<Order> {
  const user: SignedIn = p.byMember ? member : walkIn;
  await fillCart(app, user.id, [{ productId: product!.id, quantity: p.quantity }]);
  const method = p.byMember && p.onAccount ? 'account' : 'pickup';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: user.headers,
    payload: { ...pickup, payment_method: method },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}

const part = (cents: number, s: number) => Math.max(1, Math.floor((cents * s) / 100));

type Reply = Awaited<ReturnType<typeof app.inject>>;

/** One step; answers the reply. Refusals must change nothing (checked by the caller). */
async function apply(o: Order, s: Step): Promise<Reply> {
  const p = o.payment;
  const closed = o.status === 'cancelled' || o.status === 'denied';
  switch (s.op) {
    case 'pay': {
      const balance = c(p.balance);
      const amount = s.over ? part(balance + 500, s.share) + balance : part(balance, s.share);
      const res = await post(`${o.id}/payments`, { amount: d(amount), method: 'cash', confirm_overpayment: s.over });
      expect(res.statusCode, res.body).toBe(closed || balance === 0 ? 409 : 200);
      return res;
    }
    case 'refund': {
      const held = c(p.amount_paid);
      const res = await post(`${o.id}/refunds`, { amount: d(part(held, s.share)), method: 'cash', reason: 'Goodwill' });
      expect(res.statusCode, res.body).toBe(held > 0 ? 200 : 409);
      return res;
    }
    case 'credit': {
      const owed = c(p.amount_due);
      // Zero, below zero, a fraction of a cent: 400 whatever the order; more than it owes: 400 when it owes something.
      const bad = [null, 0, -1, 1.005, null][s.bad];
      const amount = bad ?? d(s.bad === 4 ? owed + 1 : part(owed, s.share));
      const res = await post(`${o.id}/credits`, { amount, reason: 'Price match' });
      const expected = bad !== null ? 400 : closed || owed === 0 ? 409 : s.bad === 4 ? 400 : 200;
      expect(res.statusCode, res.body).toBe(expected);
      if (res.statusCode === 400) expect(res.json().errors[0].field).toBe('amount');
      return res;
    }
    case 'edit': {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/orders/admin/${o.id}/items`,
        headers: staff.headers,
        payload: {
          items: [{ product_id: product!.id, size: o.items[0]!.size, quantity: s.quantity, customizations: [] }],
        },
      });
      const editable = o.status === 'pending' || o.status === 'awaiting_approval' || o.status === 'in_production';
      // The same lines again is NOTHING_CHANGED (400).
      expect([200, 400, 409], res.body).toContain(res.statusCode);
      if (!editable) expect(res.statusCode).toBe(409);
      return res;
    }
    case 'cancel': {
      const res = await post(`${o.id}/cancel`, { refund: null, denial_reason: 'Customer asked' });
      expect([200, 409]).toContain(res.statusCode);
      return res;
    }
    case 'deny': {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${o.id}/status`,
        headers: staff.headers,
        payload: { status: 'denied', denial_reason: 'Over budget' },
      });
      expect([200, 409]).toContain(res.statusCode);
      return res;
    }
    case 'approve': {
      const res = await post(`${o.id}/approvals/record`, { decision: 'approve', reason: 'Chief approved by phone' });
      expect([200, 404, 409]).toContain(res.statusCode);
      return res;
    }
  }
}

/** The account's invariants on one order answer. */
function checkAccount(o: Order) {
  const p = o.payment;
  const owed = c(p.amount_due);
  const held = c(p.amount_paid);
  const sum = (kind: string) => p.entries.filter((e) => e.kind === kind).reduce((s, e) => s + c(e.amount), 0);
  expect(held).toBe(sum('payment') - sum('refund'));
  expect(c(p.balance)).toBe(Math.max(0, owed - held));
  expect(p.refund_due).toBe(held > owed);
  if (o.status === 'cancelled' || o.status === 'denied') expect(owed).toBe(0);
  else expect(owed).toBe(Math.max(0, c(o.total) - sum('credit')));
}

async function checkSqlAgrees(o: Order) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, o.id), hasBalance()));
  expect(rows.length === 1, `${o.order_number} SQL balance`).toBe(o.payment.balance > 0);
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, o.id), refundDue()));
  expect(due.length === 1, `${o.order_number} SQL refund due`).toBe(o.payment.refund_due);
}

async function checkStatement() {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/payments/admin/statements/${dept!.id}`,
    headers: staff.headers,
  });
  const s = res.json().statement as Statement;
  const billed = [...known.values()].filter((o) => o.payment.method === 'account' && o.status !== 'awaiting_approval');
  const expected = billed.reduce((sum, o) => sum + c(o.payment.balance), 0);
  expect(c(s.outstanding)).toBe(expected);
  expect(c(s.outstanding)).toBe(s.orders.reduce((sum, r) => sum + c(r.balance), 0));
}

describe('the account of an order, on random sequences through the API', () => {
  it(`keeps the account rule after every step of ${SEQUENCES} sequences`, { timeout: 600_000 }, async () => {
    const started = Date.now();
    const accepted: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(placement, fc.array(step, { maxLength: 7 }), async (how, steps) => {
        let o = await place(how);
        known.set(o.id, o);
        checkAccount(o);
        for (const s of steps) {
          const before = o;
          const res = await apply(o, s);
          const code = res.statusCode;
          if (code === 200) accepted[s.op] = (accepted[s.op] ?? 0) + 1;
          // Accepted moves answer the staff view of the order; a refusal is read back to see it changed nothing.
          o = code === 200 && s.op !== 'deny' ? (res.json().order as Order) : await view(o.id);
          known.set(o.id, o);
          checkAccount(o);
          await checkSqlAgrees(o);
          if (code !== 200) expect(o.payment, `${s.op} refused yet changed the account`).toEqual(before.payment);
          if (s.op === 'refund') expect(c(o.payment.balance)).toBeLessThanOrEqual(c(before.payment.balance));
          if (o.payment.method === 'account') await checkStatement();
        }
      }),
      { numRuns: SEQUENCES },
    );

    // The staff list's "unpaid" = exactly the orders with a balance.
    const ids = [...known.keys()];
    const unpaid = new Set<number>();
    for (let offset = 0; ; offset += 100) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/orders/admin/all?payment=unpaid&limit=100&offset=${offset}`,
        headers: staff.headers,
      });
      const page = res.json().orders as OrderSummary[];
      for (const r of page) unpaid.add(r.id);
      if (page.length < 100) break;
    }
    const fresh = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
    expect(fresh).toHaveLength(ids.length);
    const withBalance = ids.filter((id) => known.get(id)!.payment.balance > 0);
    expect([...unpaid].sort((a, b) => a - b)).toEqual(withBalance.sort((a, b) => a - b));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `account property: ${SEQUENCES} sequences in ${seconds} s; accepted steps ${JSON.stringify(accepted)}`,
    );
    console.info(`orders ${ids.length}, with a balance ${withBalance.length}`);
  });
});
