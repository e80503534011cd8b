import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allowedEmails, loginCodes, outbox, rateLimits, settings, users } from '../db/schema';
import { createTestApp } from '../test/harness';
import { keyedHash } from '../sessions/tokens';
import { lastCode, requestPinCall, travel, verifyPinCall } from '../test/auth';

const { app } = await createTestApp();
const db = app.deps.db;
let n = 0;
const fresh = (domain = 'example.test') => `req${++n}@${domain}`;

describe('POST /auth/request-pin', () => {
  it('mails a 6-digit code with the expiry and the shop name, and stores only its keyed hash', async () => {
    const email = fresh();
    const res = await requestPinCall(app, `  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: expect.any(String),
      resends_remaining: 4,
      retry_after_seconds: 60,
    });
    const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mail).toMatchObject({ kind: 'login_code', status: 'pending' });
    expect(mail!.subject).toMatch(/Copper State Uniforms sign-in code/);
    const code = await lastCode(app, email);
    expect(code).toMatch(/^\d{6}$/);
    for (const body of [mail!.textBody, mail!.htmlBody]) {
      expect(body).toContain(code);
      expect(body).toContain('10 minutes');
      expect(body).toContain('Copper State Uniforms');
    }
    const [row] = await db.select().from(loginCodes).where(eq(loginCodes.email, email));
    expect(row!.codeHash).toBe(keyedHash(app.deps.hashKey, code));
    expect(row!.codeHash).not.toContain(code);
    const minutes = (row!.expiresAt.getTime() - row!.lastSentAt.getTime()) / 60_000;
    expect(minutes).toBe(10);
  });

  it('refuses a malformed address with the documented message', async () => {
    const res = await requestPinCall(app, 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Please enter a valid email address' });
    const empty = await requestPinCall(app, '');
    expect(empty.json()).toMatchObject({ detail: 'Email is required' });
  });

  it('follows the resend schedule 60/120/180/180 s, at most 4 resends, with a 429 naming the wait', async () => {
    const email = fresh();
    expect((await requestPinCall(app, email)).statusCode).toBe(200);
    const expected = [
      { cooldown: 60, remainingAfter: 3, nextWait: 120 },
      { cooldown: 120, remainingAfter: 2, nextWait: 180 },
      { cooldown: 180, remainingAfter: 1, nextWait: 180 },
      { cooldown: 180, remainingAfter: 0, nextWait: null },
    ];
    for (const step of expected) {
      const early = await requestPinCall(app, email);
      expect(early.statusCode).toBe(429);
      const body = early.json();
      expect(body.detail).toContain('Too many attempts. Please try again later.');
      expect(body.retry_after_seconds).toBeGreaterThan(step.cooldown - 5);
      expect(body.retry_after_seconds).toBeLessThanOrEqual(step.cooldown);
      expect(body.resends_remaining).toBe(step.remainingAfter + 1);
      expect(body.detail).toMatch(/try again in \d+ (seconds|minutes?)/);
      expect(early.headers['retry-after']).toBe(String(body.retry_after_seconds));

      await travel(app, email, step.cooldown - 2);
      expect((await requestPinCall(app, email)).statusCode).toBe(429);
      await travel(app, email, 2);
      const ok = await requestPinCall(app, email);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().resends_remaining).toBe(step.remainingAfter);
      if (step.nextWait) expect(ok.json().retry_after_seconds).toBe(step.nextWait);
    }
    await travel(app, email, 600);
    const fifth = await requestPinCall(app, email);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ resends_remaining: 0 });
    expect(fifth.json().detail).toContain('Too many attempts. Please try again later.');
    expect(await db.$count(outbox, eq(outbox.toAddress, email))).toBe(5);

    // The window is an hour from the first send; after it the schedule starts over.
    await travel(app, email, 3600);
    const again = await requestPinCall(app, email);
    expect(again.statusCode).toBe(200);
    expect(again.json().resends_remaining).toBe(4);
  });

  it('keeps one live code per address: a resend replaces the old code', async () => {
    const email = fresh();
    await requestPinCall(app, email);
    const first = await lastCode(app, email);
    await travel(app, email, 60);
    await requestPinCall(app, email);
    const second = await lastCode(app, email);
    expect(await db.$count(loginCodes, eq(loginCodes.email, email))).toBe(1);
    if (first !== second) {
      const old = await verifyPinCall(app, email, first);
      expect(old.statusCode).toBe(400);
    }
    expect((await verifyPinCall(app, email, second)).statusCode).toBe(200);
  });

  it('starts a fresh schedule after a successful sign-in', async () => {
    const email = fresh();
    await requestPinCall(app, email);
    await verifyPinCall(app, email, await lastCode(app, email));
    const res = await requestPinCall(app, email);
    expect(res.statusCode).toBe(200);
    expect(res.json().resends_remaining).toBe(4);
  });

  it('limits requests per IP address', async () => {
    const ip = '203.0.113.9';
    await db.insert(rateLimits).values({ key: `requestPin:ip:${ip}`, count: 60 });
    const res = await requestPinCall(app, fresh(), { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toContain('Too many attempts. Please try again later.');
    expect((await requestPinCall(app, fresh(), { ip: '203.0.113.10' })).statusCode).toBe(200);
  });

  it('takes its per-IP ceiling from SIGNIN_IP_LIMIT (an office behind one address)', async () => {
    const office = await createTestApp({ SIGNIN_IP_LIMIT: '100' });
    const ip = '203.0.113.11';
    await office.app.deps.db.insert(rateLimits).values({ key: `requestPin:ip:${ip}`, count: 60 });
    expect((await requestPinCall(office.app, fresh(), { ip })).statusCode).toBe(200);
    await office.app.deps.db
      .update(rateLimits)
      .set({ count: 100 })
      .where(eq(rateLimits.key, `requestPin:ip:${ip}`));
    expect((await requestPinCall(office.app, fresh(), { ip })).statusCode).toBe(429);
    await office.close();
  });

  describe('with the allowed-e-mail list', () => {
    it('sends codes to listed addresses and @domain entries, and a notice instead of a code to the rest', async () => {
      await db.update(settings).set({ signinPolicy: 'allowed_list' });
      await db.insert(allowedEmails).values([{ pattern: 'listed@outside.test' }, { pattern: '@dvfire.gov' }]);
      try {
        expect((await requestPinCall(app, 'listed@outside.test')).statusCode).toBe(200);
        expect((await requestPinCall(app, 'medic@dvfire.gov')).statusCode).toBe(200);
        expect(await lastCode(app, 'medic@dvfire.gov')).toMatch(/^\d{6}$/);
        const refused = await requestPinCall(app, 'stranger@outside.test');
        expect(refused.statusCode).toBe(200);
        // A look-alike domain does not match an @domain entry.
        expect((await requestPinCall(app, 'x@notdvfire.gov')).statusCode).toBe(200);
        for (const to of ['stranger@outside.test', 'x@notdvfire.gov']) {
          const mails = await db.select().from(outbox).where(eq(outbox.toAddress, to));
          expect(mails.map((m) => m.kind)).toEqual(['signin_restricted']);
          expect(mails[0]!.textBody).toMatch(/restricted to approved email addresses/);
          await expect(lastCode(app, to)).rejects.toThrow(/no code/);
        }
        // The notice's address can never sign in: verify answers as for any wrong code.
        const verify = await verifyPinCall(app, 'stranger@outside.test', '123456');
        expect(verify.json()).toMatchObject({ success: false, detail: 'Invalid verification code' });
      } finally {
        await db.update(settings).set({ signinPolicy: 'open' });
      }
      await travel(app, 'stranger@outside.test', 3600);
      expect((await requestPinCall(app, 'stranger@outside.test')).statusCode).toBe(200);
      expect(await lastCode(app, 'stranger@outside.test')).toMatch(/^\d{6}$/);
    });

    it('answers staff, bootstrap admins, customers and strangers who are not on the list the same', async () => {
      await db.insert(users).values([
        { email: 'clerk@shop.test', role: 'employee' },
        { email: 'buyer@outside.test', role: 'other' },
      ]);
      await db.update(settings).set({ signinPolicy: 'allowed_list' });
      await db.insert(allowedEmails).values({ pattern: 'someone-else@outside.test' }).onConflictDoNothing();
      try {
        const answers = [];
        for (const email of ['clerk@shop.test', 'admin@shop.test', 'buyer@outside.test', 'nobody@outside.test']) {
          const res = await requestPinCall(app, email);
          answers.push({ status: res.statusCode, body: res.json() });
        }
        expect(answers[0]).toEqual({
          status: 200,
          body: { success: true, message: expect.any(String), resends_remaining: 4, retry_after_seconds: 60 },
        });
        for (const a of answers) expect(a).toEqual(answers[0]);
        // Staff and bootstrap admins still get their codes, so the list never locks out the admins who edit it.
        expect(await lastCode(app, 'clerk@shop.test')).toMatch(/^\d{6}$/);
        expect(await lastCode(app, 'admin@shop.test')).toMatch(/^\d{6}$/);
        await expect(lastCode(app, 'buyer@outside.test')).rejects.toThrow(/no code/);
      } finally {
        await db.update(settings).set({ signinPolicy: 'open' });
      }
    });
  });
});
