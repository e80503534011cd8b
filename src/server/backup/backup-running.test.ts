import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { media } from '../db/schema';
import { asDumped, contents } from '../test/backup-rows';
import { insertOrders } from '../test/bulk-orders';
import { pgliteFrom, testConfig } from '../test/harness';
import { TEST_ADMIN_EMAILS } from '../test/paths';
import { signedIn } from '../test/users';
import { socketPath } from './admin-socket';
import { readLines } from './files';
import { restoreBackup } from './restore';

// `npm run backup` while the shop runs on PGlite: the real server process holds the data folder, and the real command
// gets the dump from it through the backup socket. The file restores to the rows the folder holds once the shop stops.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-live-'));
const dataDir = path.join(tmp, 'data');
const procs: ChildProcess[] = [];
afterAll(() => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const { DATABASE_URL: _url, BACKUP_DIR: _dir, ...inherited } = process.env;
const env = {
  ...inherited,
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  ADMIN_EMAILS: TEST_ADMIN_EMAILS.join(','),
  WEB_DIST: path.join(tmp, 'no-web-build'),
};

/** Runs the repository's TypeScript entry `file` as npm's scripts do (tsx), with the shop's environment. */
function run(args: string[]): ChildProcess {
  const p = spawn(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  procs.push(p);
  return p;
}

function finished(p: ChildProcess): Promise<{ code: number | null; out: string }> {
  let out = '';
  p.stdout!.on('data', (d) => (out += d));
  p.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve) => p.on('exit', (code) => resolve({ code, out })));
}

/** A data folder with a migrated, seeded shop holding orders and an image, made before the shop starts. */
async function preparedFolder() {
  const database = await openDatabase({ pglite: await pgliteFrom('seeded', dataDir) });
  const app = await buildApp(testConfig(), { database, logger: false });
  await app.ready();
  const customer = await signedIn(app);
  await insertOrders(app, {
    userId: customer.id,
    count: 25,
    status: 'pending',
    prefix: 'LIVE',
    linesFor: (i) => [{ size: 'M', quantity: 1 + (i % 3), customizations: [] }],
  });
  const image = crypto.randomBytes(5000);
  await database.db
    .insert(media)
    .values({ path: '/media/live-backup.webp', contentHash: 'live', size: image.length, bytes: image });
  await app.close();
  await database.close();
}

describe('npm run backup while the shop runs on PGlite', () => {
  it('is written by the running shop through its socket (mode 600) and restores to the same rows', async () => {
    await preparedFolder();
    const shop = run(['src/server/main.ts']);
    let log = '';
    const stopped = finished(shop);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the shop did not start:\n${log}`)), 60_000);
      shop.stdout!.on('data', (d) => {
        log += d;
        if (log.includes('shop ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const socket = fs.statSync(socketPath(dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);

    const file = path.join(tmp, 'backups', 'live.jsonl');
    const backup = await finished(run(['src/server/backup/cli.ts', 'backup', file]));
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`Backup written by the running shop (pid ${shop.pid})`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    // A restore into the folder the shop holds is refused, naming it, and touches nothing.
    const restore = await finished(run(['src/server/backup/cli.ts', 'restore', file, '--force']));
    expect(restore.code).toBe(1);
    expect(restore.out).toContain(`in use by process ${shop.pid}`);

    shop.kill('SIGTERM');
    expect((await stopped).code).toBe(0);
    expect(fs.existsSync(socketPath(dataDir))).toBe(false);

    const held = await openDatabase({ dataDir });
    const want = asDumped(await contents(held));
    await held.close();
    // Without --with-secrets: the shop's key is not in the file.
    want.app_secrets = [];
    expect(want.orders!.length).toBeGreaterThanOrEqual(25);

    // A new folder, made from nothing by PostgreSQL's initdb as `npm run restore` on a new DATA_DIR makes it.
    const restored = await openDatabase({ dataDir: path.join(tmp, 'restored') });
    try {
      await restoreBackup(restored, () => readLines(file));
      expect(await contents(restored)).toEqual(want);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
