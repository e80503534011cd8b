import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyConversationsAnswer, MyThreadAnswer } from '../../shared/my-messages';
import { conversations, messages } from '../db/schema';
import { lastCode, requestPinCall, verifyPinCall } from '../test/auth';
import { postContact, validGuest } from '../test/contact';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const employee = await signedIn(app, 'employee');

const get = (url: string, who: SignedIn | null) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who?.headers ?? json });
const post = (url: string, body: unknown, who: SignedIn | null) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who?.headers ?? json, payload: JSON.stringify(body) });

const LONG_ENOUGH = 'Thanks, the medium polo works for me.';

/** A customer who wrote once through the signed-in contact form; answers their conversation id and message id. */
async function customerWithConversation() {
  const who = await signedIn(app, 'other');
  const res = await postContact(
    app,
    { contact_type: 'user', name: 'Pat Lee', email: who.email, reason: 'general', message: 'Do you have polos in XL?' },
    { headers: who.headers },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { who, ...(res.json() as { id: number; conversation_id: number }) };
}

describe('GET /contact/mine', () => {
  it('refuses a guest (401) and answers staff replies as unread until the thread is opened', async () => {
    expect((await get('/contact/mine', null)).statusCode).toBe(401);
    const { who, id, conversation_id } = await customerWithConversation();
    let list = (await get('/contact/mine', who)).json() as MyConversationsAnswer;
    expect(list.conversations.map((c) => c.id)).toEqual([conversation_id]);
    expect(list.unread_count).toBe(0);

    const staffReply = await post(`/contact/${id}/send-reply`, { message: 'Yes, XL is in stock.' }, employee);
    expect(staffReply.statusCode, staffReply.body).toBe(201);
    list = (await get('/contact/mine', who)).json() as MyConversationsAnswer;
    expect(list.unread_count).toBe(1);
    expect(list.conversations[0]!.last_message).toMatchObject({ body: 'Yes, XL is in stock.', direction: 'outbound' });

    const thread = (await get(`/contact/mine/${conversation_id}`, who)).json() as MyThreadAnswer;
    expect(thread.messages.map((m) => [m.direction, m.message])).toEqual([
      ['inbound', 'Do you have polos in XL?'],
      ['outbound', 'Yes, XL is in stock.'],
    ]);
    // Internal notes and statuses are staff-only: not even their keys reach the customer.
    expect(Object.keys(thread.messages[1]!)).not.toContain('admin_notes');
    expect(Object.keys(thread.messages[0]!)).not.toContain('status');
    expect(((await get('/contact/mine', who)).json() as MyConversationsAnswer).unread_count).toBe(0);
  });

  it("a guest writing with a customer's address never lands in the customer's Messages as theirs (security round 3, finding 1)", async () => {
    const { who, conversation_id } = await customerWithConversation();
    const forged = 'I want to cancel everything and send the refund to a new card.';
    const guest = await postContact(app, validGuest({ email: who.email.toUpperCase(), message: forged }));
    expect(guest.statusCode).toBe(201);
    // The customer's next visit, and a fresh sign-in through the real code flow.
    await requestPinCall(app, who.email);
    const signIn = await verifyPinCall(app, who.email, await lastCode(app, who.email));
    expect(signIn.statusCode, signIn.body).toBe(200);
    const list = (await get('/contact/mine', who)).json() as MyConversationsAnswer;
    expect(list.conversations.map((c) => [c.id, c.message_count])).toEqual([[conversation_id, 1]]);
    const thread = (await get(`/contact/mine/${conversation_id}`, who)).json() as MyThreadAnswer;
    expect(thread.messages.map((m) => m.message)).not.toContain(forged);
    expect((await get(`/contact/mine/${guest.json().conversation_id}`, who)).statusCode).toBe(404);
    // Staff still see it, apart: the guest conversation keeps no user.
    const [row] = await db.select().from(conversations).where(eq(conversations.id, guest.json().conversation_id));
    expect(row!.userId).toBeNull();
    const own = await db.select().from(messages).where(eq(messages.conversationId, conversation_id));
    expect(own.map((m) => m.body)).not.toContain(forged);
  });

  it('a guest message that joined the conversation before this rule is marked as sent without signing in', async () => {
    const { who, conversation_id } = await customerWithConversation();
    // As the earlier adoption left it: the guest's message inside the customer's conversation.
    await db.insert(messages).values({
      conversationId: conversation_id,
      direction: 'inbound',
      name: 'Someone',
      email: who.email,
      body: 'Written by a guest who typed this address.',
      contactType: 'guest',
      status: 'pending',
    });
    const thread = (await get(`/contact/mine/${conversation_id}`, who)).json() as MyThreadAnswer;
    expect(thread.messages.map((m) => [m.message, m.signed_out])).toEqual([
      ['Do you have polos in XL?', false],
      ['Written by a guest who typed this address.', true],
    ]);
  });

  it('a guest-only address stays a guest conversation after that address signs in', async () => {
    const address = `Mixed.Case-${Date.now()}@example.test`;
    const guest = await postContact(app, validGuest({ email: address }));
    expect(guest.statusCode).toBe(201);
    const who = await signedIn(app, 'other', { email: address.toLowerCase() });
    const list = (await get('/contact/mine', who)).json() as MyConversationsAnswer;
    expect(list.conversations).toEqual([]);
    const [row] = await db.select().from(conversations).where(eq(conversations.id, guest.json().conversation_id));
    expect(row!.userId).toBeNull();
  });
});

describe('GET /contact/mine/:id', () => {
  it("answers 404 for another customer's conversation, a missing one and 400 for a bad id", async () => {
    const a = await customerWithConversation();
    const b = await customerWithConversation();
    const other = await get(`/contact/mine/${a.conversation_id}`, b.who);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Do you have polos');
    expect((await get('/contact/mine/2147483647', a.who)).statusCode).toBe(404);
    expect((await get('/contact/mine/abc', a.who)).statusCode).toBe(400);
    expect((await get(`/contact/mine/${a.conversation_id}`, null)).statusCode).toBe(401);
  });
});

describe('POST /contact/mine/:id/reply', () => {
  it('adds a pending customer message that staff see, newest at the bottom', async () => {
    const { who, conversation_id } = await customerWithConversation();
    const res = await post(`/contact/mine/${conversation_id}/reply`, { message: LONG_ENOUGH }, who);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().reply).toMatchObject({ direction: 'inbound', message: LONG_ENOUGH, source: 'web' });
    const staffView = (await get(`/contact/thread/${conversation_id}`, employee)).json();
    expect(staffView.messages.at(-1)).toMatchObject({ message: LONG_ENOUGH, status: 'pending', email: who.email });
  });

  it.each([
    [{}, 'Message is required'],
    [{ message: '' }, 'Message is required'],
    [{ message: 'too short' }, 'Message must be at least 20 characters'],
    [{ message: 'x'.repeat(1001) }, 'Message must be less than 1000 characters'],
  ])('refuses %j with 400 "%s" and adds nothing', async (body, text) => {
    const { who, conversation_id } = await customerWithConversation();
    const res = await post(`/contact/mine/${conversation_id}/reply`, body, who);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'message', message: text });
    expect(await db.select().from(messages).where(eq(messages.conversationId, conversation_id))).toHaveLength(1);
  });

  it("refuses another customer's conversation with 404 and adds nothing", async () => {
    const a = await customerWithConversation();
    const b = await customerWithConversation();
    const res = await post(`/contact/mine/${a.conversation_id}/reply`, { message: LONG_ENOUGH }, b.who);
    expect(res.statusCode).toBe(404);
    expect(await db.select().from(messages).where(eq(messages.conversationId, a.conversation_id))).toHaveLength(1);
    expect((await post(`/contact/mine/${a.conversation_id}/reply`, { message: LONG_ENOUGH }, null)).statusCode).toBe(
      401,
    );
  });
});
