import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedReplies } from '../db/schema';
import { createTestApp } from '../test/harness';
import { json, signedIn, type SignedIn } from '../test/users';
import type { SavedReply } from '../../shared/saved-replies';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');
const customer = await signedIn(app, 'other');

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: SignedIn | null, body?: unknown) =>
  app.inject({
    method,
    url: `/api/v1/contact/saved-replies${url}`,
    headers: who ? who.headers : json,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const rowCount = async () => (await db.select().from(savedReplies)).length;

async function create(title = 'Order ready', body = 'Your order is ready for pickup.') {
  const res = await call('POST', '', admin, { title, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().saved_reply as SavedReply;
}

describe('saved replies: staff read, admins keep the list', () => {
  it('an admin creates, edits and deletes one; the list follows', async () => {
    const made = await create('  Shipping times ', ' Orders ship in 5-7 business days. ');
    expect(made).toMatchObject({ title: 'Shipping times', body: 'Orders ship in 5-7 business days.' });

    const listed = await call('GET', '', employee);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().saved_replies).toContainEqual(made);

    const edited = await call('PATCH', `/${made.id}`, admin, { body: 'Orders ship in 3-5 business days.' });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await db.select().from(savedReplies).where(eq(savedReplies.id, made.id));
    expect(row).toMatchObject({ title: 'Shipping times', body: 'Orders ship in 3-5 business days.' });

    const gone = await call('DELETE', `/${made.id}`, admin);
    expect(gone.statusCode).toBe(200);
    expect(await db.select().from(savedReplies).where(eq(savedReplies.id, made.id))).toEqual([]);
    expect((await call('DELETE', `/${made.id}`, admin)).statusCode).toBe(404);
    expect((await call('PATCH', `/${made.id}`, admin, { title: 'Again' })).statusCode).toBe(404);
  });

  it('lists by title', async () => {
    await create('Zebra stripes', 'Z');
    await create('Apron sizes', 'A');
    const titles = ((await call('GET', '', admin)).json().saved_replies as SavedReply[]).map((r) => r.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('employees read but may not write (403), customers may not read (403), guests 401; nothing changes', async () => {
    const kept = await create();
    const before = await rowCount();
    expect((await call('POST', '', employee, { title: 'Mine', body: 'Text' })).statusCode).toBe(403);
    expect((await call('PATCH', `/${kept.id}`, employee, { title: 'Mine' })).statusCode).toBe(403);
    expect((await call('DELETE', `/${kept.id}`, employee)).statusCode).toBe(403);
    expect((await call('GET', '', customer)).statusCode).toBe(403);
    expect((await call('GET', '', null)).statusCode).toBe(401);
    expect((await call('POST', '', null, { title: 'Mine', body: 'Text' })).statusCode).toBe(401);
    expect(await rowCount()).toBe(before);
    const [row] = await db.select().from(savedReplies).where(eq(savedReplies.id, kept.id));
    expect(row?.title).toBe('Order ready');
  });

  it.each([
    [{ body: 'Text' }, 'title', 'Title is required'],
    [{ title: '   ', body: 'Text' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(81), body: 'Text' }, 'title', 'Title must be at most 80 characters'],
    [{ title: 'Hello' }, 'body', 'Reply text is required'],
    [{ title: 'Hello', body: '' }, 'body', 'Reply text is required'],
    [{ title: 'Hello', body: 'x'.repeat(5001) }, 'body', 'Reply text must be at most 5000 characters'],
  ])('POST %j is refused naming %s', async (body, field, message) => {
    const before = await rowCount();
    const res = await call('POST', '', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await rowCount()).toBe(before);
  });

  it('a PATCH with nothing to change, a bad field or a bad id is a 400 and changes nothing', async () => {
    const kept = await create();
    expect((await call('PATCH', `/${kept.id}`, admin, {})).statusCode).toBe(400);
    const long = await call('PATCH', `/${kept.id}`, admin, { title: 'x'.repeat(81) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toContainEqual({ field: 'title', message: 'Title must be at most 80 characters' });
    expect((await call('PATCH', '/abc', admin, { title: 'Hi' })).statusCode).toBe(400);
    expect((await call('DELETE', '/0', admin)).statusCode).toBe(400);
    const [row] = await db.select().from(savedReplies).where(eq(savedReplies.id, kept.id));
    expect(row?.title).toBe('Order ready');
  });
});
