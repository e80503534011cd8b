import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/contact';
import type { MyConversationsAnswer, MyThreadAnswer } from '../../shared/my-messages';
import { outbox } from '../db/schema';
import { createOrder, postContact } from '../test/contact';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp({ INBOUND_SECRET: 'order-messages-secret-0123', REPLY_DOMAIN: 'replies.test' });
const db = app.deps.db;
const employee = await signedIn(app, 'employee');
const call = (method: 'GET' | 'POST', url: string, who: SignedIn | null, body?: unknown) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who?.headers ?? json,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

describe('staff write first from an order', () => {
  it("starts the customer's conversation, e-mails it with a reply address, and the customer sees it in Messages", async () => {
    const customer = await signedIn(app, 'other');
    const order = await createOrder(app, customer.id);
    const res = await call('POST', `/contact/orders/${order.id}/messages`, employee, {
      message: 'Your polos are ready, but one size is back-ordered.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reply).toMatchObject({
      direction: 'outbound',
      order_number: order.orderNumber,
      order_id: order.id,
    });
    const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, customer.email)).orderBy(desc(outbox.id));
    expect(mail!.subject).toBe(`About your order ${order.orderNumber} at Copper State Uniforms`);
    expect(mail!.textBody).toContain('/messages');
    expect(mail!.replyTo).toMatch(/^reply\+[A-Za-z0-9_-]{22}@replies\.test$/);

    const mine = (await call('GET', '/contact/mine', customer)).json() as MyConversationsAnswer;
    expect(mine.unread_count).toBe(1);
    const thread = (
      await call('GET', `/contact/mine/${res.json().conversation_id}`, customer)
    ).json() as MyThreadAnswer;
    expect(thread.messages).toMatchObject([{ direction: 'outbound', order_number: order.orderNumber }]);

    const listed = (await call('GET', `/contact/orders/${order.id}/messages`, employee)).json();
    expect(listed.conversation_id).toBe(res.json().conversation_id);
    expect(listed.messages).toHaveLength(1);
  });

  it("lists the customer's own messages about the order, and search finds the order number", async () => {
    const customer = await signedIn(app, 'other');
    const order = await createOrder(app, customer.id);
    const sent = await postContact(
      app,
      {
        contact_type: 'user',
        name: 'Pat Lee',
        email: customer.email,
        reason: 'order_question',
        order_id: order.id,
        message: 'When will this order be ready for pickup?',
      },
      { headers: customer.headers },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const listed = (await call('GET', `/contact/orders/${order.id}/messages`, employee)).json();
    expect(listed.messages.map((m: { message: string }) => m.message)).toEqual([
      'When will this order be ready for pickup?',
    ]);
    const found = (
      await call('GET', `/contact/conversations?search=${encodeURIComponent(order.orderNumber)}`, employee)
    ).json().conversations as Conversation[];
    expect(found.map((c) => c.id)).toEqual([sent.json().conversation_id]);
  });

  it('refuses guests and customers, a missing order (404) and a bad message (400), adding nothing', async () => {
    const customer = await signedIn(app, 'other');
    const order = await createOrder(app, customer.id);
    for (const method of ['GET', 'POST'] as const) {
      const body = method === 'POST' ? { message: 'Hello there' } : undefined;
      expect((await call(method, `/contact/orders/${order.id}/messages`, null, body)).statusCode).toBe(401);
      expect((await call(method, `/contact/orders/${order.id}/messages`, customer, body)).statusCode).toBe(403);
      expect((await call(method, '/contact/orders/2147483647/messages', employee, body)).statusCode).toBe(404);
    }
    for (const [body, text] of [
      [{}, 'Reply message is required'],
      [{ message: '   ' }, 'Reply message is required'],
      [{ message: 'x'.repeat(5001) }, 'Reply must be at most 5000 characters'],
    ] as const) {
      const res = await call('POST', `/contact/orders/${order.id}/messages`, employee, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'message', message: text });
    }
    expect((await call('GET', `/contact/orders/${order.id}/messages`, employee)).json().messages).toEqual([]);
  });
});
