import { desc, eq, sql } from 'drizzle-orm';
import type { App } from '../app-types';
import { loginCodes, outbox } from '../db/schema';

// Helpers for the auth API tests: drive the real endpoints and read the code from the outbox.
type Reply = Awaited<ReturnType<App['inject']>>;
const json = { 'content-type': 'application/json' };

export const requestPinCall = (app: App, email: string, opts: { ip?: string; token?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/request-pin',
    headers: json,
    remoteAddress: opts.ip ?? '127.0.0.1',
    payload: { email, ...(opts.token ? { recaptcha_token: opts.token } : {}) },
  });

export const verifyPinCall = (app: App, email: string, pin: string, opts: { ip?: string; token?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-pin',
    headers: json,
    remoteAddress: opts.ip ?? '127.0.0.1',
    payload: { email, pin, ...(opts.token ? { recaptcha_token: opts.token } : {}) },
  });

/** The code in the newest mail to this address. */
export async function lastCode(app: App, email: string): Promise<string> {
  const [mail] = await app.deps.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const match = mail && /\b(\d{6})\b/.exec(mail.textBody);
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1]!;
}

/** A code that is certainly not the live one. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Moves the code's clocks back, as if `seconds` had passed. */
export async function travel(app: App, email: string, seconds: number) {
  const by = sql`make_interval(secs => ${seconds})`;
  await app.deps.db
    .update(loginCodes)
    .set({
      lastSentAt: sql`${loginCodes.lastSentAt} - ${by}`,
      windowStartedAt: sql`${loginCodes.windowStartedAt} - ${by}`,
      expiresAt: sql`${loginCodes.expiresAt} - ${by}`,
    })
    .where(eq(loginCodes.email, email));
}

/** The cookie header a browser would send back after this reply. */
export function cookieHeader(res: Reply, previous: Record<string, string> = {}): Record<string, string> {
  const jar = { ...previous };
  for (const c of res.cookies as { name: string; value: string }[]) {
    if (c.value) jar[c.name] = c.value;
    else delete jar[c.name];
  }
  return jar;
}
export const asCookie = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** Signs in through request-pin and verify-pin; returns the cookie jar. */
export async function signInFlow(app: App, email: string, ip = '127.0.0.1') {
  const req = await requestPinCall(app, email, { ip });
  if (req.statusCode !== 200) throw new Error(`request-pin ${req.statusCode}: ${req.body}`);
  const res = await verifyPinCall(app, email, await lastCode(app, email), { ip });
  if (res.statusCode !== 200) throw new Error(`verify-pin ${res.statusCode}: ${res.body}`);
  return { res, jar: cookieHeader(res) };
}
