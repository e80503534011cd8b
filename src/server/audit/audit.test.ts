import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, auditPruneRuns } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';
import { pruneAuditLog } from './prune';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const other = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');

const get = (url: string, who = admin) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers });
const setSettings = (who: typeof admin, tax: number) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/settings/',
    headers: who.headers,
    payload: { tax_rate: tax, shipping_cost: 10, customization_cost: 5 },
  });

describe('GET /audit/', () => {
  it('is for admins only', async () => {
    expect((await get('/audit/', employee)).statusCode).toBe(403);
    expect((await get('/audit/export.csv', employee)).statusCode).toBe(403);
  });

  it('lists newest first and filters by person, kind, record and shop days', async () => {
    expect((await setSettings(admin, 0.07)).statusCode).toBe(200);
    expect((await setSettings(other, 0.08)).statusCode).toBe(200);
    const all = (await get('/audit/')).json();
    expect(all.entries[0]).toMatchObject({ actor_email: other.email, kind: 'settings.update', entity_id: '1' });
    expect(all.entries[0].changes.tax_rate_ppm).toEqual({ before: 70000, after: 80000 });
    expect(all.kinds).toContain('settings.update');
    expect(all.people).toEqual(expect.arrayContaining([{ id: admin.id, email: admin.email }]));

    const mine = (await get(`/audit/?actor_id=${admin.id}`)).json();
    expect(mine.entries.map((e: { actor_email: string }) => e.actor_email)).toEqual([admin.email]);
    expect((await get('/audit/?kind=order.status')).json().total).toBe(0);
    expect((await get('/audit/?entity_type=settings&entity=1')).json().total).toBe(2);

    // Shop days are Arizona's: a row at 23:30 Phoenix (06:30 UTC the next day) belongs to the earlier day.
    const [late] = await db
      .insert(auditLog)
      .values({
        at: new Date('2026-03-11T06:30:00Z'),
        actorId: admin.id,
        actorEmail: admin.email,
        actorRole: 'admin',
        ip: '10.0.0.1',
        requestId: 'r1',
        kind: 'order.note',
        entityType: 'order',
        entityId: '7',
        method: 'POST',
        route: '/api/v1/orders/admin/:id/notes',
        changes: {},
      })
      .returning();
    const day = (from: string, to: string) =>
      get(`/audit/?from=${from}&to=${to}`).then((r) => r.json().entries.map((e: { id: number }) => e.id));
    expect(await day('2026-03-10', '2026-03-10')).toEqual([late!.id]);
    expect(await day('2026-03-11', '2026-03-11')).toEqual([]);
  });

  it('refuses a reversed range and a bad day with the messages of the order list', async () => {
    const res = await get('/audit/?from=2026-03-10&to=2026-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'to', message: 'The start date must be on or before the end date' }]);
    expect((await get('/audit/?from=2026-02-30')).json().errors[0].message).toBe('Dates are written YYYY-MM-DD');
  });

  it('refuses a day outside 2000-2100 with 400 in JSON on the list and the export, before any row streams', async () => {
    // Security round 4, finding 7: the export sent its 200 headers, then reset the connection on to=9999-12-31.
    for (const path of ['/audit/', '/audit/export.csv']) {
      for (const query of ['to=9999-12-31', 'from=0001-01-01', 'from=2026-01-01&to=2101-01-01']) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json().detail).toBe('Dates must be between 2000-01-01 and 2100-12-31');
      }
    }
  });

  it('exports the same filters as CSV, times in Arizona', async () => {
    const res = await get(`/audit/export.csv?actor_id=${other.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (Arizona),Person,Role,IP address,Kind,Record,Record id,Request,Changes,Input');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${other.email},admin,`);
    expect(lines[1]).toContain('settings.update,settings,1,PUT /api/v1/settings/');
    expect(lines[1]).toContain('""tax_rate_ppm"":{""after"":80000,""before"":70000}');
  });
});

describe('the daily prune', () => {
  it('removes rows older than two years, once per shop day across instances', async () => {
    const now = new Date('2031-06-15T18:00:00Z');
    const row = (at: string) => ({
      at: new Date(at),
      actorEmail: 'gone@example.test',
      actorRole: 'admin',
      ip: '10.0.0.2',
      requestId: 'old',
      kind: 'settings.update',
      entityType: 'settings',
      method: 'PUT',
      route: '/api/v1/settings/',
    });
    const [old, young] = await db
      .insert(auditLog)
      .values([row('2029-06-15T17:00:00Z'), row('2029-06-15T19:00:00Z')])
      .returning();
    const [a, b] = await Promise.all([pruneAuditLog(db, now), pruneAuditLog(db, now)]);
    expect([a, b].filter((n) => n === null)).toHaveLength(1);
    expect((await db.select().from(auditLog).where(eq(auditLog.id, old!.id))).length).toBe(0);
    expect((await db.select().from(auditLog).where(eq(auditLog.id, young!.id))).length).toBe(1);
    expect(await db.select().from(auditPruneRuns).where(eq(auditPruneRuns.day, '2031-06-15'))).toHaveLength(1);
  });
});
