import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTE_MAX } from '../../shared/customers';
import { customerNotes, payments } from '../db/schema';
import { postContact, validGuest } from '../test/contact';
import { createTestApp } from '../test/harness';
import { fillCart, mailsTo } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin', { firstName: 'Ada', lastName: 'Admin' });
const employee = await signedIn(app, 'employee', { firstName: 'Eli', lastName: 'Staff' });

const dept = await app.inject({
  method: 'POST',
  url: '/api/v1/departments/',
  headers: admin.headers,
  payload: { name: 'Record Fire', domains: ['recordfire.gov'], requires_approval: false, allowance_amount: 50 },
});
expect(dept.statusCode, dept.body).toBe(201);

async function place(who: SignedIn, body: object = { fulfillment: 'pickup' }) {
  await fillCart(app, who.id, [{ quantity: 2 }]);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: who.headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: number; order_number: string; total: number };
}

const record = (id: number, who: SignedIn = employee) =>
  app.inject({ method: 'GET', url: `/api/v1/customers/${id}`, headers: who.headers });

describe('customer record', () => {
  it('shows contact, department, allowance, orders with their balance, total spent, conversations and notes', async () => {
    const member = await signedIn(app, 'other', {
      email: `rec-${Date.now()}@recordfire.gov`,
      firstName: 'Rita',
      lastName: 'Ortiz',
      addressLine1: '1 Fire Station Rd',
    });
    const paid = await place(member);
    const open = await place(member);
    const cancelled = await place(member);
    // Staff take a payment for one, cancel another.
    await db.insert(payments).values({ orderId: paid.id, kind: 'payment', method: 'cash', amountCents: 1000 });
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${cancelled.id}/status`,
      headers: admin.headers,
      payload: { status: 'cancelled', reason: 'Changed mind' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const res = await record(member.id);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().customer;
    expect(c).toMatchObject({
      id: member.id,
      email: member.email,
      name: 'Rita Ortiz',
      phone: '6025550100',
      address: { address_line1: '1 Fire Station Rd', city: 'Phoenix', state: 'AZ', zip_code: '85004' },
      department: { id: dept.json().department.id, name: 'Record Fire' },
      notes: [],
      conversations: [],
    });
    // The allowance ($50) paid the first order's garments; the others paid in full.
    expect(c.allowance).toMatchObject({ amount: 50, department: 'Record Fire' });
    expect(c.orders.map((o: { id: number }) => o.id)).toEqual([cancelled.id, open.id, paid.id]);
    const byId = new Map(c.orders.map((o: { id: number }) => [o.id, o]));
    expect(byId.get(cancelled.id)).toMatchObject({ status: 'cancelled', balance: 0, payment_status: 'nothing_due' });
    expect(byId.get(open.id)).toMatchObject({ status: 'pending', balance: open.total, payment_status: 'unpaid' });
    const paidRow = byId.get(paid.id) as { balance: number; total: number; payment_status: string };
    expect(Math.round(paidRow.balance * 100)).toBe(Math.max(0, Math.round(paid.total * 100) - 1000));
    // Total spent: the two orders that count as sales, allowance included (the cancelled one is out).
    const orders = await app.inject({ method: 'GET', url: '/api/v1/orders/', headers: member.headers });
    const sale = (o: { subtotal: number; tax_amount: number; shipping_cost: number }) =>
      Math.round(o.subtotal * 100) + Math.round(o.tax_amount * 100) + Math.round(o.shipping_cost * 100);
    const mine = orders.json().orders as { id: number; subtotal: number; tax_amount: number; shipping_cost: number }[];
    const expected = mine.filter((o) => o.id !== cancelled.id).reduce((s, o) => s + sale(o), 0);
    expect(Math.round(c.total_spent * 100)).toBe(expected);
  });

  it('keeps staff notes with their author and time, newest first, refusing an empty or too long one', async () => {
    const customer = await signedIn(app, 'other');
    const add = (body: unknown, who: SignedIn = employee) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/customers/${customer.id}/notes`,
        headers: who.headers,
        payload: { body },
      });
    const first = await add('Prefers pickup on Fridays');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().note).toMatchObject({ body: 'Prefers pickup on Fridays', author: 'Eli Staff' });
    expect((await add('  Called about sizes  ', admin)).statusCode).toBe(201);

    for (const [body, message] of [
      ['   ', 'Write the note'],
      [undefined, 'Write the note'],
      ['x'.repeat(NOTE_MAX + 1), `A note is at most ${NOTE_MAX} characters`],
    ] as const) {
      const res = await add(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: [{ field: 'body', message }] });
    }
    const notes = (await record(customer.id)).json().customer.notes;
    expect(notes.map((n: { body: string; author: string }) => [n.body, n.author])).toEqual([
      ['Called about sizes', 'Ada Admin'],
      ['Prefers pickup on Fridays', 'Eli Staff'],
    ]);
    expect(await db.select().from(customerNotes).where(eq(customerNotes.userId, customer.id))).toHaveLength(2);
  });

  it('lets staff start a conversation from the record, mailed to the customer', async () => {
    const customer = await signedIn(app, 'other');
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/contact/customers/${customer.id}/messages`,
      headers: employee.headers,
      payload: { message: 'Your jackets are in, come by any time this week.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = (await record(customer.id)).json().customer;
    expect(c.conversations).toEqual([
      expect.objectContaining({ id: res.json().conversation_id, messages: 1, unread: 0, archived: false }),
    ]);
    const mails = await mailsTo(app, customer.email);
    expect(mails.map((m) => m.subject)).toContain('A message from Copper State Uniforms');
  });

  // Security round 4, finding 6: a guest's message typed under the customer's address showed as the customer's.
  it("marks a conversation a guest started under the customer's address as a guest's, apart from their own", async () => {
    const customer = await signedIn(app, 'other', { email: `alice-${Date.now()}@example.test` });
    const guest = await postContact(app, validGuest({ email: customer.email, message: 'Refund me to this card.' }));
    expect(guest.statusCode, guest.body).toBe(201);
    const own = await app.inject({
      method: 'POST',
      url: `/api/v1/contact/customers/${customer.id}/messages`,
      headers: employee.headers,
      payload: { message: 'Your jackets are in.' },
    });
    expect(own.statusCode, own.body).toBe(201);
    const c = (await record(customer.id)).json().customer;
    const byId = new Map(c.conversations.map((v: { id: number }) => [v.id, v]));
    expect(byId.get(guest.json().conversation_id)).toMatchObject({ guest: true, messages: 1 });
    expect(byId.get(own.json().conversation_id)).toMatchObject({ guest: false, messages: 1 });
  });

  it('answers 404 for an unknown customer and only to staff', async () => {
    const customer = await signedIn(app, 'other');
    const other = await signedIn(app, 'other');
    expect((await record(2_000_000)).statusCode).toBe(404);
    expect((await record(customer.id, customer)).statusCode).toBe(403);
    expect((await record(customer.id, other)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/v1/customers/${customer.id}` })).statusCode).toBe(401);
    const note = await app.inject({
      method: 'POST',
      url: `/api/v1/customers/${customer.id}/notes`,
      headers: customer.headers,
      payload: { body: 'mine' },
    });
    expect(note.statusCode).toBe(403);
    const msg = await app.inject({
      method: 'POST',
      url: `/api/v1/contact/customers/${customer.id}/messages`,
      headers: other.headers,
      payload: { message: 'Not allowed to write this one at all.' },
    });
    expect(msg.statusCode).toBe(403);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/customers/2000000/notes',
      headers: employee.headers,
      payload: { body: 'Nobody' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
