import { eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createTestApp } from '../test/harness';
import { asCookie, cookieHeader, signInFlow } from '../test/auth';

const { app } = await createTestApp();
const https = await createTestApp({ APP_URL: 'https://shop.test' });
const db = app.deps.db;
let n = 0;
const fresh = () => `ses${++n}@example.test`;

const get = (url: string, jar: Record<string, string>, target = app) =>
  target.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: asCookie(jar) } });
const post = (url: string, jar: Record<string, string>, target = app) =>
  target.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { cookie: asCookie(jar), 'content-type': 'application/json' },
  });

describe('GET /auth/me and /auth/check', () => {
  it('answer the signed-in user', async () => {
    const email = fresh();
    const { jar } = await signInFlow(app, email);
    const me = await get('/auth/me', jar);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ success: true, message: expect.any(String), user: { email, role: 'other' } });
    expect(me.headers['cache-control']).toBe('no-store');
    const check = await get('/auth/check', jar);
    expect(check.json()).toEqual({
      success: true,
      authenticated: true,
      user: { id: me.json().user.id, role: 'other' },
    });
  });

  it('answer 401 Not authenticated to a guest or a forged cookie', async () => {
    const jars: Record<string, string>[] = [{}, { session: 'forged' }];
    for (const jar of jars) {
      const me = await get('/auth/me', jar);
      expect(me.statusCode).toBe(401);
      expect(me.json()).toMatchObject({ success: false, detail: 'Not authenticated', message: 'Not authenticated' });
      expect((await get('/auth/check', jar)).statusCode).toBe(401);
    }
  });
});

describe('POST /auth/refresh', () => {
  it('rotates both tokens; the old access token stops working', async () => {
    const { jar } = await signInFlow(app, fresh());
    const res = await post('/auth/refresh', jar);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const next = cookieHeader(res, jar);
    expect(next.session).not.toBe(jar.session);
    expect(next.refresh).not.toBe(jar.refresh);
    expect((await get('/auth/me', next)).statusCode).toBe(200);
    expect((await get('/auth/me', jar)).statusCode).toBe(401);
  });

  it('treats reuse of an old refresh token as theft: the whole family is revoked', async () => {
    const { jar } = await signInFlow(app, fresh());
    const rotated = cookieHeader(await post('/auth/refresh', jar), jar);
    // Within the grace window (two tabs racing) the old token is refused without revoking anything.
    expect((await post('/auth/refresh', jar)).statusCode).toBe(401);
    expect((await get('/auth/me', rotated)).statusCode).toBe(200);
    await db
      .update(sessions)
      .set({ rotatedAt: sql`${sessions.rotatedAt} - interval '1 minute'` })
      .where(isNotNull(sessions.rotatedAt));
    const reuse = await post('/auth/refresh', jar);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.cookies.every((c) => c.value === '')).toBe(true);
    // The legitimate holder of the newer tokens is signed out too.
    expect((await get('/auth/me', rotated)).statusCode).toBe(401);
    expect((await post('/auth/refresh', rotated)).statusCode).toBe(401);
  });

  it('answers 401 without a refresh cookie or with an expired one', async () => {
    const none = await post('/auth/refresh', {});
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe('Not authenticated');
    const email = fresh();
    const { jar } = await signInFlow(app, email);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    await db
      .update(sessions)
      .set({ refreshExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user!.id));
    expect((await post('/auth/refresh', jar)).statusCode).toBe(401);
  });

  it('refuses a deactivated user', async () => {
    const email = fresh();
    const { jar } = await signInFlow(app, email);
    await db.update(users).set({ isActive: false }).where(eq(users.email, email));
    expect((await post('/auth/refresh', jar)).statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session on the server and clears the cookies', async () => {
    const { jar } = await signInFlow(app, fresh());
    const res = await post('/auth/logout', jar);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const cleared = res.cookies
      .filter((c) => c.value === '')
      .map((c) => c.name)
      .sort();
    expect(cleared).toEqual(['refresh', 'session', 'signed_in']);
    // A copy of the old cookies is useless afterwards.
    expect((await get('/auth/me', jar)).statusCode).toBe(401);
    expect((await post('/auth/refresh', jar)).statusCode).toBe(401);
  });

  it('works when signed out', async () => {
    const res = await post('/auth/logout', {});
    expect(res.statusCode).toBe(200);
  });
});

describe('role changes and deactivation', () => {
  it('a role change applies on the next request', async () => {
    const email = fresh();
    const { jar } = await signInFlow(app, email);
    const body = JSON.stringify({ tax_rate: 0.078, shipping_cost: 8, customization_cost: 6 });
    const put = () =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/settings/',
        headers: { cookie: asCookie(jar), 'content-type': 'application/json' },
        payload: body,
      });
    expect((await put()).statusCode).toBe(403);
    await db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
    expect((await put()).statusCode).toBe(200);
    expect((await get('/auth/check', jar)).json().user.role).toBe('admin');
    await db.update(users).set({ role: 'other' }).where(eq(users.email, email));
    expect((await put()).statusCode).toBe(403);
  });

  it('deactivation ends access on the next request', async () => {
    const email = fresh();
    const { jar } = await signInFlow(app, email);
    expect((await get('/auth/me', jar)).statusCode).toBe(200);
    await db.update(users).set({ isActive: false }).where(eq(users.email, email));
    expect((await get('/auth/me', jar)).statusCode).toBe(401);
  });
});

describe('cookie flags', () => {
  it('are HttpOnly and SameSite=Lax over plain http, without Secure', async () => {
    const { res } = await signInFlow(app, fresh());
    const all = [res.headers['set-cookie']].flat() as string[];
    expect(all).toHaveLength(3);
    const raw = all.filter((l) => !l.startsWith('signed_in='));
    for (const line of raw) {
      expect(line).toMatch(/^(session|refresh)=/);
      expect(line).toContain('HttpOnly');
      expect(line).toContain('SameSite=Lax');
      expect(line).toContain('Path=/');
      expect(line).not.toContain('Secure');
    }
  });

  it('are Secure with the __Host- prefix under an https APP_URL', async () => {
    const { res, jar } = await signInFlow(https.app, fresh());
    const all = [res.headers['set-cookie']].flat() as string[];
    expect(all.map((l) => l.split('=')[0]).sort()).toEqual(['__Host-refresh', '__Host-session', 'signed_in']);
    const raw = all.filter((l) => !l.startsWith('signed_in='));
    for (const line of raw) {
      expect(line).toContain('Secure');
      expect(line).toContain('HttpOnly');
      expect(line).toContain('SameSite=Lax');
      expect(line).toContain('Path=/');
      expect(line).not.toContain('Domain=');
    }
    // The hint carries no secret; it is the only cookie script can read.
    const hint = all.find((l) => l.startsWith('signed_in='))!;
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toContain('HttpOnly');
    expect(hint).toContain('Secure');
    expect((await get('/auth/me', jar, https.app)).statusCode).toBe(200);
    // The plain-named cookie is not accepted under https.
    expect((await get('/auth/me', { session: jar['__Host-session']! }, https.app)).statusCode).toBe(401);
  });
});
