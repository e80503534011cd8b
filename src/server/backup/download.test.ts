import fs from 'node:fs';
import os from 'node:os';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../shared/constants';
import { auditLog } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';
import { BACKUP_FORMAT } from './dump';

const { app } = await createTestApp();
const download = (headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `${API_BASE}/admin/backup`, headers, payload: {} });
const temporaries = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('shop-download-'));

describe('an admin downloads a backup', () => {
  it('gets the whole dump as a file, without the keys, recorded in the audit log; nothing is left behind', async () => {
    const admin = await signedIn(app, 'admin');
    const before = temporaries();
    const res = await download(admin.headers);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="shop-[\dTZ-]+\.jsonl"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: BACKUP_FORMAT, secrets: false });
    const end = JSON.parse(lines.at(-1)!) as { '@end': true; rows: Record<string, number> };
    expect(end['@end']).toBe(true);
    expect(end.rows.users).toBeGreaterThanOrEqual(1);
    expect(end.rows.app_secrets ?? 0).toBe(0);
    const [row] = await app.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ kind: 'backup.download', entityType: 'backup', actorId: admin.id, entityId: null });
    await expect.poll(temporaries).toEqual(before);
  });

  it('is refused to employees and customers, and records nothing', async () => {
    const [last] = await app.deps.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect((await download((await signedIn(app, 'employee')).headers)).statusCode).toBe(403);
    expect((await download((await signedIn(app)).headers)).statusCode).toBe(403);
    const [now] = await app.deps.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(now?.id).toBe(last?.id);
  });
});
