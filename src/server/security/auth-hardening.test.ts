import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asCookie, lastCode, requestPinCall, signInFlow, verifyPinCall } from '../test/auth';
import { hashToken, keyedHash } from '../sessions/tokens';
import { departments } from '../db/schema';
import { selectRows } from '../db/rows';
import { approvalTokensFromMail, fillCart, pickup } from '../test/orders';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

// What src/server/auth/*.test.ts does not already prove: where the secrets come from, how big they are,
// and that no table keeps one in the clear after a whole flow (sign-in, refresh, an order sent for approval).
// Cookie flags, a new session per sign-in, logout and deactivation are covered in auth/session.test.ts,
// auth/verify-pin.test.ts and users/admin-users.test.ts.

const { app } = await createTestApp();
const db = app.deps.db;
let n = 0;
const fresh = (domain = 'example.test') => `hard${++n}-${process.pid}@${domain}`;

afterEach(() => vi.restoreAllMocks());

/** Every row of a table as one text, so a secret anywhere in any column is found. */
async function tableText(table: 'login_codes' | 'sessions' | 'approval_tokens'): Promise<string> {
  return JSON.stringify(await selectRows(db, sql.raw(`select * from ${table}`)));
}

const bytesOf = (b64url: string) => Buffer.from(b64url, 'base64url');

describe('secrets come from the CSPRNG', () => {
  it('draws the 6-digit code with crypto.randomInt over the whole range', async () => {
    const spy = vi.spyOn(crypto, 'randomInt');
    const email = fresh();
    expect((await requestPinCall(app, email)).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledWith(0, 1_000_000);
    const drawn = spy.mock.results.map((r) => String(r.value).padStart(6, '0'));
    expect(drawn).toContain(await lastCode(app, email));
  });

  it('draws session tokens as 32 random bytes (256 bits) with crypto.randomBytes', async () => {
    const spy = vi.spyOn(crypto, 'randomBytes');
    const { jar } = await signInFlow(app, fresh());
    const drawn = spy.mock.results.map((r) => (r.value as Buffer).toString('base64url'));
    for (const name of ['session', 'refresh']) {
      expect(bytesOf(jar[name]!)).toHaveLength(32);
      expect(drawn).toContain(jar[name]);
    }
    expect(spy.mock.calls.filter(([size]) => size === 32).length).toBeGreaterThanOrEqual(2);
  });
});

describe('secrets are stored only hashed', () => {
  it('keeps no sign-in code in login_codes, only its keyed hash', async () => {
    const email = fresh();
    await requestPinCall(app, email);
    const code = await lastCode(app, email);
    const text = await tableText('login_codes');
    expect(text).toContain(keyedHash(app.deps.hashKey, code));
    // The code is six digits: it could appear by chance inside a 64-hex hash, so look for it as its own value.
    expect(text).not.toMatch(new RegExp(`(^|[^0-9a-f])${code}([^0-9a-f]|$)`));
    // A wrong try leaves the stored hash as it was: no code, right or wrong, is ever written down.
    await verifyPinCall(app, email, code === '000000' ? '000001' : '000000');
    expect(await tableText('login_codes')).not.toMatch(/"0{5}[01]"/);
  });

  it('keeps no access or refresh token in sessions, before and after a refresh', async () => {
    const { jar } = await signInFlow(app, fresh());
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: asCookie(jar), 'content-type': 'application/json' },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = Object.fromEntries(refreshed.cookies.filter((c) => c.value).map((c) => [c.name, c.value]));
    const text = await tableText('sessions');
    for (const token of [jar.session!, jar.refresh!, next.session!, next.refresh!]) {
      expect(text).not.toContain(token);
      expect(text).toContain(hashToken(token));
    }
  });

  it('keeps no approval token in approval_tokens; each mailed link carries 32 random bytes', async () => {
    const approver = `approver-${process.pid}@dvfire.gov`;
    await db
      .update(departments)
      .set({ approverEmails: [approver] })
      .where(eq(departments.name, 'Desert Valley Fire & Medical'));
    const crew = await signedIn(app, 'other', { email: fresh('dvfire.gov') });
    await fillCart(app, crew.id, [{ quantity: 1 }]);
    const placed = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: crew.headers, payload: pickup });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.status).toBe('awaiting_approval');
    const tokens = await approvalTokensFromMail(app, approver);
    expect(tokens.length).toBeGreaterThan(0);
    const text = await tableText('approval_tokens');
    for (const token of tokens) {
      expect(bytesOf(token)).toHaveLength(32);
      expect(text).not.toContain(token);
      expect(text).toContain(hashToken(token));
    }
  });
});
