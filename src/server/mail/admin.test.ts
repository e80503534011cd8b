import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { MailTrouble } from '../../shared/mail-admin';
import type { Today } from '../../shared/today';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-lock';
import { auditLog, outbox } from '../db/schema';
import { createTestApp, pgliteFrom } from '../test/harness';
import { signedIn } from '../test/users';
import { enqueueMail } from './outbox';

// The admin mail screen's API and `npm run mail:requeue`: failed and late mail listed with what an admin needs (never
// the text), resent one by one or all at once, for admins only, each resend in the audit log.
const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');
const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const mail = (to: string, kind = 'order_received') => ({
  to,
  subject: `About ${to}`,
  text: 'SECRET BODY',
  html: '<p>SECRET BODY</p>',
  kind,
});
const get = (who = admin) => app.inject({ method: 'GET', url: '/api/v1/admin/mail', headers: who.headers });
const post = (url: string, who = admin) => app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who.headers });
const idOf = async (to: string) => (await db.select().from(outbox).where(eq(outbox.toAddress, to)))[0]!.id;

async function seed() {
  await enqueueMail(db, [
    mail('failed@example.test'),
    mail('late@example.test'),
    mail('waiting@example.test'),
    mail('fresh@example.test'),
    mail('sent@example.test'),
  ]);
  const at = (to: string) => eq(outbox.toAddress, to);
  await db
    .update(outbox)
    .set({
      status: 'failed',
      attempts: 300,
      lastError: 'connect ECONNREFUSED',
      createdAt: sql`now() - interval '3 days 5 minutes'`,
    })
    .where(at('failed@example.test'));
  // Tried and failing for 20 minutes: late.
  await db
    .update(outbox)
    .set({ attempts: 6, lastError: 'timeout', createdAt: sql`now() - interval '20 minutes'` })
    .where(at('late@example.test'));
  // A coalesced mail waiting out its window, placed 20 minutes ago: not late, it is not due yet.
  await db
    .update(outbox)
    .set({ createdAt: sql`now() - interval '20 minutes'`, nextAttemptAt: sql`now() + interval '5 minutes'` })
    .where(at('waiting@example.test'));
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, createdAt: sql`now() - interval '1 hour'` })
    .where(at('sent@example.test'));
}

describe('the admin mail screen', () => {
  it('lists failed and late mail (no text), counts them on Today, and is for admins only', async () => {
    await seed();
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('SECRET BODY');
    const body = res.json() as MailTrouble;
    expect(body.failed.map((m) => m.to)).toEqual(['failed@example.test']);
    expect(body.late.map((m) => m.to)).toEqual(['late@example.test']);
    expect(body).toMatchObject({ failed_count: 1, late_count: 1 });
    expect(body.failed[0]).toMatchObject({
      subject: 'About failed@example.test',
      kind: 'order_received',
      attempts: 300,
      last_error: 'connect ECONNREFUSED',
      status: 'failed',
    });

    const today = await app.inject({ method: 'GET', url: '/api/v1/today', headers: admin.headers });
    expect(today.json().today as Today).toMatchObject({ mail_failed: 1, mail_late: 1 });

    expect((await get(employee)).statusCode).toBe(403);
    expect((await post(`/admin/mail/${await idOf('failed@example.test')}/resend`, employee)).statusCode).toBe(403);
    expect((await post('/admin/mail/resend-failed', employee)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/mail' })).statusCode).toBe(401);
  });

  it('resends one mail: due now, its three days start again, audited without its text', async () => {
    const id = await idOf('late@example.test');
    const before = (await db.select({ id: auditLog.id }).from(auditLog)).reduce((m, r) => Math.max(m, r.id), 0);
    const res = await post(`/admin/mail/${id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, resent: 1 });
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.requeuedAt).not.toBeNull();
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const logged = await db.select().from(auditLog).where(gt(auditLog.id, before));
    expect(logged.map((l) => [l.kind, l.entityType, l.entityId])).toEqual([['mail.resend', 'mail', String(id)]]);
    expect(JSON.stringify(logged)).not.toContain('SECRET BODY');
    // No longer late: its clock starts at the resend.
    expect((await get()).json().late_count).toBe(0);

    const sent = await idOf('sent@example.test');
    expect((await post(`/admin/mail/${sent}/resend`)).statusCode).toBe(409);
    expect((await post('/admin/mail/2147483647/resend')).statusCode).toBe(404);
  });

  it('resends every failed mail at once, one audit row each', async () => {
    await enqueueMail(db, mail('failed2@example.test'));
    await db.update(outbox).set({ status: 'failed' }).where(eq(outbox.toAddress, 'failed2@example.test'));
    const before = (await db.select({ id: auditLog.id }).from(auditLog)).reduce((m, r) => Math.max(m, r.id), 0);
    const res = await post('/admin/mail/resend-failed');
    expect(res.json()).toEqual({ success: true, resent: 2 });
    const rows = await db
      .select({ status: outbox.status })
      .from(outbox)
      .where(inArray(outbox.toAddress, ['failed@example.test', 'failed2@example.test']));
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    const logged = await db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, before), eq(auditLog.kind, 'mail.resend')));
    expect(logged).toHaveLength(2);
    expect((await post('/admin/mail/resend-failed')).json()).toEqual({ success: true, resent: 0 });
  });
});

describe('npm run mail:requeue', () => {
  // A shop's PGlite folder, then the command as a process, twice: 50 s when the shared machine was loaded.
  it('requeues every failed mail and says how many; refuses a data folder another process holds', async () => {
    const dataDir = path.join(tmp, 'data');
    // Held as a running shop holds it, so the command's first try is refused.
    const unlock = lockDataDir(dataDir);
    const target = await openDatabase({ pglite: await pgliteFrom('seeded', dataDir) });
    await enqueueMail(target.db, [mail('a@example.test'), mail('b@example.test'), mail('c@example.test')]);
    await target.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(inArray(outbox.toAddress, ['a@example.test', 'b@example.test']));

    const cli = () =>
      run(process.execPath, ['--import', 'tsx', 'src/server/mail/cli.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
      });
    // This process holds the folder (its lock): the command stops before touching it.
    const refused = await cli().catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(
      /is in use by process .*use Resend all failed at \/admin\/mail/,
    );
    await target.close();
    unlock();

    const { stdout } = await cli();
    expect(stdout).toMatch(/^Requeued 2 failed mails/);
    const again = await openDatabase({ dataDir });
    try {
      const rows = await again.db.select({ status: outbox.status }).from(outbox).orderBy(outbox.toAddress);
      expect(rows.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    } finally {
      await again.close();
    }
  }, 180_000);
});
