import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '../db/schema';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';
import { postContact, validGuest } from '../test/contact';
import type { ContactStatistics, Conversation, StaffMember } from '../../shared/contact';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin', { firstName: 'Ada', lastName: 'Admin' });
const employee = await signedIn(app, 'employee', { firstName: 'Eli', lastName: 'Employee' });
const customer = await signedIn(app, 'other');
const inactive = await signedIn(app, 'employee', { isActive: false });

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: SignedIn | null = employee, body?: unknown) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? who.headers : json,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const stats = async () => (await call('GET', '/contact/stats/')).json().statistics as ContactStatistics;
const list = async (query: string, who: SignedIn = employee) => {
  const res = await call('GET', `/contact/conversations?per_page=100&${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().conversations as Conversation[];
};
const assignedTo = async (id: number) =>
  (await db.select().from(conversations).where(eq(conversations.id, id)))[0]!.assignedTo;

async function newConversation() {
  const res = await postContact(app, validGuest());
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; conversation_id: number };
}

describe('staff tool endpoints refuse guests (401) and customers (403)', () => {
  it.each([
    ['GET', '/contact/staff', undefined],
    ['PUT', '/contact/conversations/1/assignee', { user_id: null }],
    ['PUT', '/contact/conversations/1/unread', undefined],
  ] as const)('%s %s', async (method, url, body) => {
    expect((await call(method, url, null, body)).statusCode).toBe(401);
    expect((await call(method, url, customer, body)).statusCode).toBe(403);
  });
});

describe('assigning a conversation', () => {
  it('lists active staff only, by name', async () => {
    const res = await call('GET', '/contact/staff');
    const ids = (res.json().staff as StaffMember[]).map((s) => s.id);
    expect(ids).toContain(admin.id);
    expect(ids).toContain(employee.id);
    expect(ids).not.toContain(customer.id);
    expect(ids).not.toContain(inactive.id);
    expect(res.json().staff).toContainEqual({ id: admin.id, name: 'Ada Admin', email: admin.email });
  });

  it('assigns to any staff member and unassigns; the list, the thread and "assigned to me" follow', async () => {
    const c = await newConversation();
    const url = `/contact/conversations/${c.conversation_id}/assignee`;
    const res = await call('PUT', url, employee, { user_id: admin.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Assigned to Ada Admin',
      conversation: { assignee: { id: admin.id } },
    });
    expect(await assignedTo(c.conversation_id)).toBe(admin.id);

    const row = (await list('')).find((x) => x.id === c.conversation_id);
    expect(row?.assignee).toEqual({ id: admin.id, name: 'Ada Admin', email: admin.email });
    const thread = (await call('GET', `/contact/thread/${c.conversation_id}`)).json();
    expect(thread.conversation.assignee?.id).toBe(admin.id);

    expect((await list('assigned=me', admin)).map((x) => x.id)).toContain(c.conversation_id);
    expect((await list('assigned=me', employee)).map((x) => x.id)).not.toContain(c.conversation_id);
    expect((await list('assigned=none')).map((x) => x.id)).not.toContain(c.conversation_id);

    await call('PUT', url, employee, { user_id: employee.id });
    expect((await list('assigned=me', employee)).map((x) => x.id)).toContain(c.conversation_id);

    const un = await call('PUT', url, admin, { user_id: null });
    expect(un.json()).toMatchObject({ message: 'Unassigned', conversation: { assignee: null } });
    expect(await assignedTo(c.conversation_id)).toBeNull();
    expect((await list('assigned=none')).map((x) => x.id)).toContain(c.conversation_id);
  });

  it.each([
    ['a customer', () => ({ user_id: customer.id })],
    ['an inactive staff member', () => ({ user_id: inactive.id })],
    ['nobody', () => ({ user_id: 999_999 })],
  ])('refuses %s with a 400 naming user_id and changes nothing', async (_, body) => {
    const c = await newConversation();
    await call('PUT', `/contact/conversations/${c.conversation_id}/assignee`, employee, { user_id: employee.id });
    const res = await call('PUT', `/contact/conversations/${c.conversation_id}/assignee`, employee, body());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'user_id', message: 'Assignee must be a staff member' });
    expect(await assignedTo(c.conversation_id)).toBe(employee.id);
  });

  it.each([[{}], [{ user_id: 'me' }], [{ user_id: 0 }], [{ user_id: 1.5 }]])(
    'refuses the body %j (400)',
    async (body) => {
      const c = await newConversation();
      const res = await call('PUT', `/contact/conversations/${c.conversation_id}/assignee`, employee, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'user_id', message: 'Choose a staff member or Unassigned' });
      expect(await assignedTo(c.conversation_id)).toBeNull();
    },
  );

  it('an unknown conversation is a 404, a bad id a 400; a bad assigned filter a 400', async () => {
    expect((await call('PUT', '/contact/conversations/999999/assignee', employee, { user_id: null })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', '/contact/conversations/x/assignee', employee, { user_id: null })).statusCode).toBe(400);
    expect((await call('GET', '/contact/conversations?assigned=someone')).statusCode).toBe(400);
  });
});

describe('marking a conversation unread', () => {
  it('makes a read conversation unread for staff in the list, the filter and the counts; opening it reads it again', async () => {
    const c = await newConversation();
    await call('PUT', `/contact/${c.id}/read`, employee, { scope: 'conversation' });
    const before = await stats();
    expect((await list('show_unread=true')).map((x) => x.id)).not.toContain(c.conversation_id);

    const res = await call('PUT', `/contact/conversations/${c.conversation_id}/unread`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Marked as unread', conversation: { marked_unread: true } });
    const after = await stats();
    expect(after.marked_unread - before.marked_unread).toBe(1);
    expect(after.total_conversations_with_unread - before.total_conversations_with_unread).toBe(1);
    // The message itself stays read: marking unread does not rewrite what happened to it.
    expect(after.pending).toBe(before.pending);
    expect((await db.select().from(messages).where(eq(messages.id, c.id)))[0]?.status).toBe('read');
    const row = (await list('show_unread=true')).find((x) => x.id === c.conversation_id);
    expect(row).toMatchObject({ marked_unread: true, unread_count: 0 });

    const read = await call('PUT', `/contact/${c.id}/read`, employee, { scope: 'conversation' });
    expect(read.statusCode).toBe(200);
    expect((await stats()).marked_unread).toBe(before.marked_unread);
    expect((await list('show_unread=true')).map((x) => x.id)).not.toContain(c.conversation_id);
  });

  it('a replied conversation stays replied when marked unread; a reply clears the mark', async () => {
    const c = await newConversation();
    await call('POST', `/contact/${c.id}/send-reply`, employee, { message: 'Thanks, on it.' });
    await call('PUT', `/contact/conversations/${c.conversation_id}/unread`);
    const row = (await list('show_unread=true')).find((x) => x.id === c.conversation_id);
    expect(row).toMatchObject({ marked_unread: true, needs_reply: false });
    expect((await db.select().from(messages).where(eq(messages.id, c.id)))[0]?.status).toBe('replied');

    await call('POST', `/contact/${c.id}/send-reply`, employee, { message: 'And one more thing.' });
    expect((await db.select().from(conversations).where(eq(conversations.id, c.conversation_id)))[0]?.staffUnread).toBe(
      false,
    );
  });

  it('a conversation with a pending message counts once, not twice', async () => {
    const c = await newConversation();
    const before = await stats();
    await call('PUT', `/contact/conversations/${c.conversation_id}/unread`);
    const after = await stats();
    expect(after.marked_unread).toBe(before.marked_unread);
    expect(after.total_conversations_with_unread).toBe(before.total_conversations_with_unread);
  });

  it('an unknown conversation is a 404', async () => {
    expect((await call('PUT', '/contact/conversations/999999/unread')).statusCode).toBe(404);
  });
});
