import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_MAILED_STATUSES } from '../../shared/order-statuses';
import { REASON_REQUIRED, type Order } from '../../shared/orders';
import { orderEvents, orders, products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, mailsTo, pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';
import { NOTIFY_STATUSES } from './mails';

// Customers call mid-production: staff may still edit, cancel or step back an order in production, each with a
// reason, an event on the timeline and a mail; the order is re-priced by the pricing module and its account
// (accounts/account.ts) then shows what is owed or due back.
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');
const customer = await signedIn(app);

const bySlug = async (slug: string) => (await db.select().from(products).where(eq(products.slug, slug)))[0]!;
const polo = await bySlug('duty-polo-navy');
const tee = await bySlug('station-tee-navy');
const cap = await bySlug('structured-cap-navy');

const put = (id: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/v1/orders/${id}/status`, headers: staff.headers, payload });
const editItems = (id: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/v1/orders/admin/${id}/items`, headers: staff.headers, payload });
const quote = (id: number, items: object[], headers = staff.headers) =>
  app.inject({ method: 'POST', url: `/api/v1/orders/admin/${id}/quote`, headers, payload: { items } });
const read = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/orders/admin/${id}`, headers: staff.headers })).json()
    .order as Order;
const eventsOf = (id: number) =>
  db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(desc(orderEvents.id));

async function inProduction(user: SignedIn = customer) {
  await fillCart(app, user.id, [{ productId: polo.id, size: 'M', quantity: 2 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: user.headers, payload: pickup });
  expect(res.statusCode).toBe(201);
  const order = res.json().order as Order;
  expect((await put(order.id, { status: 'in_production' })).statusCode).toBe(200);
  return order;
}

const item = (product: { id: number }, size: string, quantity: number, customizations: object[] = []) => ({
  product_id: product.id,
  size,
  quantity,
  customizations,
});

describe('a step back or a cancel out of production', () => {
  it('without a reason is a 400 naming the rule, and nothing changes (no event, no mail)', async () => {
    const order = await inProduction();
    const events = (await eventsOf(order.id)).length;
    const mails = (await mailsTo(app, customer.email)).length;
    for (const [payload, message] of [
      [{ status: 'pending' }, REASON_REQUIRED.stepBack],
      [{ status: 'pending', denial_reason: '   ' }, REASON_REQUIRED.stepBack],
      [{ status: 'cancelled' }, REASON_REQUIRED.cancelInProduction],
    ] as const) {
      const res = await put(order.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'REASON_REQUIRED', detail: message, message });
      expect(res.json().errors).toEqual([{ field: 'denial_reason', message }]);
    }
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/${order.id}/cancel`,
      headers: staff.headers,
      payload: {},
    });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().detail).toBe(REASON_REQUIRED.cancelInProduction);
    const bulk = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/admin/bulk-status',
      headers: staff.headers,
      payload: { order_ids: [order.id], status: 'pending' },
    });
    expect(bulk.json()).toMatchObject({ updated: [], failed: [{ id: order.id, detail: REASON_REQUIRED.stepBack }] });
    expect((await read(order.id)).status).toBe('in_production');
    expect((await eventsOf(order.id)).length).toBe(events);
    expect((await mailsTo(app, customer.email)).length).toBe(mails);
  });

  it('with a reason steps back to pending: an event with the reason, and a mail saying production paused and why', async () => {
    const order = await inProduction();
    const res = await put(order.id, {
      status: 'pending',
      denial_reason: 'Customer called to change the name',
      comments: 'We will call you back',
      internal_note: 'Pulled from the machine at 9',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.status).toBe('pending');
    const [event] = await eventsOf(order.id);
    expect(event).toMatchObject({
      fromStatus: 'in_production',
      toStatus: 'pending',
      reason: 'Customer called to change the name',
      actorEmail: staff.email,
    });
    const mail = (await mailsTo(app, customer.email)).at(-1)!;
    expect(mail.subject).toBe(`Order ${order.order_number} moved back from production`);
    expect(mail.textBody).toContain('We paused production of your order');
    expect(mail.textBody).toContain('Reason: Customer called to change the name');
    expect(mail.textBody).toContain('Comments: We will call you back');
    expect(mail.textBody).not.toContain('Pulled from the machine');
    expect(mail.textBody).not.toContain('approved');
  });

  it('with a reason cancels; a paid order then shows its refund due (the account, not this code, says so)', async () => {
    const order = await inProduction();
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/${order.id}/payments`,
      headers: staff.headers,
      payload: { amount: order.total, method: 'cash', reference: 'Till 1' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/${order.id}/cancel`,
      headers: staff.headers,
      payload: { denial_reason: 'Department cancelled the hire' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.payment).toMatchObject({ amount_due: 0, refund_due: true, refund_due_amount: order.total });
    const mail = (await mailsTo(app, customer.email)).at(-1)!;
    expect(mail.subject).toBe(`Order ${order.order_number} cancelled`);
    expect(mail.textBody).toContain('Reason: Department cancelled the hire');
  });

  it('moving an order into production e-mails nobody, as the bulk dialog says; the mailed statuses are the list it reads', async () => {
    const order = await inProduction();
    const mails = await mailsTo(app, customer.email);
    expect(mails.filter((m) => m.subject.includes(order.order_number)).map((m) => m.kind)).not.toContain(
      'order_in_production',
    );
    expect([...NOTIFY_STATUSES].sort()).toEqual([...CUSTOMER_MAILED_STATUSES].sort());
  });
});

describe('a staff edit of an order in production', () => {
  it('needs a reason (400, nothing changes); with one it is re-priced, stays in production, recorded and mailed', async () => {
    const order = await inProduction();
    const items = [item(polo, 'M', 1), item(cap, 'S/M', 1, [{ type: 'add_name', position: 'front', text: 'RUIZ' }])];
    const refused = await editItems(order.id, { items });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'REASON_REQUIRED', detail: REASON_REQUIRED.editInProduction });
    expect((await read(order.id)).total).toBe(order.total);

    const quoted = (await quote(order.id, items)).json().quote;
    const res = await editItems(order.id, { items, reason: 'Customer called: one polo and a cap instead' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().order as Order;
    expect(saved.status).toBe('in_production');
    expect(saved.total).toBe(quoted.total);
    expect(quoted.previous_total).toBe(order.total);
    const [event] = await eventsOf(order.id);
    expect(event).toMatchObject({ kind: 'edit', reason: 'Customer called: one polo and a cap instead' });
    const mail = (await mailsTo(app, customer.email)).at(-1)!;
    expect(mail.subject).toBe(`Order ${order.order_number} changed`);
    expect(mail.textBody).toContain('Reason: Customer called: one polo and a cap instead');
  });

  it('the quote is for staff only, for orders that can still change, and writes nothing', async () => {
    const order = await inProduction();
    const items = [item(tee, 'L', 3)];
    expect((await quote(order.id, items, customer.headers)).statusCode).toBe(403);
    const res = await quote(order.id, items);
    expect(res.statusCode).toBe(200);
    expect((await read(order.id)).items.map((i) => i.quantity)).toEqual([2]);
    await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    expect((await quote(order.id, items)).json()).toMatchObject({ code: 'ORDER_NOT_EDITABLE' });
    expect((await quote(999_999, items)).statusCode).toBe(404);
  });
});

// A staff member's session on the phone: edits, steps back, forward again, payments, in any order. After every step
// the order's total equals the pricing module's quote for its lines, and its account agrees with the ledger.
const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    lines: fc.array(
      fc.record({
        product: fc.constantFrom(polo, tee, cap),
        quantity: fc.integer({ min: 1, max: 12 }),
        name: fc.boolean(),
        us: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({ kind: fc.constantFrom('back' as const, 'forward' as const) }),
  fc.record({ kind: fc.constant('pay' as const), share: fc.integer({ min: 10, max: 150 }) }),
);

function linesFor(lines: { product: typeof polo; quantity: number; name: boolean; us: boolean }[]) {
  return lines.map((l) => {
    const isCap = l.product.id === cap.id;
    const size = isCap ? 'S/M' : 'M';
    const customizations = [
      ...(l.name ? [{ type: 'add_name', position: isCap ? 'front' : 'left_side', text: 'ANA' }] : []),
      ...(l.us && !isCap ? [{ type: 'us_flag', position: 'right_side' }] : []),
    ];
    return item(l.product, size, l.quantity, customizations);
  });
}

describe('staff edits in random sequences', () => {
  it('keep the total equal to the quote and the account equal to the ledger', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 2, maxLength: 6 }), async (steps) => {
        const user = await signedIn(app, 'other', { email: `phone-${++n}-${Date.now()}@example.test` });
        const order = await inProduction(user);
        let paidCents = 0;
        for (const step of steps) {
          const now = await read(order.id);
          if (step.kind === 'edit') {
            const items = linesFor(step.lines);
            const q = await quote(order.id, items);
            const res = await editItems(order.id, { items, reason: 'Phone call' });
            if (res.statusCode === 400) {
              expect(res.json().code).toBe('NOTHING_CHANGED');
              continue;
            }
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().order.total).toBe(q.json().quote.total);
          } else if (step.kind === 'back' && now.status === 'in_production') {
            expect((await put(order.id, { status: 'pending', denial_reason: 'Phone call' })).statusCode).toBe(200);
          } else if (step.kind === 'forward' && now.status === 'pending') {
            expect((await put(order.id, { status: 'in_production' })).statusCode).toBe(200);
          } else if (step.kind === 'pay') {
            const cents = Math.max(1, Math.round((now.total * 100 * step.share) / 100));
            const res = await app.inject({
              method: 'POST',
              url: `/api/v1/orders/admin/${order.id}/payments`,
              headers: staff.headers,
              payload: { amount: cents / 100, method: 'check', reference: 'Cheque', confirm_overpayment: true },
            });
            // Nothing is taken for an order already paid in full (the ledger's own rule).
            if (res.statusCode === 409) expect(res.json().code).toBe('ORDER_ALREADY_PAID');
            else {
              expect(res.statusCode, res.body).toBe(200);
              paidCents += cents;
            }
          }
          const after = await read(order.id);
          const current = after.items.map((i) => item({ id: i.product_id }, i.size, i.quantity, i.customizations));
          const requote = (await quote(order.id, current)).json().quote;
          expect(requote.total).toBe(after.total);
          const dueCents = Math.round(after.total * 100);
          expect(Math.round(after.payment.amount_due * 100)).toBe(dueCents);
          expect(Math.round(after.payment.amount_paid * 100)).toBe(paidCents);
          expect(Math.round(after.payment.balance * 100)).toBe(Math.max(0, dueCents - paidCents));
          expect(after.payment.refund_due).toBe(paidCents > dueCents);
          expect(Math.round(after.payment.refund_due_amount * 100)).toBe(Math.max(0, paidCents - dueCents));
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
