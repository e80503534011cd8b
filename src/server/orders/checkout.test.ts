import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../sessions/tokens';
import { approvalTokens, idempotencyKeys, orders, outbox, products } from '../db/schema';
import { createOutboxWorker } from '../mail/worker';
import type { MailTransport } from '../mail/transport';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';
import {
  addTaxExemptDepartment,
  approvalTokensFromMail,
  cartCount,
  fillCart,
  mailsTo,
  pickup,
  shipping,
  someProducts,
} from '../test/orders';

const { app } = await createTestApp();
const db = app.deps.db;

const place = (headers: Record<string, string>, body: object = pickup, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/orders/',
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload: body,
  });

describe('POST /orders/ (checkout)', () => {
  it('refuses an empty cart with 400', async () => {
    const u = await signedIn(app);
    const res = await place(u.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, detail: 'Your cart is empty', message: 'Your cart is empty' });
  });

  it('turns the cart into a pending pickup order with frozen prices, one event, a mail and an empty cart', async () => {
    const u = await signedIn(app);
    const [a, b] = await someProducts(app, 2);
    await fillCart(app, u.id, [
      {
        productId: a!.id,
        quantity: 2,
        customizations: [
          { type: 'add_name', position: 'left_side', text: 'SMITH' },
          { type: 'us_flag', position: 'right_side', text: null },
        ],
      },
      { productId: b!.id, quantity: 1 },
    ]);
    const res = await place(u.headers, { ...pickup, po_number: ' PO-77 ', notes: 'Station 4' });
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    const lineA = (a!.basePriceCents + 2 * 600) * 2;
    const sub = lineA + b!.basePriceCents;
    expect(order).toMatchObject({
      status: 'pending',
      fulfillment: 'pickup',
      shipping_address: null,
      po_number: 'PO-77',
      notes: 'Station 4',
      requires_approval: false,
      subtotal: sub / 100,
      tax_amount: Math.round(sub * 0.078) / 100,
      shipping_cost: 0,
      total: (sub + Math.round(sub * 0.078)) / 100,
      department_name: null,
      tax_exempt_reason: null,
    });
    // Numbered in the insert (migration 0015's trigger): the year in Arizona when it was placed, then the id.
    const year = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Phoenix', year: 'numeric' }).format(
      new Date(order.created_at),
    );
    expect(order.order_number).toBe(`CSU-${year}-${String(order.id).padStart(6, '0')}`);
    expect(order.items).toHaveLength(2);
    expect(order.items[0]).toMatchObject({ quantity: 2, unit_customization_price: 12, total_price: lineA / 100 });
    expect(order.items[0].customizations).toEqual([
      { type: 'add_name', label: 'Embroidered name', position: 'left_side', text: 'SMITH', cost: 6 },
      { type: 'us_flag', label: 'US flag patch', position: 'right_side', text: null, cost: 6 },
    ]);
    expect(order.events).toHaveLength(1);
    expect(order.events[0]).toMatchObject({ from_status: null, to_status: 'pending', actor_type: 'customer' });
    expect(await cartCount(app, u.id)).toBe(0);
    const mails = await mailsTo(app, u.email);
    expect(mails.map((m) => m.subject)).toEqual([`Order ${order.order_number} received`]);
    expect(mails[0]!.textBody).toContain('SMITH');
  });

  it("reports each decoration of a line at its own kind's price, in whole cents", async () => {
    const admin = await signedIn(app, 'admin');
    const prices = { tax_rate: 0.078, shipping_cost: 8, name_cost: 6, us_flag_cost: 7.49, az_flag_cost: 6 };
    const setPrices = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/v1/settings/', headers: admin.headers, payload });
    expect((await setPrices(prices)).statusCode).toBe(200);
    try {
      const u = await signedIn(app);
      await fillCart(app, u.id, [
        {
          quantity: 1,
          customizations: [
            { type: 'add_name', position: 'left_side', text: 'SMITH' },
            { type: 'us_flag', position: 'right_side', text: null },
          ],
        },
      ]);
      const placed = (await place(u.headers)).json().order;
      const read = (await app.inject({ method: 'GET', url: `/api/v1/orders/${placed.id}`, headers: u.headers })).json()
        .order;
      for (const order of [placed, read]) {
        expect(order.items[0].unit_customization_price).toBe(13.49);
        expect(order.items[0].customizations.map((c: { type: string; cost: number }) => [c.type, c.cost])).toEqual([
          ['add_name', 6],
          ['us_flag', 7.49],
        ]);
      }
    } finally {
      await setPrices({ ...prices, us_flag_cost: 6 });
    }
  });

  it('charges the settings shipping cost and needs a valid Arizona address for shipping', async () => {
    const u = await signedIn(app);
    await fillCart(app, u.id, [{ quantity: 1 }]);
    const none = await place(u.headers, { fulfillment: 'shipping' });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('A shipping address is required for shipping');
    const badZip = await place(u.headers, {
      ...shipping,
      shipping_address: { ...shipping.shipping_address, zip_code: '8500' },
    });
    expect(badZip.json()).toMatchObject({
      detail: 'ZIP code must be 5 digits',
      errors: [{ field: 'shipping_address.zip_code', message: 'ZIP code must be 5 digits' }],
    });
    const badState = await place(u.headers, {
      ...shipping,
      shipping_address: { ...shipping.shipping_address, state: 'CA' },
    });
    expect(badState.statusCode).toBe(400);
    const tooLongPo = await place(u.headers, { ...pickup, po_number: 'x'.repeat(51) });
    expect(tooLongPo.json().detail).toBe('PO number must be at most 50 characters');
    const ok = await place(u.headers, shipping);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().order).toMatchObject({
      fulfillment: 'shipping',
      shipping_cost: 8,
      shipping_address: shipping.shipping_address,
    });
    const o = ok.json().order;
    expect(o.total).toBeCloseTo(o.subtotal + o.tax_amount + 8, 2);
  });

  it('refuses a cart with a product that is no longer sold and keeps the cart', async () => {
    const u = await signedIn(app);
    const [, , p] = await someProducts(app, 3);
    await fillCart(app, u.id, [{ productId: p!.id }]);
    await db.update(products).set({ active: false }).where(eq(products.id, p!.id));
    try {
      const res = await place(u.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('PRODUCT_INACTIVE');
      expect(await cartCount(app, u.id)).toBe(1);
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, p!.id));
    }
  });

  it('sends a department member to approval: tokens stored hashed, one mail per approver with both links', async () => {
    const u = await signedIn(app, 'other', { email: `medic-${Date.now()}@dvfire.gov` });
    await fillCart(app, u.id, [{ quantity: 3 }]);
    const info = await app.inject({ method: 'GET', url: '/api/v1/orders/checkout-info', headers: u.headers });
    expect(info.json()).toEqual({
      success: true,
      department: { name: 'Desert Valley Fire & Medical', requires_approval: true, tax_exempt: false },
      // Stripe is not configured here: a member pays on account, or at the counter for pickup.
      payment_methods: { pickup: ['account', 'pickup'], shipping: ['account', 'invoice'] },
    });
    const res = await place(u.headers);
    const { order } = res.json();
    expect(order).toMatchObject({
      status: 'awaiting_approval',
      requires_approval: true,
      department_name: 'Desert Valley Fire & Medical',
    });
    const [token] = await approvalTokensFromMail(app, 'quartermaster@dvfire.gov');
    const mail = (await mailsTo(app, 'quartermaster@dvfire.gov')).at(-1)!;
    expect(mail.textBody).toContain(`http://localhost:3000/approval/${token}`);
    expect(mail.textBody).toContain(`http://localhost:3000/denial/${token}`);
    expect(mail.textBody).toContain(order.order_number);
    const rows = await db.select().from(approvalTokens).where(eq(approvalTokens.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token!));
    expect(rows[0]!.tokenHash).not.toContain(token!);
    const days = (rows[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect((await mailsTo(app, u.email))[0]!.textBody).toContain('sent to Desert Valley Fire & Medical for approval');
  });

  it('charges no tax to a tax-exempt department and says why', async () => {
    await addTaxExemptDepartment(app);
    const u = await signedIn(app, 'other', { email: `clerk-${Date.now()}@maricopa.test` });
    await fillCart(app, u.id, [{ quantity: 2 }]);
    const { order } = (await place(u.headers)).json();
    expect(order).toMatchObject({
      status: 'pending',
      tax_amount: 0,
      tax_rate: 0,
      tax_exempt_reason: 'Tax exempt: Maricopa County',
      total: order.subtotal,
    });
    const tax = order.adjustments.find((a: { kind: string }) => a.kind === 'tax').amount;
    expect(tax).toBeGreaterThan(0);
    expect(order.adjustments).toEqual([
      { kind: 'tax', label: 'Tax (7.8%)', amount: tax },
      { kind: 'tax_exemption', label: 'Tax exempt: Maricopa County', amount: -tax },
      { kind: 'shipping', label: 'Pickup at the shop', amount: 0 },
    ]);
  });

  it('keeps the prices of a placed order when products and settings change later', async () => {
    const u = await signedIn(app);
    const [p] = await someProducts(app, 1);
    await fillCart(app, u.id, [
      { productId: p!.id, quantity: 2, customizations: [{ type: 'az_flag', position: 'left_side', text: null }] },
    ]);
    const before = (await place(u.headers, shipping)).json().order;
    const admin = await signedIn(app, 'admin');
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/settings/',
      headers: admin.headers,
      payload: { tax_rate: 0.1, shipping_cost: 20, customization_cost: 9 },
    });
    expect(put.statusCode).toBe(200);
    await db
      .update(products)
      .set({ basePriceCents: p!.basePriceCents + 1000 })
      .where(eq(products.id, p!.id));
    try {
      const after = (await app.inject({ method: 'GET', url: `/api/v1/orders/${before.id}`, headers: u.headers })).json()
        .order;
      expect(after).toEqual(before);
    } finally {
      await app.inject({
        method: 'PUT',
        url: '/api/v1/settings/',
        headers: admin.headers,
        payload: { tax_rate: 0.078, shipping_cost: 8, customization_cost: 6 },
      });
      await db.update(products).set({ basePriceCents: p!.basePriceCents }).where(eq(products.id, p!.id));
    }
  });
});

describe('Idempotency-Key', () => {
  const ordersOf = async (userId: number) => db.select().from(orders).where(eq(orders.userId, userId));
  const CONCURRENT = 100;
  type Answer = {
    success: boolean;
    order?: { id: number; total: number; items: unknown[] };
    code?: string;
    detail?: string;
    message?: string;
  };

  /** Counts DELETE statements on cart_lines while `run` is in flight: a replay that cleared the cart again would show up as a second one. */
  async function countingCartClears<T>(run: () => Promise<T>): Promise<{ result: T; clears: number }> {
    await db.execute(sql`create table test_cart_clears (at timestamptz default now())`);
    await db.execute(
      sql`create or replace function test_count_cart_clear() returns trigger language plpgsql as $$ begin insert into test_cart_clears default values; return null; end $$`,
    );
    await db.execute(
      sql`create trigger test_count_cart_clear after delete on cart_lines for each statement execute function test_count_cart_clear()`,
    );
    try {
      const result = await run();
      return { result, clears: await db.$count(sql`test_cart_clears`) };
    } finally {
      await db.execute(sql`drop trigger test_count_cart_clear on cart_lines`);
      await db.execute(sql`drop function test_count_cart_clear()`);
      await db.execute(sql`drop table test_cart_clears`);
    }
  }

  async function expectOneOrder(
    u: { id: number; email: string; headers: Record<string, string> },
    run: { result: { status: number; body: Answer }[]; clears: number },
  ) {
    const answers = run.result;
    const made = await ordersOf(u.id);
    expect(made).toHaveLength(1);
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    const order = created[0]!.body.order!;
    expect(order.id).toBe(made[0]!.id);
    expect(order.items).toHaveLength(2);
    const stored = (await app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: u.headers })).json()
      .order;
    expect(stored).toEqual(order);
    for (const a of answers) {
      expect([200, 201, 409]).toContain(a.status);
      if (a.status === 409) {
        expect(a.body).toEqual({
          success: false,
          code: 'ORDER_IN_PROGRESS',
          detail: 'This order is already being placed. Please wait a moment.',
          message: 'This order is already being placed. Please wait a moment.',
        });
      } else {
        expect(a.body).toEqual({ success: true, order });
      }
    }
    const mails = await mailsTo(app, u.email);
    expect(mails.map((m) => m.subject)).toEqual([`Order ${made[0]!.orderNumber} received`]);
    expect(await cartCount(app, u.id)).toBe(0);
    expect(run.clears).toBe(1);
    expect(await db.$count(idempotencyKeys, eq(idempotencyKeys.userId, u.id))).toBe(1);
  }

  it('a second POST with the same key answers the same order (200) and makes no second one', async () => {
    const u = await signedIn(app);
    await fillCart(app, u.id, [{ quantity: 1 }]);
    const first = await place(u.headers, pickup, 'key-1');
    const second = await place(u.headers, pickup, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().order.id).toBe(first.json().order.id);
    expect(await ordersOf(u.id)).toHaveLength(1);
    expect((await mailsTo(app, u.email)).length).toBe(1);
  });

  it('a hundred concurrent POSTs with one key make exactly one order (inject)', async () => {
    const u = await signedIn(app);
    await fillCart(app, u.id, [{ quantity: 2 }, { quantity: 1 }]);
    const run = await countingCartClears(() =>
      Promise.all(
        Array.from({ length: CONCURRENT }, async () => {
          const r = await place(u.headers, pickup, 'double-click');
          return { status: r.statusCode, body: r.json() as Answer };
        }),
      ),
    );
    await expectOneOrder(u, run);
  });

  it('a hundred concurrent POSTs with one key over real HTTP make exactly one order', async () => {
    const u = await signedIn(app);
    await fillCart(app, u.id, [
      { quantity: 3 },
      { quantity: 1, customizations: [{ type: 'us_flag', position: 'left_side', text: null }] },
    ]);
    // inject() runs every request through one in-process call chain; sockets let the server interleave them for real.
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const run = await countingCartClears(() =>
      Promise.all(
        Array.from({ length: CONCURRENT }, async () => {
          const r = await fetch(`${base}/api/v1/orders/`, {
            method: 'POST',
            headers: { ...u.headers, 'idempotency-key': 'double-click-http' },
            body: JSON.stringify(pickup),
          });
          return { status: r.status, body: (await r.json()) as Answer };
        }),
      ),
    );
    await expectOneOrder(u, run);
    await fillCart(app, u.id, [{ quantity: 4 }]);
    const reused = await fetch(`${base}/api/v1/orders/`, {
      method: 'POST',
      headers: { ...u.headers, 'idempotency-key': 'double-click-http' },
      body: JSON.stringify(pickup),
    });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await ordersOf(u.id)).toHaveLength(1);
  });

  it('the same key with a different cart or body is a 422', async () => {
    const u = await signedIn(app);
    await fillCart(app, u.id, [{ quantity: 1 }]);
    expect((await place(u.headers, pickup, 'k-2')).statusCode).toBe(201);
    const otherBody = await place(u.headers, { ...pickup, po_number: 'changed' }, 'k-2');
    expect(otherBody.statusCode).toBe(422);
    await fillCart(app, u.id, [{ quantity: 5 }]);
    const otherCart = await place(u.headers, pickup, 'k-2');
    expect(otherCart.statusCode).toBe(422);
    expect(otherCart.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ordersOf(u.id)).toHaveLength(1);
    expect(await cartCount(app, u.id)).toBe(1);
  });

  it('keys belong to one user: another customer may use the same key', async () => {
    const a = await signedIn(app);
    const b = await signedIn(app);
    await fillCart(app, a.id, [{ quantity: 1 }]);
    await fillCart(app, b.id, [{ quantity: 1 }]);
    const ra = await place(a.headers, pickup, 'shared');
    const rb = await place(b.headers, pickup, 'shared');
    expect(rb.statusCode).toBe(201);
    expect(rb.json().order.id).not.toBe(ra.json().order.id);
  });
});

describe('a crash inside the checkout transaction', () => {
  it('leaves no half order and an intact cart; after commit the outbox delivers after a restart', async () => {
    const u = await signedIn(app, 'other', { email: `crash-${Date.now()}@dvfire.gov` });
    await fillCart(app, u.id, [{ quantity: 2 }]);
    const ordersBefore = await db.$count(orders);
    // The outbox insert is the last write of the order transaction: make it fail after the order rows exist.
    await db.execute(
      sql`create or replace function test_outbox_fail() returns trigger language plpgsql as $$ begin raise exception 'injected crash'; end $$`,
    );
    await db.execute(
      sql`create trigger test_outbox_fail before insert on outbox for each row execute function test_outbox_fail()`,
    );
    try {
      const res = await place(u.headers, pickup, 'crash-key');
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger test_outbox_fail on outbox`);
    }
    expect(await db.$count(orders)).toBe(ordersBefore);
    expect(await db.$count(idempotencyKeys, eq(idempotencyKeys.userId, u.id))).toBe(0);
    expect(await cartCount(app, u.id)).toBe(1);

    const ok = await place(u.headers, pickup, 'crash-key');
    expect(ok.statusCode).toBe(201);
    const order = ok.json().order;
    const queued = await db.select().from(outbox).where(eq(outbox.status, 'pending'));
    const ours = queued.filter((m) => m.textBody.includes(order.order_number));
    expect(ours.map((m) => m.toAddress).sort()).toEqual([u.email, 'quartermaster@dvfire.gov'].sort());

    // A new process: a fresh worker finds the committed mail and sends it.
    const sent: string[] = [];
    const transport: MailTransport = {
      name: 'smtp',
      send: async (m) => void sent.push(`${m.to}|${m.subject}`),
      close: () => {},
    };
    const worker = createOutboxWorker({ db, transport, from: 'shop@test', log: app.log, pollMs: 1000 });
    await worker.runOnce();
    expect(sent).toContain(`${u.email}|Order ${order.order_number} received`);
    expect(sent).toContain(`quartermaster@dvfire.gov|Approval needed: order ${order.order_number}`);
    const left = await db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(left.filter((m) => m.textBody.includes(order.order_number))).toHaveLength(0);
  });
});
