import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, settings } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';

// The days a department has to pay an order on its account (Today's "Delivered, money owed" leaves those orders out
// until then): an admin setting, 0 to 365 whole days, audited like every other setting.

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');
const MESSAGE = 'Account terms must be a whole number of days from 0 to 365';

const put = (payload: object, headers = admin.headers) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/settings/',
    headers,
    payload: { tax_rate: 0.078, shipping_cost: 8, customization_cost: 6, ...payload },
  });
const stored = async () => (await db.select().from(settings).where(eq(settings.id, 1)))[0]!.accountTermsDays;

describe('settings.account_terms_days', () => {
  it('is 30 days by default, in the admin answer only', async () => {
    const asAdmin = await app.inject({ method: 'GET', url: '/api/v1/settings/', headers: admin.headers });
    expect(asAdmin.json().settings.account_terms_days).toBe(30);
    const asStaff = await app.inject({ method: 'GET', url: '/api/v1/settings/', headers: employee.headers });
    expect(asStaff.json().settings).not.toHaveProperty('account_terms_days');
    const asGuest = await app.inject({ method: 'GET', url: '/api/v1/settings/' });
    expect(asGuest.json().settings).not.toHaveProperty('account_terms_days');
  });

  it('refuses anything but 0 to 365 whole days with one clear message, changing nothing', async () => {
    for (const value of [-1, 366, 7.5, '30', null]) {
      const res = await put({ account_terms_days: value, tax_rate: 0.09 });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'account_terms_days', message: MESSAGE });
    }
    expect(await stored()).toBe(30);
    const [settingsRow] = await db.select().from(settings).where(eq(settings.id, 1));
    expect(settingsRow!.taxRatePpm).toBe(78_000);
    expect((await put({ account_terms_days: 45 }, employee.headers)).statusCode).toBe(403);
    expect(await stored()).toBe(30);
  });

  it('takes the edges, keeps the value when absent, and the audit log records before and after', async () => {
    const set = await put({ account_terms_days: 45 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().settings.account_terms_days).toBe(45);
    expect(await stored()).toBe(45);
    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ kind: 'settings.update', entityType: 'settings', actorEmail: admin.email });
    expect(entry!.changes.account_terms_days).toEqual({ before: 30, after: 45 });

    expect((await put({})).json().settings.account_terms_days).toBe(45);
    expect((await put({ account_terms_days: 0 })).json().settings.account_terms_days).toBe(0);
    expect((await put({ account_terms_days: 365 })).json().settings.account_terms_days).toBe(365);
    await put({ account_terms_days: 30 });
  });
});
