import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shopDay } from '../../shared/time';
import { orderLines, orders, outbox, quotes, settings } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn, type SignedIn } from '../test/users';
import { cartCount, fillCart, mailsTo, pickup, shipping, someProducts } from '../test/orders';
import { buildQuote, contextFor, decorationPrices, priceProductLine, atQuotedUnitPrice } from '../pricing';

const { app } = await createTestApp();
const db = app.deps.db;
await db.update(settings).set({ shopNotifyEmail: 'shop@example.test' }).where(eq(settings.id, 1));

const staff = await signedIn(app, 'employee');
const [a, b] = await someProducts(app, 2);
const day = (offset: number) => shopDay(new Date(Date.now() + offset * 86_400_000));

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? who.headers : { 'content-type': 'application/json' },
    ...(payload ? { payload } : {}),
  });

const orderCount = async () => (await db.select({ n: count() }).from(orders))[0]!.n;

/** A customer with two lines in the cart who asked for a quote. */
async function requested(note = 'For the spring team') {
  const customer = await signedIn(app);
  await fillCart(app, customer.id, [
    { productId: a!.id, quantity: 12, customizations: [{ type: 'add_name', position: 'left_side', text: 'ORTIZ' }] },
    { productId: b!.id, quantity: 3 },
  ]);
  const res = await call(customer, 'POST', '/quotes', { note, need_by: day(20) });
  expect(res.statusCode, res.body).toBe(201);
  return { customer, quote: res.json().quote };
}

type Line = { id: number; product_id: number; size: string; quantity: number; customizations: unknown[] };
const editBody = (lines: Line[], over: object = {}) => ({
  lines: lines.map((l, i) => ({
    product_id: l.product_id,
    size: l.size,
    quantity: l.quantity,
    customizations: l.customizations,
    unit_price: i === 0 ? 20 : 15.5,
  })),
  discount: 10,
  setup_fee: 25,
  valid_until: day(14),
  message: 'Thanks for asking',
  internal_note: 'Margin is thin',
  ...over,
});

/** Requested, priced and sent by staff. */
async function sent() {
  const { customer, quote } = await requested();
  const edit = await call(staff, 'PUT', `/quotes/admin/${quote.id}`, editBody(quote.lines));
  expect(edit.statusCode, edit.body).toBe(200);
  const send = await call(staff, 'POST', `/quotes/admin/${quote.id}/send`);
  expect(send.statusCode, send.body).toBe(200);
  return { customer, quote: send.json().quote };
}

describe('quotes: the lifecycle', () => {
  it('a customer asks from the cart, staff price and send it, the customer accepts: one order at the quoted prices', async () => {
    const { customer, quote } = await requested();
    expect(quote).toMatchObject({
      status: 'requested',
      note: 'For the spring team',
      item_count: 15,
      can_accept: false,
    });
    expect(quote.lines).toHaveLength(2);
    expect(await cartCount(app, customer.id)).toBe(2); // the cart is kept
    const notice = await mailsTo(app, 'shop@example.test');
    expect(notice.at(-1)!.subject).toContain(`${quote.quote_number}`);

    const queue = await call(staff, 'GET', '/quotes/admin?status=requested');
    expect(queue.json().quotes.map((q: { id: number }) => q.id)).toContain(quote.id);

    const edit = await call(staff, 'PUT', `/quotes/admin/${quote.id}`, editBody(quote.lines));
    expect(edit.statusCode, edit.body).toBe(200);
    const priced = edit.json().quote;
    expect(priced.lines[0]).toMatchObject({ unit_base_price: 20 });
    expect(priced.adjustments.map((x: { kind: string }) => x.kind)).toEqual([
      'setup_fee',
      'discount',
      'tax',
      'shipping',
    ]);
    expect(priced).toMatchObject({ discount: 10, setup_fee: 25, internal_note: 'Margin is thin' });

    const send = await call(staff, 'POST', `/quotes/admin/${quote.id}/send`);
    expect(send.statusCode, send.body).toBe(200);
    const mail = (await mailsTo(app, customer.email)).at(-1)!;
    expect(mail.subject).toBe(`Your quote ${quote.quote_number} is ready`);
    // The mail's link opens the quote in the shop (signing in there if need be); the signed link prints it.
    expect(mail.textBody).toContain(`/quotes/${quote.id}\n`);
    const token = /\/quote\/([A-Za-z0-9._-]+)/.exec(mail.textBody)![1]!;
    const print = await call(null, 'GET', `/quotes/print/${token}`);
    expect(print.statusCode, print.body).toBe(200);
    expect(print.headers['cache-control']).toBe('no-store');
    expect(print.json().quote).toMatchObject({ id: quote.id, total: priced.total });
    expect(print.json().quote.internal_note).toBeUndefined();
    expect(print.json().language).toBe('en');
    expect((await call(null, 'GET', `/quotes/print/${token.slice(0, -2)}xx`)).statusCode).toBe(404);

    const mine = await call(customer, 'GET', `/quotes/${quote.id}`);
    expect(mine.json().quote).toMatchObject({ status: 'sent', can_accept: true, total: priced.total });
    expect(mine.json().quote.internal_note).toBeUndefined();
    const list = await call(customer, 'GET', '/quotes');
    expect(list.json().quotes.map((q: { id: number }) => q.id)).toEqual([quote.id]);

    const shipped = await call(customer, 'GET', `/quotes/${quote.id}?fulfillment=shipping`);
    const before = await orderCount();
    // Prices the client sends are dropped: the server's quote stands.
    const accept = await call(customer, 'POST', `/quotes/${quote.id}/accept`, {
      ...shipping,
      payment_method: 'invoice',
      total: 1,
      lines: [{ unit_price: 0.01 }],
      discount: 9999,
    });
    expect(accept.statusCode, accept.body).toBe(201);
    const order = accept.json().order;
    expect(await orderCount()).toBe(before + 1);
    expect(order).toMatchObject({ status: 'pending', fulfillment: 'shipping', total: shipped.json().quote.total });
    expect(order.adjustments).toEqual(shipped.json().quote.adjustments);
    expect(accept.json().quote).toMatchObject({ status: 'accepted', order: { id: order.id } });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.quoteId).toBe(quote.id);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.find((l) => l.productId === a!.id)!.unitBaseCents).toBe(2000);
    expect(lines.find((l) => l.productId === b!.id)!.unitBaseCents).toBe(1550);
    const subjects = (await mailsTo(app, 'shop@example.test')).map((m) => m.subject);
    expect(subjects.some((s) => s.includes('accepted a quote'))).toBe(true);

    // Accepting twice: 409, never a second order.
    const again = await call(customer, 'POST', `/quotes/${quote.id}/accept`, pickup);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('QUOTE_ACCEPTED');
    expect(await orderCount()).toBe(before + 1);
  });

  it("the totals are the pricing module's: lines at the quoted garment prices, with the discount and setup fee as its inputs", async () => {
    const { customer, quote } = await sent();
    const [s] = await db.select().from(settings).where(eq(settings.id, 1));
    const kindPrices = await decorationPrices(db);
    const lines = quote.lines.map((l: Line & { unit_base_price: number }) => {
      const p = [a!, b!].find((x) => x.id === l.product_id)!;
      const line = priceProductLine(p, l as never, kindPrices);
      return atQuotedUnitPrice(line, Math.round(l.unit_base_price * 100));
    });
    const expected = buildQuote(
      lines,
      contextFor(null, 'pickup', s!, null, { discountCents: 1000, setupFeeCents: 2500 }),
    );
    const mine = (await call(customer, 'GET', `/quotes/${quote.id}`)).json().quote;
    expect(Math.round(mine.total * 100)).toBe(expected.totalCents);
    expect(Math.round(mine.tax_amount * 100)).toBe(expected.taxCents);
    expect(Math.round(mine.subtotal * 100)).toBe(expected.subtotalCents);
  });

  it('a customer declines: the shop is told, and it can no longer be accepted', async () => {
    const { customer, quote } = await sent();
    const res = await call(customer, 'POST', `/quotes/${quote.id}/decline`, { reason: 'Over budget' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quote).toMatchObject({ status: 'declined', decline_reason: 'Over budget', can_accept: false });
    const before = await orderCount();
    const accept = await call(customer, 'POST', `/quotes/${quote.id}/accept`, pickup);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().code).toBe('QUOTE_DECLINED');
    expect(await orderCount()).toBe(before);
    // Staff cannot change a decided quote either.
    expect((await call(staff, 'PUT', `/quotes/admin/${quote.id}`, editBody(quote.lines))).statusCode).toBe(409);
  });

  it('staff start a quote for a customer from their record', async () => {
    const customer = await signedIn(app);
    const res = await call(staff, 'POST', `/quotes/admin/for-customer/${customer.id}`, {
      items: [{ product_id: a!.id, size: a!.sizes[0]!.label, quantity: 24, customizations: [] }],
      note: 'Phoned in',
      need_by: day(21),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().quote).toMatchObject({
      status: 'requested',
      started_by_staff: true,
      customer: { id: customer.id },
      need_by: day(21),
    });
    // 24 pieces: the shop's 24-or-more break (10 % off) is in the garment price the quote starts from.
    const list = a!.basePriceCents + a!.sizes[0]!.upcharge_cents;
    expect(Math.round(res.json().quote.lines[0].unit_base_price * 100)).toBe(list - Math.floor((list * 10 + 50) / 100));
    const mine = await call(customer, 'GET', '/quotes');
    expect(mine.json().quotes).toHaveLength(1);
    expect((await call(staff, 'POST', '/quotes/admin/for-customer/999999', { items: [] })).statusCode).toBe(400);
    const missing = await call(staff, 'POST', '/quotes/admin/for-customer/999999', {
      items: [{ product_id: a!.id, size: a!.sizes[0]!.label, quantity: 1, customizations: [] }],
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('quotes: bad input', () => {
  it('an empty cart cannot ask for a quote; a need-by day in the past is refused', async () => {
    const customer = await signedIn(app);
    const empty = await call(customer, 'POST', '/quotes', { note: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('CART_EMPTY');
    await fillCart(app, customer.id, [{ quantity: 1 }]);
    const past = await call(customer, 'POST', '/quotes', { need_by: day(-3) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0]).toMatchObject({ field: 'need_by', message: 'The need-by day cannot be in the past' });
    expect((await call(customer, 'POST', '/quotes', { need_by: '2026-02-30' })).statusCode).toBe(400);
    expect((await db.select().from(quotes).where(eq(quotes.userId, customer.id))).length).toBe(0);
  });

  it("another customer's quote is not found; a quote not yet sent cannot be accepted", async () => {
    const { customer, quote } = await requested();
    const other = await signedIn(app);
    expect((await call(other, 'GET', `/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/quotes/${quote.id}/accept`, pickup)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/quotes/${quote.id}/decline`, {})).statusCode).toBe(404);
    const early = await call(customer, 'POST', `/quotes/${quote.id}/accept`, pickup);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('QUOTE_NOT_SENT');
  });

  it('an expired quote cannot be accepted; sending it again with a new day revives it', async () => {
    const { customer, quote } = await sent();
    await db
      .update(quotes)
      .set({ validUntil: day(-1) })
      .where(eq(quotes.id, quote.id));
    expect((await call(customer, 'GET', `/quotes/${quote.id}`)).json().quote).toMatchObject({
      status: 'expired',
      can_accept: false,
    });
    const expired = await call(staff, 'GET', '/quotes/admin?status=expired');
    expect(expired.json().quotes.map((q: { id: number }) => q.id)).toContain(quote.id);
    const before = await orderCount();
    const res = await call(customer, 'POST', `/quotes/${quote.id}/accept`, pickup);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'QUOTE_EXPIRED',
      message: 'This quote has expired: ask us for a new one',
    });
    expect(await orderCount()).toBe(before);
    // Sending with the old day is refused; a new day sends it again.
    expect((await call(staff, 'POST', `/quotes/admin/${quote.id}/send`)).statusCode).toBe(409);
    const lines = (await call(staff, 'GET', `/quotes/admin/${quote.id}`)).json().quote.lines;
    await call(staff, 'PUT', `/quotes/admin/${quote.id}`, editBody(lines, { valid_until: day(7) }));
    expect((await call(staff, 'POST', `/quotes/admin/${quote.id}/send`)).statusCode).toBe(200);
    expect((await call(customer, 'POST', `/quotes/${quote.id}/accept`, pickup)).statusCode).toBe(201);
  });

  it('staff input: a past valid-until day, a discount over the goods, a negative price, two equal lines, no lines', async () => {
    const { quote } = await requested();
    const put = (body: object) => call(staff, 'PUT', `/quotes/admin/${quote.id}`, body);
    const past = await put(editBody(quote.lines, { valid_until: day(-1) }));
    expect(past.json().errors[0]).toMatchObject({
      field: 'valid_until',
      message: 'The valid-until day cannot be in the past',
    });
    const big = await put(editBody(quote.lines, { discount: 99_999 }));
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0]).toMatchObject({ field: 'discount' });
    const negative = editBody(quote.lines);
    negative.lines[0]!.unit_price = -1;
    expect((await put(negative)).json().errors[0]).toMatchObject({ field: 'lines.0.unit_price' });
    const twice = editBody([quote.lines[0], quote.lines[0]]);
    expect((await put(twice)).json().message).toBe(
      'Two lines have the same garment, size and decorations: merge them into one',
    );
    expect((await put({ ...editBody([]), lines: [] })).json().errors[0].message).toBe(
      'A quote needs at least one line',
    );
    // Nothing changed, and a quote without a valid-until day cannot be sent.
    const now = (await call(staff, 'GET', `/quotes/admin/${quote.id}`)).json().quote;
    expect(now).toMatchObject({ discount: 0, valid_until: null, status: 'requested' });
    const send = await call(staff, 'POST', `/quotes/admin/${quote.id}/send`);
    expect(send.statusCode).toBe(409);
    expect(send.json().code).toBe('VALID_UNTIL_REQUIRED');
  });

  it('two concurrent accepts make one order', async () => {
    const { customer, quote } = await sent();
    const before = await orderCount();
    const results = await Promise.all([
      call(customer, 'POST', `/quotes/${quote.id}/accept`, pickup),
      call(customer, 'POST', `/quotes/${quote.id}/accept`, pickup),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await orderCount()).toBe(before + 1);
    expect((await db.select().from(orders).where(eq(orders.quoteId, quote.id))).length).toBe(1);
  });
});

describe('quotes: who may call what', () => {
  it('guests are 401, customers 403 on staff routes', async () => {
    const { customer, quote } = await requested();
    const customerRoutes: ['GET' | 'POST', string][] = [
      ['POST', '/quotes'],
      ['GET', '/quotes'],
      ['GET', `/quotes/${quote.id}`],
      ['POST', `/quotes/${quote.id}/accept`],
      ['POST', `/quotes/${quote.id}/decline`],
    ];
    const staffRoutes: ['GET' | 'POST' | 'PUT', string][] = [
      ['GET', '/quotes/admin'],
      ['GET', `/quotes/admin/${quote.id}`],
      ['PUT', `/quotes/admin/${quote.id}`],
      ['POST', `/quotes/admin/${quote.id}/send`],
      ['POST', `/quotes/admin/for-customer/${customer.id}`],
    ];
    for (const [method, url] of [...customerRoutes, ...staffRoutes]) {
      expect((await call(null, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url] of staffRoutes) {
      expect((await call(customer, method, url, {})).statusCode, `${method} ${url}`).toBe(403);
    }
    const mails = (await db.select({ n: count() }).from(outbox))[0]!.n;
    expect(mails).toBeGreaterThan(0);
  });
});
