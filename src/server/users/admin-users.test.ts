import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createTestApp } from '../test/harness';
import { json, signedIn } from '../test/users';
import { LAST_ADMIN, patchUser, SELF_DEACTIVATE, SELF_DEMOTE } from './admin-service';

const { app } = await createTestApp();
const db = app.deps.db;

const patch = (headers: Record<string, string>, id: number, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, headers, payload });
const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/v1/users/profile/', headers });

describe('GET /users/', () => {
  it('lists with search over e-mail and names, role filter and paging', async () => {
    const admin = await signedIn(app, 'admin');
    const tag = `zq${Date.now().toString(36)}`;
    await signedIn(app, 'other', { email: `${tag}-a@example.test`, firstName: 'Marta', lastName: 'Quill' });
    await signedIn(app, 'employee', { email: `b-${tag}@example.test`, firstName: 'Joe', lastName: 'Hart' });
    await signedIn(app, 'other', { email: `c@${tag}.test`, firstName: 'Marta', lastName: 'Zed' });

    const byTag = await app.inject({ method: 'GET', url: `/api/v1/users/?search=${tag}`, headers: admin.headers });
    expect(byTag.statusCode).toBe(200);
    expect(byTag.json()).toMatchObject({ success: true, total: 3 });
    expect(byTag.json().users).toHaveLength(3);

    const byName = await app.inject({
      method: 'GET',
      url: `/api/v1/users/?search=${encodeURIComponent('marta quill')}`,
      headers: admin.headers,
    });
    expect(byName.json().users.map((u: { email: string }) => u.email)).toEqual([`${tag}-a@example.test`]);

    const employees = await app.inject({
      method: 'GET',
      url: `/api/v1/users/?search=${tag}&role=employee`,
      headers: admin.headers,
    });
    expect(employees.json()).toMatchObject({
      total: 1,
      users: [{ role: 'employee', first_name: 'Joe', is_active: true }],
    });

    const page1 = await app.inject({
      method: 'GET',
      url: `/api/v1/users?search=${tag}&limit=2&offset=0`,
      headers: admin.headers,
    });
    const page2 = await app.inject({
      method: 'GET',
      url: `/api/v1/users?search=${tag}&limit=2&offset=2`,
      headers: admin.headers,
    });
    expect(page1.json().users).toHaveLength(2);
    expect(page2.json().users).toHaveLength(1);
    expect(page2.json().total).toBe(3);
    const ids = [...page1.json().users, ...page2.json().users].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('treats % and _ in the search as text', async () => {
    const admin = await signedIn(app, 'admin');
    const res = await app.inject({ method: 'GET', url: '/api/v1/users/?search=%25', headers: admin.headers });
    expect(res.json().total).toBe(0);
  });

  it('refuses a limit over 200 and an unknown role', async () => {
    const admin = await signedIn(app, 'admin');
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/users/?limit=201', headers: admin.headers })).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/users/?role=owner', headers: admin.headers })).statusCode,
    ).toBe(400);
  });
});

describe('PATCH /users/:id', () => {
  it('changes a role, effective on the user next request', async () => {
    const admin = await signedIn(app, 'admin');
    const cust = await signedIn(app, 'other');
    expect((await app.inject({ method: 'GET', url: '/api/v1/users/', headers: cust.headers })).statusCode).toBe(403);
    const res = await patch(admin.headers, cust.id, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { id: cust.id, role: 'admin' } });
    expect((await app.inject({ method: 'GET', url: '/api/v1/users/', headers: cust.headers })).statusCode).toBe(200);
    await patch(admin.headers, cust.id, { role: 'employee' });
    expect((await app.inject({ method: 'GET', url: '/api/v1/users/', headers: cust.headers })).statusCode).toBe(403);
  });

  it('deactivation signs the user out at once and revokes every session; reactivation allows a new sign-in', async () => {
    const admin = await signedIn(app, 'admin');
    const cust = await signedIn(app, 'other');
    expect((await me(cust.headers)).statusCode).toBe(200);
    const res = await patch(admin.headers, cust.id, { is_active: false });
    expect(res.json().user).toMatchObject({ is_active: false });
    expect((await me(cust.headers)).statusCode).toBe(401);
    const live = await db.select().from(sessions).where(eq(sessions.userId, cust.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const back = await patch(admin.headers, cust.id, { is_active: true });
    expect(back.json().user).toMatchObject({ is_active: true });
  });

  it('an admin cannot remove their own admin role or deactivate themselves', async () => {
    const admin = await signedIn(app, 'admin');
    const demote = await patch(admin.headers, admin.id, { role: 'employee' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ detail: SELF_DEMOTE, message: SELF_DEMOTE });
    const off = await patch(admin.headers, admin.id, { is_active: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().detail).toBe(SELF_DEACTIVATE);
    const [row] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ role: 'admin', isActive: true });
    expect((await patch(admin.headers, admin.id, { role: 'admin', is_active: true })).statusCode).toBe(200);
  });

  it('another admin can be demoted while one active admin remains', async () => {
    const a = await signedIn(app, 'admin');
    const b = await signedIn(app, 'admin');
    const res = await patch(a.headers, b.id, { role: 'other' });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/users/', headers: b.headers })).statusCode).toBe(403);
  });

  it('the last active admin is never demoted or deactivated', async () => {
    // Leave exactly two active admins: A acts, B is the target; then A loses admin after its request was let in.
    await db.update(users).set({ isActive: false }).where(eq(users.role, 'admin'));
    const a = await signedIn(app, 'admin');
    const b = await signedIn(app, 'admin');
    await db.update(users).set({ role: 'employee' }).where(eq(users.id, a.id));
    for (const change of [{ role: 'employee' as const }, { is_active: false }]) {
      await expect(patchUser(db, a.id, b.id, change)).rejects.toMatchObject({ status: 409, message: LAST_ADMIN });
    }
    const [row] = await db.select().from(users).where(eq(users.id, b.id));
    expect(row).toMatchObject({ role: 'admin', isActive: true });
    // With a second active admin the same change goes through.
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, a.id));
    expect((await patch(a.headers, b.id, { role: 'employee' })).statusCode).toBe(200);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    await db.update(users).set({ isActive: false }).where(eq(users.role, 'admin'));
    const a = await signedIn(app, 'admin');
    const b = await signedIn(app, 'admin');
    const results = await Promise.all([
      patch(a.headers, b.id, { role: 'other' }),
      patch(b.headers, a.id, { role: 'other' }),
    ]);
    expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    const admins = await db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.filter((u) => u.isActive)).toHaveLength(1);
  });

  it('validates the body and the id', async () => {
    const admin = await signedIn(app, 'admin');
    const cust = await signedIn(app, 'other');
    const bad = await patch(admin.headers, cust.id, { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Role must be admin, employee or other');
    const empty = await patch(admin.headers, cust.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Nothing to change: send role or is_active');
    expect((await patch(admin.headers, 99_999_999, { role: 'other' })).statusCode).toBe(404);
  });
});

describe('allowed e-mails and the sign-in policy', () => {
  it('adds addresses and @domains, refuses bad and duplicate entries, deletes', async () => {
    const admin = await signedIn(app, 'admin');
    const add = (pattern: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/allowed-emails/',
        headers: admin.headers,
        payload: { pattern },
      });
    const one = await add('Chief@DVFire.gov');
    expect(one.statusCode).toBe(201);
    expect(one.json().entry).toMatchObject({ pattern: 'chief@dvfire.gov' });
    expect((await add('@city.gov')).json().entry.pattern).toBe('@city.gov');
    for (const bad of ['nope', '@', '@nodot', 'a@b', '']) {
      const res = await add(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/e-mail address or an @domain/);
    }
    const dup = await add('chief@dvfire.gov');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('chief@dvfire.gov is already on the list');

    const list = await app.inject({ method: 'GET', url: '/api/v1/users/allowed-emails/', headers: admin.headers });
    expect(list.json().entries.map((e: { pattern: string }) => e.pattern)).toEqual(['@city.gov', 'chief@dvfire.gov']);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/allowed-emails/${one.json().entry.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(200);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/allowed-emails/${one.json().entry.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses allowed_list while the list is empty and the last entry while the list is in use', async () => {
    const admin = await signedIn(app, 'admin');
    const list = await app.inject({ method: 'GET', url: '/api/v1/users/allowed-emails/', headers: admin.headers });
    for (const e of list.json().entries) {
      await app.inject({ method: 'DELETE', url: `/api/v1/users/allowed-emails/${e.id}`, headers: admin.headers });
    }
    const setPolicy = (policy: string) =>
      app.inject({ method: 'PUT', url: '/api/v1/users/signin-policy/', headers: admin.headers, payload: { policy } });
    const refused = await setPolicy('allowed_list');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Add at least one allowed e-mail or @domain before restricting sign-in to the list',
    );

    const entry = await app.inject({
      method: 'POST',
      url: '/api/v1/users/allowed-emails/',
      headers: admin.headers,
      payload: { pattern: '@shop.test' },
    });
    const ok = await setPolicy('allowed_list');
    expect(ok.json()).toEqual({ success: true, policy: 'allowed_list' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/users/signin-policy/', headers: admin.headers })).json().policy,
    ).toBe('allowed_list');

    const lastDel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/allowed-emails/${entry.json().entry.id}`,
      headers: admin.headers,
    });
    expect(lastDel.statusCode).toBe(409);
    expect(lastDel.json().detail).toMatch(/switch the policy to open/);

    expect((await setPolicy('open')).json().policy).toBe('open');
    expect((await setPolicy('closed')).statusCode).toBe(400);
  });
});

describe('admin-only endpoints refuse everyone else', () => {
  const endpoints: [string, string, object?][] = [
    ['GET', '/api/v1/users/'],
    ['GET', '/api/v1/users'],
    ['PATCH', '/api/v1/users/1', { role: 'admin' }],
    ['GET', '/api/v1/users/allowed-emails/'],
    ['POST', '/api/v1/users/allowed-emails/', { pattern: '@evil.test' }],
    ['DELETE', '/api/v1/users/allowed-emails/1'],
    ['GET', '/api/v1/users/signin-policy/'],
    ['PUT', '/api/v1/users/signin-policy/', { policy: 'open' }],
    ['GET', '/api/v1/departments/'],
    ['POST', '/api/v1/departments/', { name: 'X', approver_emails: ['a@b.gov'] }],
    ['PATCH', '/api/v1/departments/1', { name: 'X' }],
    ['DELETE', '/api/v1/departments/1'],
    ['PUT', '/api/v1/settings/', { tax_rate: 0.05, shipping_cost: 1, customization_cost: 1 }],
    ['PUT', '/api/v1/settings', { tax_rate: 0.05, shipping_cost: 1, customization_cost: 1 }],
  ];

  it.each(endpoints)('%s %s: employee 403, customer 403, guest 401', async (method, url, payload) => {
    const employee = await signedIn(app, 'employee');
    const customer = await signedIn(app, 'other');
    const send = (headers: Record<string, string>) =>
      app.inject({ method: method as 'GET', url, headers, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
    const e = await send(employee.headers);
    expect(e.statusCode).toBe(403);
    expect(e.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await send(customer.headers)).statusCode).toBe(403);
    expect((await send(json)).statusCode).toBe(401);
  });
});
