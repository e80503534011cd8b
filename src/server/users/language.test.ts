import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, users } from '../db/schema';
import { createTestApp } from '../test/harness';
import { json, signedIn } from '../test/users';

// A customer's language (docs/product.md#languages): kept on the account, set from the header or the profile, and
// the language of the sign-in code mail and of a first sign-in's new account.

const { app } = await createTestApp();
const db = app.deps.db;

const put = (headers: Record<string, string>, payload: unknown, url = '/api/v1/users/language/') =>
  app.inject({ method: 'PUT', url, headers, payload: payload as object });

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers: json, payload });

async function lastMail(email: string) {
  const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(desc(outbox.id)).limit(1);
  return mail!;
}

describe('PUT /users/language/', () => {
  it('keeps the choice on the account and answers the user with it', async () => {
    const u = await signedIn(app, 'other');
    const res = await put(u.headers, { language: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { id: u.id, language: 'es' } });
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row!.language).toBe('es');
    expect((await put(u.headers, { language: 'en' }, '/api/v1/users/language')).json().user.language).toBe('en');
  });

  it('refuses a language the shop does not speak with a 400 naming the field, and changes nothing', async () => {
    const u = await signedIn(app, 'other');
    const res = await put(u.headers, { language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('language');
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row!.language).toBe('en');
  });

  it('refuses guests with 401', async () => {
    expect(
      (await app.inject({ method: 'PUT', url: '/api/v1/users/language/', headers: json, payload: { language: 'es' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('signing in in a language', () => {
  it('mails the code in the language asked in, and a first sign-in starts the account in it', async () => {
    const email = 'lucia@example.test';
    expect((await post('/auth/request-pin', { email, language: 'es' })).statusCode).toBe(200);
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Su código de acceso a Copper State Uniforms');
    const code = /\b(\d{6})\b/.exec(mail.textBody)![1]!;
    const res = await post('/auth/verify-pin', { email, pin: code, language: 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.language).toBe('es');
  });

  it('without a language, mails in the account language; an existing account keeps its own on sign-in', async () => {
    const u = await signedIn(app, 'other');
    await put(u.headers, { language: 'es' });
    await post('/auth/request-pin', { email: u.email });
    expect((await lastMail(u.email)).subject).toMatch(/^Su código/);
    const code = /\b(\d{6})\b/.exec((await lastMail(u.email)).textBody)![1]!;
    const res = await post('/auth/verify-pin', { email: u.email, pin: code, language: 'en' });
    expect(res.json().user.language).toBe('es');
  });

  it('writes the code mail in English when nothing says otherwise', async () => {
    await post('/auth/request-pin', { email: 'sam@example.test' });
    expect((await lastMail('sam@example.test')).subject).toBe('Your Copper State Uniforms sign-in code');
  });
});
