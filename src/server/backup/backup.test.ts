import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveTestPostgres } from '../../../e2e/support/postgres';
import { openDatabase, type Database } from '../db/client';
import { buildApp } from '../app';
import { approvalTokens, media, orderLines, orders, outbox, sessions } from '../db/schema';
import { createSession } from '../sessions';
import { lastCode, requestPinCall, signInFlow } from '../test/auth';
import { postContact, validGuest } from '../test/contact';
import { insertOrders } from '../test/bulk-orders';
import { createTestApp, pgliteFrom, testConfig } from '../test/harness';
import { someProducts } from '../test/orders';
import { signedIn } from '../test/users';
import { asDumped, contents } from '../test/backup-rows';
import { writeBackup } from './dump';
import { BackupFolderError, backupToFile, readLines } from './files';
import { restoreBackup, RestoreError } from './restore';
import { runScheduledBackup } from './schedule';

const { app, database } = await createTestApp();
const db = app.deps.db;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-test-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function freshPostgres(): Promise<Database> {
  const server = await resolveTestPostgres();
  const name = `shop_restore_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  const target = await openDatabase({ url: url.toString(), poolMax: 2 });
  cleanups.push(async () => {
    await target.close();
    const c = new pg.Client({ connectionString: server.url });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    await server.stop();
  });
  return target;
}

describe('backup and restore', () => {
  const file = path.join(tmp, 'shop.jsonl');

  // Two databases made from nothing (a PGlite cluster as initdb leaves it, a new PostgreSQL database) and migrated: it
  // came within 1 s of the 20 s default while the run's other files shared the two cores, and past it with e2e beside it.
  it('round-trips a shop with orders, an image and messages into fresh PGlite and PostgreSQL', async () => {
    const customer = await signedIn(app);
    await insertOrders(app, {
      userId: customer.id,
      count: 3,
      status: 'pending',
      prefix: 'BK',
      linesFor: () => [{ size: 'M', quantity: 2, customizations: [] }],
    });
    const image = crypto.randomBytes(3000);
    await db
      .insert(media)
      .values({ path: '/media/backup-test.webp', contentHash: 'h', size: image.length, bytes: image });
    expect((await postContact(app, validGuest({ message: 'Quote for 40 polos, "logo" & names?' }))).statusCode).toBe(
      201,
    );

    const end = await backupToFile(database, file, { withSecrets: true });
    expect(end.rows.orders).toBeGreaterThanOrEqual(3);
    expect(end.rows.messages).toBeGreaterThanOrEqual(1);
    const before = asDumped(await contents(database));

    const dir = path.join(tmp, 'pglite');
    const lite = await openDatabase({ pglite: await pgliteFrom('blank', dir) });
    cleanups.unshift(() => lite.close());
    await restoreBackup(lite, () => readLines(file));
    expect(asDumped(await contents(lite))).toEqual(before);
    const [restored] = await lite.db
      .select()
      .from(media)
      .where(sql`${media.path} = '/media/backup-test.webp'`);
    expect(Buffer.from(restored!.bytes).equals(image)).toBe(true);

    const postgres = await freshPostgres();
    await restoreBackup(postgres, () => readLines(file));
    expect(asDumped(await contents(postgres))).toEqual(before);
    // Sequences continue past the restored rows: a new order gets a fresh id.
    const [next] = await postgres.db
      .insert(orders)
      .values({ ...orderValues('BK-NEW'), userId: customer.id, placedBy: customer.id })
      .returning({ id: orders.id });
    expect(next!.id).toBeGreaterThan(Math.max(...before.orders!.map((o) => (JSON.parse(o) as { id: number }).id)));
  }, 120_000);

  // Two more databases made from nothing and three restores: 22 s when the run shared its two cores with three
  // other builds (a load of 13), past the 20 s default.
  it('refuses a non-empty database unless forced, and a file that is cut off or not a backup', async () => {
    const target = await openDatabase({ pglite: await pgliteFrom('blank') });
    cleanups.unshift(() => target.close());
    await restoreBackup(target, () => readLines(file));
    await expect(restoreBackup(target, () => readLines(file))).rejects.toThrow(/not empty .* pass --force/);
    await restoreBackup(target, () => readLines(file), { force: true });

    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    const cut = path.join(tmp, 'cut.jsonl');
    fs.writeFileSync(cut, lines.slice(0, -1).join('\n'));
    const empty = await openDatabase({ pglite: await pgliteFrom('blank') });
    cleanups.unshift(() => empty.close());
    await expect(restoreBackup(empty, () => readLines(cut))).rejects.toThrow(/cut off/);
    await expect(restoreBackup(empty, () => readLines(cut), { force: true })).rejects.toThrow(RestoreError);

    const newer = path.join(tmp, 'newer.jsonl');
    const header = JSON.parse(lines[0]!) as { migration: number };
    fs.writeFileSync(
      newer,
      [JSON.stringify({ ...header, migration: header.migration + 1 }), ...lines.slice(1)].join('\n'),
    );
    await expect(restoreBackup(empty, () => readLines(newer), { force: true })).rejects.toThrow(/newer version/);
    fs.writeFileSync(newer, 'hello\n');
    await expect(restoreBackup(empty, () => readLines(newer), { force: true })).rejects.toThrow(/not a shop backup/);
  }, 120_000);

  it('takes one consistent snapshot while orders keep coming', async () => {
    const customer = await signedIn(app);
    const [product] = await someProducts(app, 1);
    const placedBefore = await db.$count(orders);
    let placing = true;
    let placed = 0;
    let failed: unknown = null;
    const placer = (async () => {
      while (placing && !failed) {
        await db.transaction(async (tx) => {
          const [o] = await tx
            .insert(orders)
            .values({ ...orderValues(`BK-LIVE-${placed}`), userId: customer.id, placedBy: customer.id })
            .returning({ id: orders.id });
          for (const size of ['S', 'L'])
            await tx.insert(orderLines).values({ ...lineValues(size, product!.id), orderId: o!.id });
        });
        placed += 1;
        // Orders arrive as requests do, between turns of the event loop (PGlite would otherwise never yield).
        await new Promise((r) => setImmediate(r));
      }
    })().catch((err: unknown) => {
      failed = err;
    });
    const waitFor = async (n: number) => {
      while (placed < n && !failed) await new Promise((r) => setTimeout(r, 5));
      if (failed) throw failed;
    };
    await waitFor(3);
    const committedBefore = (await db.select({ id: orders.id }).from(orders)).map((o) => o.id);
    const dumped: string[] = [];
    await writeBackup(db, database.kind, (line) => {
      dumped.push(line);
    });
    const afterStart = placed;
    await waitFor(afterStart + 3);
    placing = false;
    await placer;

    const sections = new Map<string, string[]>();
    let current = '';
    for (const line of dumped.slice(1)) {
      if (line.startsWith('{"@table":'))
        sections.set((current = (JSON.parse(line) as { '@table': string })['@table']), []);
      else if (!line.startsWith('{"@end":')) sections.get(current)!.push(line);
    }
    const dumpedOrders = sections.get('orders')!.map((l) => JSON.parse(l) as { id: number });
    const linesPerOrder = new Map<number, number>();
    for (const l of sections.get('order_lines')!) {
      const id = (JSON.parse(l) as { order_id: number }).order_id;
      linesPerOrder.set(id, (linesPerOrder.get(id) ?? 0) + 1);
    }
    const live = (
      await db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.orderNumber} like 'BK-LIVE-%'`)
    ).map((o) => o.id);
    const liveDumped = dumpedOrders.filter((o) => live.includes(o.id));
    expect(liveDumped.length).toBeGreaterThanOrEqual(3);
    expect(liveDumped.every((o) => linesPerOrder.get(o.id) === 2)).toBe(true);
    const dumpedIds = new Set(dumpedOrders.map((o) => o.id));
    expect(committedBefore.filter((id) => !dumpedIds.has(id))).toEqual([]);
    expect(dumpedOrders.length).toBeGreaterThanOrEqual(placedBefore + 3);
    expect(await db.$count(orders)).toBeGreaterThan(dumpedOrders.length);
  });
});

describe('what a backup leaves out', () => {
  // A sign-in code asked for, a session, an approval link mailed, a sent mail, the shop's key: none may be in the file.
  it('holds no sign-in code, session, approval token, mail text or key; --with-secrets adds the key only', async () => {
    const email = `backup-pin-${process.pid}@example.test`;
    expect((await requestPinCall(app, email)).statusCode).toBe(200);
    const code = await lastCode(app, email);
    const customer = await signedIn(app);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, customer.id));
    const {
      orders: [order],
    } = await insertOrders(app, {
      userId: customer.id,
      count: 1,
      status: 'awaiting_approval',
      prefix: 'BKS',
      linesFor: () => [{ size: 'M', quantity: 1, customizations: [] }],
    });
    const token = `approvaltoken${crypto.randomBytes(16).toString('hex')}`;
    await db.insert(approvalTokens).values({
      orderId: order!.id,
      approverEmail: 'chief@example.test',
      tokenHash: crypto.createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const sentText = `sent-text-${crypto.randomBytes(8).toString('hex')}`;
    await db.insert(outbox).values([
      {
        toAddress: 'chief@example.test',
        subject: 'Approve',
        textBody: `/approval/${token}`,
        htmlBody: token,
        kind: 'approval_request',
      },
      {
        toAddress: 'c@example.test',
        subject: 'Thanks',
        textBody: sentText,
        htmlBody: sentText,
        kind: 'order_received',
        status: 'sent',
        sentAt: new Date(),
      },
    ]);
    const key = app.deps.hashKey;

    const plain = path.join(tmp, 'no-secrets.jsonl');
    const end = await backupToFile(database, plain);
    const text = fs.readFileSync(plain, 'utf8');
    for (const secret of [code, token, sentText, key, session!.accessHash, session!.refreshHash])
      expect(text.includes(secret), `the dump holds ${secret}`).toBe(false);
    expect(text).not.toMatch(new RegExp(`Your Copper State Uniforms sign-in code is:\\s*${code}`));
    expect([end.rows.sessions, end.rows.login_codes, end.rows.rate_limits, end.rows.app_secrets]).toEqual([0, 0, 0, 0]);
    expect(JSON.parse(text.slice(0, text.indexOf('\n')))).toMatchObject({ secrets: false });
    expect(fs.statSync(plain).mode & 0o777).toBe(0o600);

    const keyed = path.join(tmp, 'with-secrets.jsonl');
    await backupToFile(database, keyed, { withSecrets: true });
    const withKey = fs.readFileSync(keyed, 'utf8');
    expect(withKey).toContain(key);
    for (const secret of [code, token, sentText, session!.accessHash]) expect(withKey.includes(secret)).toBe(false);
  });

  it('refuses a .partial planted as a symbolic link, and a folder anybody may write into', async () => {
    const dir = path.join(tmp, 'planted');
    fs.mkdirSync(dir, { mode: 0o700 });
    const victim = path.join(tmp, 'victim.txt');
    fs.writeFileSync(victim, 'keep me');
    const file = path.join(dir, 'shop.jsonl');
    fs.symlinkSync(victim, `${file}.partial`);
    await expect(backupToFile(database, file)).rejects.toThrow(BackupFolderError);
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
    expect(fs.existsSync(file)).toBe(false);

    const open = path.join(tmp, 'open');
    fs.mkdirSync(open);
    fs.chmodSync(open, 0o777);
    await expect(backupToFile(database, path.join(open, 'shop.jsonl'))).rejects.toThrow(/any user/);
    // A folder it makes itself is private.
    await backupToFile(database, path.join(tmp, 'made', 'shop.jsonl'));
    expect(fs.statSync(path.join(tmp, 'made')).mode & 0o777).toBe(0o700);
  });

  // A PGlite database made from nothing, a restore, two refused ones and a second app on it.
  it('leaves the database untouched when --force meets a damaged file, and never prints a row', async () => {
    const source = path.join(tmp, 'for-damage.jsonl');
    await backupToFile(database, source, { withSecrets: true });
    const target = await openDatabase({ pglite: await pgliteFrom('blank') });
    cleanups.unshift(() => target.close());
    await restoreBackup(target, () => readLines(source));
    const before = await contents(target);
    const lines = fs.readFileSync(source, 'utf8').trimEnd().split('\n');

    // Broken JSON deep in the file: refused before anything is dropped.
    const broken = path.join(tmp, 'broken.jsonl');
    const last = lines.length - 2;
    fs.writeFileSync(broken, [...lines.slice(0, last), '{"id": 1, "broken', ...lines.slice(last + 1)].join('\n'));
    await expect(restoreBackup(target, () => readLines(broken), { force: true })).rejects.toThrow(/not valid JSON/);
    expect(await contents(target)).toEqual(before);

    // A row that reads as JSON but not as its table's row, with the key where a date belongs: the drop and the
    // load roll back together, and the message says which table, never the value.
    const key = app.deps.hashKey;
    const at = lines.findIndex((l) => l.includes(`"value":"${key}"`));
    expect(at).toBeGreaterThan(0);
    const row = JSON.parse(lines[at]!) as Record<string, unknown>;
    const bad = path.join(tmp, 'bad-row.jsonl');
    fs.writeFileSync(bad, lines.map((l, i) => (i === at ? JSON.stringify({ ...row, created_at: key }) : l)).join('\n'));
    const err = await restoreBackup(target, () => readLines(bad), { force: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreError);
    expect((err as Error).message).toMatch(/rows of app_secrets could not be loaded/);
    expect((err as Error).message).not.toContain(key);
    expect(await contents(target)).toEqual(before);
  }, 120_000);

  it('restores a dump without the keys into a working shop with new keys; old invoice links stop working', async () => {
    const customer = await signedIn(app);
    const {
      orders: [order],
    } = await insertOrders(app, {
      userId: customer.id,
      count: 1,
      status: 'pending',
      prefix: 'BKR',
      linesFor: () => [{ size: 'M', quantity: 1, customizations: [] }],
    });
    const link = async (a: typeof app, who: { headers: Record<string, string> } = customer) =>
      (await a.inject({ method: 'GET', url: `/api/v1/orders/${order!.id}/invoice-link`, headers: who.headers })).json()
        .url as string;
    const oldToken = (await link(app)).split('/invoice/')[1]!;

    const file2 = path.join(tmp, 'keyless.jsonl');
    await backupToFile(database, file2);
    const target = await openDatabase({ pglite: await pgliteFrom('blank') });
    cleanups.unshift(() => target.close());
    await restoreBackup(target, () => readLines(file2));
    const restored = await buildApp(testConfig(), { database: target, logger: false });
    cleanups.unshift(() => restored.close());
    await restored.ready();

    expect(restored.deps.hashKey).not.toBe(app.deps.hashKey);
    // Everyone signs in again (no sessions were kept), and signing in works.
    expect(
      (await restored.inject({ method: 'GET', url: '/api/v1/auth/me', headers: customer.headers })).statusCode,
    ).toBe(401);
    const { res } = await signInFlow(restored, customer.email);
    expect(res.json().user.email).toBe(customer.email);
    // The orders are all there; a link signed with the old key opens nothing, a new one opens the invoice.
    expect((await restored.inject({ method: 'GET', url: `/api/v1/invoices/${oldToken}` })).statusCode).toBe(404);
    const again = await sessionOn(restored, customer.id);
    const fresh = (await link(restored, again)).split('/invoice/')[1]!;
    const invoice = await restored.inject({ method: 'GET', url: `/api/v1/invoices/${fresh}` });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json().invoice.invoice_number).toBe(order!.orderNumber);
  }, 120_000);
});

describe('the daily backup', () => {
  it('is written once per shop day whatever the number of instances, keeping the newest BACKUP_KEEP', async () => {
    const dir = path.join(tmp, 'daily');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not ours');
    const run = (iso: string) => runScheduledBackup({ database, dir, keep: 2, log: app.log, now: new Date(iso) });
    const [a, b] = await Promise.all([run('2031-03-01T18:00:00Z'), run('2031-03-01T19:00:00Z')]);
    expect([a, b].filter(Boolean)).toEqual([path.join(dir, 'shop-2031-03-01.jsonl')]);
    await run('2031-03-02T18:00:00Z');
    await run('2031-03-03T18:00:00Z');
    expect(fs.readdirSync(dir).sort()).toEqual(['notes.txt', 'shop-2031-03-02.jsonl', 'shop-2031-03-03.jsonl']);
  });
});

/** A session on another app (a restored copy holds the users, not their sessions). */
async function sessionOn(a: Awaited<ReturnType<typeof buildApp>>, userId: number) {
  const tokens = await createSession(a.deps.db, userId, {});
  return { headers: { cookie: `session=${tokens.access}; refresh=${tokens.refresh}` } };
}

function orderValues(orderNumber: string) {
  return {
    orderNumber,
    status: 'pending' as const,
    fulfillment: 'pickup' as const,
    subtotalCents: 1000,
    taxCents: 78,
    taxRatePpm: 78000,
    shippingCents: 0,
    totalCents: 1078,
  };
}

const lineValues = (size: string, productId: number) => ({
  productId,
  productName: 'Polo - Navy',
  productSlug: 'polo-navy',
  imageBase: 'polo',
  isMultiImage: false,
  size,
  quantity: 1,
  unitBaseCents: 1000,
  unitCustomizationCents: 0,
  totalCents: 1000,
  customizations: [],
});
