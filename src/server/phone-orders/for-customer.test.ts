import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { departments, orderEvents, orders, outbox, users } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn, type SignedIn } from '../test/users';
import { cartCount, fillCart, mailsTo, someProducts } from '../test/orders';

const { app } = await createTestApp();
const db = app.deps.db;

const employee = await signedIn(app, 'employee');
await db.update(users).set({ firstName: 'Sam', lastName: 'Staff' }).where(eq(users.id, employee.id));
const [a, b] = await someProducts(app, 2);

const twoLines = () => [
  {
    product_id: a!.id,
    size: a!.sizes[0]!.label,
    quantity: 2,
    customizations: [{ type: 'add_name', position: 'left_side', text: 'ORTIZ' }],
  },
  { product_id: b!.id, size: b!.sizes[0]!.label, quantity: 1, customizations: [] },
];

const place = (who: SignedIn, customerId: number, body: object, key?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/orders/admin/for-customer/${customerId}`,
    headers: key ? { ...who.headers, 'idempotency-key': key } : who.headers,
    payload: body,
  });

const counts = async () => ({
  orders: (await db.select({ n: count() }).from(orders))[0]!.n,
  mails: (await db.select({ n: count() }).from(outbox))[0]!.n,
});

describe('staff place an order for a customer (phone or walk-in)', () => {
  it('places the order as the customer: theirs, priced as quoted, mailed to them, the staff member named', async () => {
    const customer = await signedIn(app);
    await fillCart(app, employee.id, [{ quantity: 1 }]);
    await fillCart(app, customer.id, [{ quantity: 4 }]);
    const staffCart = await cartCount(app, employee.id);

    const quote = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/for-customer/${customer.id}/quote`,
      headers: employee.headers,
      payload: { items: twoLines(), fulfillment: 'pickup' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().quote).toMatchObject({ item_count: 3 });

    const res = await place(employee, customer.id, { items: twoLines(), channel: 'phone', fulfillment: 'pickup' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ status: 'pending', payment: { method: 'pickup' }, total: quote.json().quote.total });
    expect(order.items).toHaveLength(2);
    expect(order.items.find((i: { product_id: number }) => i.product_id === a!.id).customizations[0]).toMatchObject({
      type: 'add_name',
      text: 'ORTIZ',
    });

    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.userId).toBe(customer.id);
    const mine = await app.inject({ method: 'GET', url: '/api/v1/orders/', headers: customer.headers });
    expect(mine.json().orders.map((o: { id: number }) => o.id)).toContain(order.id);
    // Neither the staff member's cart nor the customer's own cart is read or emptied.
    expect(await cartCount(app, employee.id)).toBe(staffCart);
    expect(await cartCount(app, customer.id)).toBeGreaterThan(0);

    const mails = await mailsTo(app, customer.email);
    expect(mails.map((m) => m.textBody).join('\n')).toContain(order.order_number);

    const [event] = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(event).toMatchObject({
      actorType: 'staff',
      actorUserId: employee.id,
      details: 'Placed by Sam Staff (phone order)',
    });
    expect(order.events[0].details).toBe('Placed by Sam Staff (phone order)');
  });

  it("sends a department member's order to the department's approvers, on the department's account", async () => {
    const member = await signedIn(app, 'other', { email: `crew-${Date.now()}@dvfire.gov` });
    const before = (await mailsTo(app, 'quartermaster@dvfire.gov')).length;
    const res = await place(employee, member.id, {
      items: twoLines(),
      channel: 'walk_in',
      fulfillment: 'pickup',
      payment_method: 'account',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      status: 'awaiting_approval',
      requires_approval: true,
      payment: { method: 'account' },
      department_name: 'Desert Valley Fire & Medical',
    });
    expect(res.json().order.events[0].details).toBe('Placed by Sam Staff (walk-in order)');
    const approverMails = await mailsTo(app, 'quartermaster@dvfire.gov');
    expect(approverMails.length).toBe(before + 1);
    expect(approverMails.at(-1)!.textBody).toContain(res.json().order.order_number);
  });

  it("refuses the department's account for a customer in no department: 400, nothing written", async () => {
    const customer = await signedIn(app);
    const was = await counts();
    const res = await place(employee, customer.id, {
      items: twoLines(),
      channel: 'phone',
      fulfillment: 'pickup',
      payment_method: 'account',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Only members of a department can put an order on the department's account. Choose pay at pickup.",
    );
    expect(await counts()).toEqual(was);
  });

  it('keeps to what the customer may buy: a limited department refuses a garment outside its catalogue', async () => {
    const [dept] = await db
      .insert(departments)
      .values({
        name: `Limited ${Date.now()}`,
        domains: [`limited${process.pid}.test`],
        approverEmails: [],
        requiresApproval: false,
        productIds: [a!.id],
      })
      .returning();
    const member = await signedIn(app, 'other', { email: `m-${Date.now()}@limited${process.pid}.test` });
    const info = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/admin/for-customer/${member.id}`,
      headers: employee.headers,
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().department.name).toBe(dept!.name);
    expect(info.json().products.map((p: { id: number }) => p.id)).toEqual([a!.id]);
    const was = await counts();
    const res = await place(employee, member.id, { items: twoLines(), channel: 'phone', fulfillment: 'pickup' });
    expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual(was);
  });

  it('checks the input with clear messages', async () => {
    const customer = await signedIn(app);
    const empty = await place(employee, customer.id, { items: [], channel: 'phone', fulfillment: 'pickup' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('An order needs at least one item');
    const noAddress = await place(employee, customer.id, {
      items: twoLines(),
      channel: 'phone',
      fulfillment: 'shipping',
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.body).toContain('A shipping address is required for shipping');
    const noChannel = await place(employee, customer.id, { items: twoLines(), fulfillment: 'pickup' });
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.body).toContain('Say how the order reached you: phone or walk-in');
    const nobody = await place(employee, 99_999_999, { items: twoLines(), channel: 'phone', fulfillment: 'pickup' });
    expect(nobody.statusCode).toBe(404);
  });

  it('lets an employee or admin place it, not a customer (403) nor a guest (401)', async () => {
    const customer = await signedIn(app);
    const other = await signedIn(app);
    const body = { items: twoLines(), channel: 'phone', fulfillment: 'pickup' };
    expect((await place(customer, other.id, body)).statusCode).toBe(403);
    expect((await place(customer, customer.id, body)).statusCode).toBe(403);
    const guest = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/admin/for-customer/${other.id}`,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(guest.statusCode).toBe(401);
    const admin = await signedIn(app, 'admin');
    expect((await place(admin, other.id, body)).statusCode).toBe(201);
  });

  it('places one order for a double click with the same Idempotency-Key', async () => {
    const customer = await signedIn(app);
    const body = { items: twoLines(), channel: 'phone', fulfillment: 'pickup' };
    const key = `phone-${Date.now()}`;
    const first = await place(employee, customer.id, body, key);
    const second = await place(employee, customer.id, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().order.id).toBe(first.json().order.id);
    const theirs = await db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(theirs).toHaveLength(1);
    // The same key for another customer is another order: refused, not replayed.
    const other = await signedIn(app);
    expect((await place(employee, other.id, body, key)).statusCode).toBe(422);
  });
});
