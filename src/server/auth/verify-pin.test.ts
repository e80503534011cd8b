import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allowedEmails, loginCodes, rateLimits, sessions, settings, users } from '../db/schema';
import { createTestApp } from '../test/harness';
import { lastCode, otherCode, requestPinCall, travel, verifyPinCall } from '../test/auth';

const { app } = await createTestApp();
const db = app.deps.db;
let n = 0;
const fresh = () => `ver${++n}@example.test`;

async function codeFor(email: string) {
  expect((await requestPinCall(app, email)).statusCode).toBe(200);
  return lastCode(app, email);
}

describe('POST /auth/verify-pin', () => {
  it('creates the user on first sign-in with role other and a pending profile, and sets a session', async () => {
    const email = fresh();
    const res = await verifyPinCall(app, email.toUpperCase(), await codeFor(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: expect.any(String),
      user: { email, role: 'other', needs_profile_completion: true, profile_completed: false, is_active: true },
    });
    const names = res.cookies.map((c) => c.name).sort();
    expect(names).toEqual(['refresh', 'session', 'signed_in']);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user!.lastLoginAt).not.toBeNull();
  });

  it('makes a bootstrap address an admin and issues a new session on every sign-in', async () => {
    const email = 'admin@shop.test';
    const first = await verifyPinCall(app, email, await codeFor(email));
    expect(first.json().user.role).toBe('admin');
    const second = await verifyPinCall(app, email, await codeFor(email));
    expect(second.statusCode).toBe(200);
    const a = first.cookies.find((c) => c.name === 'session')!.value;
    const b = second.cookies.find((c) => c.name === 'session')!.value;
    expect(a).not.toBe(b);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(2);
  });

  it('refuses a wrong code with "Invalid verification code"', async () => {
    const email = fresh();
    const code = await codeFor(email);
    const res = await verifyPinCall(app, email, otherCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      detail: 'Invalid verification code',
      message: 'Invalid verification code',
    });
    expect(res.cookies).toHaveLength(0);
    expect((await verifyPinCall(app, email, code)).statusCode).toBe(200);
  });

  it('accepts only exactly six digits', async () => {
    const email = fresh();
    await codeFor(email);
    for (const pin of ['12345', '1234567', '12a456', ' 12345', '']) {
      const res = await verifyPinCall(app, email, pin);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('pin');
    }
    const [row] = await db.select().from(loginCodes).where(eq(loginCodes.email, email));
    expect(row!.wrongTries).toBe(0);
  });

  it('kills the code after 5 wrong tries, even for the right code', async () => {
    const email = fresh();
    const code = await codeFor(email);
    for (let i = 1; i <= 4; i += 1)
      expect((await verifyPinCall(app, email, otherCode(code))).json().detail).toBe('Invalid verification code');
    const fifth = await verifyPinCall(app, email, otherCode(code));
    expect(fifth.json().detail).toBe('Too many incorrect attempts. Please request a new code.');
    const right = await verifyPinCall(app, email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().detail).toBe('Invalid verification code');
    // A new code works again.
    await travel(app, email, 60);
    expect((await verifyPinCall(app, email, await codeFor(email))).statusCode).toBe(200);
  });

  it('answers a never-seen address, a used code and an expired code alike, so none can be told apart', async () => {
    const unknown = await verifyPinCall(app, fresh(), '123456');

    const usedEmail = fresh();
    const usedCode = await codeFor(usedEmail);
    expect((await verifyPinCall(app, usedEmail, usedCode)).statusCode).toBe(200);
    const used = await verifyPinCall(app, usedEmail, usedCode);

    const expiredEmail = fresh();
    const expiredCode = await codeFor(expiredEmail);
    await travel(app, expiredEmail, 10 * 60);
    const expired = await verifyPinCall(app, expiredEmail, expiredCode);

    for (const res of [unknown, used, expired]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        detail: 'Invalid verification code',
        message: 'Invalid verification code',
        code: 'INVALID_CODE',
      });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('counts no failure for an address without a live code: 101 bogus tries, then the owner signs in', async () => {
    const email = 'owner@example.test';
    for (let i = 0; i < 101; i += 1) {
      const res = await verifyPinCall(app, email, String(100000 + i), { ip: `203.0.113.${i % 50}` });
      expect(res.statusCode).toBe(400);
    }
    const rows = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `verifyPin:account:${email}`));
    expect(rows).toHaveLength(0);
    const res = await verifyPinCall(app, email, await codeFor(email));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('counts no failure against a used, expired or dead code either', async () => {
    const email = fresh();
    const code = await codeFor(email);
    expect((await verifyPinCall(app, email, code)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) await verifyPinCall(app, email, otherCode(code));
    const rows = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `verifyPin:account:${email}`));
    expect(rows).toHaveLength(0);
  });

  it('stops an account after 100 failures in an hour', async () => {
    const email = fresh();
    const code = await codeFor(email);
    await db.insert(rateLimits).values({ key: `verifyPin:account:${email}`, count: 100 });
    const res = await verifyPinCall(app, email, code);
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toContain('Too many attempts. Please try again later.');
    expect(res.json().retry_after_seconds).toBeGreaterThan(0);
  });

  it('counts failures towards the account limit', async () => {
    const email = fresh();
    const code = await codeFor(email);
    await verifyPinCall(app, email, otherCode(code));
    await verifyPinCall(app, email, otherCode(code));
    const [row] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `verifyPin:account:${email}`));
    expect(row!.count).toBe(2);
  });

  it('limits verification attempts per IP address', async () => {
    const ip = '198.51.100.7';
    const email = fresh();
    const code = await codeFor(email);
    await db.insert(rateLimits).values({ key: `verifyPin:ip:${ip}`, count: 120 });
    expect((await verifyPinCall(app, email, code, { ip })).statusCode).toBe(429);
    expect((await verifyPinCall(app, email, code, { ip: '198.51.100.8' })).statusCode).toBe(200);
  });

  it('refuses a deactivated account without creating a session', async () => {
    const email = fresh();
    await db.insert(users).values({ email, isActive: false });
    const res = await verifyPinCall(app, email, await codeFor(email));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/deactivated/);
    expect(res.cookies).toHaveLength(0);
  });

  it('re-checks the allowed list at verification', async () => {
    const email = 'late@outside.test';
    const code = await codeFor(email);
    await db.update(settings).set({ signinPolicy: 'allowed_list' });
    try {
      const refused = await verifyPinCall(app, email, code);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe('Invalid verification code');
      await db.insert(allowedEmails).values({ pattern: '@outside.test' });
      expect((await verifyPinCall(app, email, code)).statusCode).toBe(200);
    } finally {
      await db.update(settings).set({ signinPolicy: 'open' });
    }
  });
});
