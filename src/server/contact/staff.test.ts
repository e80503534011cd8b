import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, outbox } from '../db/schema';
import { selectRows } from '../db/rows';
import type { MailTransport } from '../mail/transport';
import { createOutboxWorker } from '../mail/worker';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';
import type { ContactMessage, ContactStatistics, Conversation } from '../../shared/contact';
import { postContact, validGuest } from '../test/contact';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');
const customer = await signedIn(app, 'other');

const get = (url: string, who: SignedIn = employee) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers });
const send = (method: 'PUT' | 'POST' | 'PATCH', url: string, body: unknown, who: SignedIn = employee) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload: JSON.stringify(body) });
const stats = async () => (await get('/contact/stats/')).json().statistics as ContactStatistics;

async function newGuestMessage(over: Record<string, unknown> = {}) {
  const res = await postContact(app, validGuest(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; conversation_id: number };
}

describe('staff endpoints refuse guests (401) and customers (403)', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/contact/'],
    ['GET', '/contact/conversations'],
    ['GET', '/contact/1'],
    ['GET', '/contact/stats/'],
    ['GET', '/contact/stats'],
    ['GET', '/contact/thread/1'],
    ['GET', '/contact/1/thread'],
    ['PUT', '/contact/1/read', {}],
    ['POST', '/contact/1/send-reply', { message: 'Hello there' }],
    ['PATCH', '/contact/1', { archived: true }],
  ];
  it.each(endpoints)('%s %s', async (method, url, body) => {
    const opts = (headers: Record<string, string>) => ({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers,
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    expect((await app.inject(opts(json))).statusCode).toBe(401);
    expect((await app.inject(opts(customer.headers))).statusCode).toBe(403);
    expect([401, 403]).not.toContain((await app.inject(opts(admin.headers))).statusCode);
  });
});

describe('counts move pending -> read -> replied', () => {
  it('statistics equal a fresh count of the messages after inserts, changes, replies and deletions', async () => {
    const actual = async () => {
      const [row] = await selectRows<ContactStatistics>(
        db,
        sql`select
          (count(*) filter (where status = 'pending'))::int as pending, (count(*) filter (where status = 'read'))::int as read,
          (count(*) filter (where status = 'replied'))::int as replied, count(*)::int as total,
          (count(distinct conversation_id) filter (where status = 'pending'))::int as total_conversations_with_unread,
          0 as marked_unread
          from messages where direction = 'inbound'`,
      );
      return row;
    };
    const a = await newGuestMessage();
    const b = await newGuestMessage();
    await send('PUT', `/contact/${a.id}/read`, {});
    await send('POST', `/contact/${b.id}/send-reply`, { message: 'Thanks, we will call you.' });
    expect(await stats()).toEqual(await actual());
    // Straight to the database too: the counts follow any writer, and a rolled-back change leaves them alone.
    await db.update(messages).set({ status: 'pending' }).where(eq(messages.id, a.id));
    await db
      .transaction(async (tx) => {
        await tx.update(messages).set({ status: 'replied' }).where(eq(messages.id, a.id));
        tx.rollback();
      })
      .catch(() => {});
    expect(await stats()).toEqual(await actual());
    await db.delete(conversations).where(eq(conversations.id, b.conversation_id));
    expect(await stats()).toEqual(await actual());
  });

  it('adjusts statistics, unread counts and needs_reply', async () => {
    const start = await stats();
    const first = await newGuestMessage();
    const email = (await db.select().from(messages).where(eq(messages.id, first.id)))[0]!.email;
    const second = await newGuestMessage({ email, message: 'One more thing about the jackets, please.' });
    let s = await stats();
    expect(s.pending - start.pending).toBe(2);
    expect(s.total - start.total).toBe(2);
    expect(s.total_conversations_with_unread - start.total_conversations_with_unread).toBe(1);

    const one = await send('PUT', `/contact/${first.id}/read`, {});
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ updated: 1, message: { status: 'read' } });
    s = await stats();
    expect([s.pending - start.pending, s.read - start.read]).toEqual([1, 1]);

    const conv = (q: string) =>
      get(`/contact/conversations?search=${encodeURIComponent(email)}${q}`).then(
        (r) => r.json().conversations as Conversation[],
      );
    expect((await conv(''))[0]).toMatchObject({ unread_count: 1, message_count: 2, needs_reply: true });

    const all = await send('PUT', `/contact/${first.id}/read`, { scope: 'conversation' });
    expect(all.json().updated).toBe(1);
    s = await stats();
    expect([s.pending - start.pending, s.read - start.read, s.total_conversations_with_unread]).toEqual([
      0,
      2,
      start.total_conversations_with_unread,
    ]);
    expect((await conv(''))[0]!.unread_count).toBe(0);

    const reply = await send('POST', `/contact/${second.id}/send-reply`, {
      message: 'Yes, we embroider jackets too.',
      admin_notes: 'Quoted $12 per name',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    s = await stats();
    expect([s.pending - start.pending, s.read - start.read, s.replied - start.replied]).toEqual([0, 0, 2]);
    expect((await conv(''))[0]).toMatchObject({
      needs_reply: false,
      message_count: 3,
      last_message: { direction: 'outbound' },
    });
  });

  it('PATCH sets a status, archives and unarchives the conversation', async () => {
    const m = await newGuestMessage();
    expect((await send('PATCH', `/contact/${m.id}`, { status: 'read' })).json().message.status).toBe('read');
    expect((await send('PATCH', `/contact/${m.id}`, { status: 'pending' })).json().message).toMatchObject({
      status: 'pending',
      read_at: null,
    });
    expect((await send('PATCH', `/contact/${m.id}`, { archived: true })).statusCode).toBe(200);
    expect((await get(`/contact/thread/${m.conversation_id}`)).json().conversation.archived).toBe(true);
    expect((await send('PATCH', `/contact/${m.id}`, { archived: false })).statusCode).toBe(200);
    expect((await get(`/contact/thread/${m.conversation_id}`)).json().conversation.archived).toBe(false);
    expect((await send('PATCH', `/contact/${m.id}`, {})).statusCode).toBe(400);
    expect((await send('PATCH', '/contact/99999999', { archived: true })).statusCode).toBe(404);
  });
});

describe('replies', () => {
  it('validates the reply body', async () => {
    const m = await newGuestMessage();
    const empty = await send('POST', `/contact/${m.id}/send-reply`, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Reply message is required');
    const long = await send('POST', `/contact/${m.id}/send-reply`, { message: 'x'.repeat(5001) });
    expect(long.json().detail).toBe('Reply must be at most 5000 characters');
    expect((await send('POST', '/contact/99999999/send-reply', { message: 'Hello' })).statusCode).toBe(404);
  });

  it('stores the reply in the thread and e-mails it exactly once, without the admin notes, even across worker restarts', async () => {
    const guest = validGuest();
    const m = await newGuestMessage(guest);
    const notes = 'INTERNAL-NOTE-do-not-send';
    const res = await send('POST', `/contact/${m.id}/send-reply`, {
      message: 'Thanks for writing. Names are $6 each.',
      admin_notes: notes,
    });
    expect(res.statusCode).toBe(201);
    // The guest's receipt for their message, then the reply.
    const rows = (await db.select().from(outbox).where(eq(outbox.toAddress, guest.email))).filter(
      (r) => r.kind === 'contact_reply',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toMatch(/^Re: your message to /);
    expect(rows[0]!.textBody).toContain('Names are $6 each.');
    expect(rows[0]!.textBody + rows[0]!.htmlBody).not.toContain(notes);

    const sent: string[] = [];
    const transport: MailTransport = {
      name: 'smtp',
      send: async (mail) => void sent.push(`${mail.to} ${mail.subject}`),
      close: () => {},
    };
    const run = () =>
      createOutboxWorker({ db, transport, from: 'shop@example.test', log: app.log, pollMs: 60_000 }).runOnce();
    await run();
    await run(); // a second worker (a restart) finds nothing left to send
    expect(sent.filter((s) => s.startsWith(`${guest.email} Re: your message to`))).toHaveLength(1);

    const thread = (await get(`/contact/thread/${m.conversation_id}`)).json() as { messages: ContactMessage[] };
    expect(thread.messages.map((x) => [x.direction, x.status])).toEqual([
      ['inbound', 'replied'],
      ['outbound', null],
    ]);
    expect(thread.messages[1]).toMatchObject({
      admin_notes: notes,
      reply_to_message_id: m.id,
      staff_user_id: employee.id,
    });
    const viaMessage = (await get(`/contact/${m.id}/thread`)).json() as { messages: ContactMessage[] };
    expect(viaMessage.messages.map((x) => x.id)).toEqual(thread.messages.map((x) => x.id));
    expect((await get(`/contact/${m.id}`)).json().message).toMatchObject({
      id: m.id,
      status: 'replied',
      email: guest.email,
    });
  });
});

describe('lists, filters, search and paging on a seeded set', () => {
  const tag = `seed${Date.now().toString(36)}`;
  const N = 60; // conversations, 5 messages each = 300 messages
  beforeAll(async () => {
    const convs = await db
      .insert(conversations)
      .values(
        Array.from({ length: N }, (_, i) => ({
          email: `${tag}-${i}@example.test`,
          name: i % 10 === 0 ? `Zelda ${tag}` : `Person ${i}`,
          archived: i % 6 === 5,
          lastMessageAt: sql`now() - make_interval(mins => ${i})`,
        })),
      )
      .returning();
    const rows: (typeof messages.$inferInsert)[] = [];
    convs.forEach((c, i) => {
      for (let k = 0; k < 5; k++) {
        const status = i % 3 === 0 ? 'pending' : i % 3 === 1 ? 'read' : 'replied';
        rows.push({
          conversationId: c.id,
          direction: 'inbound',
          name: c.name,
          email: c.email,
          body:
            k === 4 && i % 7 === 0
              ? `Needle-${tag} in the haystack message ${i}`
              : `Message ${k} from ${c.name} about uniforms`,
          reason: i % 4 === 0 ? 'order_problem' : 'general',
          orderNumber: i % 4 === 0 ? `ORD-${i}` : null,
          status,
          createdAt: sql`now() - make_interval(mins => ${i}, secs => ${5 - k})` as unknown as Date,
        });
      }
    });
    await db.insert(messages).values(rows);
  });

  type Page = { conversations: Conversation[]; pagination: { page: number; per_page: number; total: number } };
  const list = async (q: string) => {
    const res = await get(`/contact/conversations?search=${tag}&${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const idx = (c: Conversation) => Number(c.email.split('-').pop()!.split('@')[0]);

  it('defaults to 20 per page, newest first, archived excluded, with a total', async () => {
    const p1 = await list('');
    const visible = Array.from({ length: N }, (_, i) => i).filter((i) => i % 6 !== 5);
    expect(p1.pagination).toMatchObject({ page: 1, per_page: 20, total: visible.length });
    expect(p1.conversations.map(idx)).toEqual(visible.slice(0, 20));
    const p3 = await list('page=3');
    expect(p3.conversations.map(idx)).toEqual(visible.slice(40, 60));
    const past = await list('page=9');
    expect(past.conversations).toEqual([]);
    expect(past.pagination.total).toBe(visible.length);
    const big = await list('per_page=100&include_archived=true');
    expect(big.conversations).toHaveLength(N);
  });

  it('each row carries counts, the last message, reason and order', async () => {
    const c = (await list('per_page=100')).conversations.find((x) => idx(x) === 0)!;
    expect(c).toMatchObject({
      unread_count: 5,
      message_count: 5,
      needs_reply: true,
      last_reason: 'order_problem',
      last_order_number: 'ORD-0',
    });
    expect(c.last_message!.body).toBe(`Needle-${tag} in the haystack message 0`);
  });

  it('filters: unread, needs reply, archived only, status, category, text', async () => {
    const ids = async (q: string) => (await list(`per_page=100&${q}`)).conversations.map(idx).sort((a, b) => a - b);
    const range = (f: (i: number) => boolean) => Array.from({ length: N }, (_, i) => i).filter(f);
    const live = (i: number) => i % 6 !== 5;
    expect(await ids('show_unread=true')).toEqual(range((i) => live(i) && i % 3 === 0));
    expect(await ids('show_needs_reply=true')).toEqual(range((i) => live(i) && i % 3 !== 2));
    expect(await ids('archived_only=true')).toEqual(range((i) => i % 6 === 5));
    expect(await ids('status=read&include_archived=true')).toEqual(range((i) => i % 3 === 1));
    expect(await ids('category=order_problem')).toEqual(range((i) => live(i) && i % 4 === 0));
    const needle = await get(`/contact/conversations?per_page=100&include_archived=1&search=needle-${tag}`);
    expect((needle.json() as Page).conversations.map(idx).sort((a, b) => a - b)).toEqual(range((i) => i % 7 === 0));
    const byName = await get(
      `/contact/conversations?per_page=100&include_archived=1&search=${encodeURIComponent(`zelda ${tag}`)}`,
    );
    expect((byName.json() as Page).conversations.map(idx).sort((a, b) => a - b)).toEqual(range((i) => i % 10 === 0));
    const pct = await get(`/contact/conversations?search=${encodeURIComponent('%')}${tag}`);
    expect((pct.json() as Page).conversations).toEqual([]);
    expect((await get('/contact/conversations?per_page=101')).statusCode).toBe(400);
    expect((await get('/contact/conversations?category=refund')).statusCode).toBe(400);
  });

  it('GET /contact/ pages customer messages (50 by default) and filters by status', async () => {
    const res = await get('/contact/');
    const body = res.json() as {
      messages: ContactMessage[];
      pagination: { per_page: number; total: number };
      statistics: ContactStatistics;
    };
    expect(body.pagination.per_page).toBe(50);
    expect(body.messages).toHaveLength(50);
    expect(body.pagination.total).toBe(body.statistics.total);
    const read = (await get('/contact/?status=read&per_page=100')).json() as {
      messages: ContactMessage[];
      pagination: { total: number };
      statistics: ContactStatistics;
    };
    expect(read.messages.every((m) => m.status === 'read')).toBe(true);
    expect(read.pagination.total).toBe(read.statistics.read);
  });
});
