import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { freePort, startShop } from '../e2e/support/server';
import { seededDataDir } from '../e2e/support/data-template';
import { runMain, tmpDataDir } from './support/main-process';

// Start-up of the built server (what `npm start` runs): refusals that name their cause, and PostgreSQL by URL alone.
// Shutdown and signals are in main-shutdown.faults.test.ts, so the two halves run on two fault workers at once.
describe('main process: start-up', { timeout: 90_000 }, () => {
  const PG_URL = inject('pgUrl');
  it('stops at start-up on a bad environment value, naming the variable', async () => {
    const { code, out } = await runMain({ PORT: 'not-a-port', DATA_DIR: tmpDataDir() });
    expect(code).toBe(1);
    expect(out).toContain('Invalid environment');
    expect(out).toContain('PORT');
  });

  it('refuses production without SMTP and https', async () => {
    const { code, out } = await runMain({ NODE_ENV: 'production', DATA_DIR: tmpDataDir() });
    expect(code).toBe(1);
    expect(out).toContain('SMTP_URL');
    expect(out).toContain('APP_URL');
  });

  // ALLOW_INSECURE_PRODUCTION covers http only: without SMTP_URL every mail (codes, approval links) would only be
  // logged (security round 4, finding 4).
  it('refuses production without SMTP even with ALLOW_INSECURE_PRODUCTION', async () => {
    const { code, out } = await runMain({
      NODE_ENV: 'production',
      ALLOW_INSECURE_PRODUCTION: 'true',
      DATA_DIR: tmpDataDir(),
    });
    expect(code).toBe(1);
    expect(out).toContain('SMTP_URL');
  });

  // Two shops on one PGlite folder both answered and numbered orders alike; on stopping, acknowledged orders were gone.
  it('refuses a second shop on a data folder another shop holds, naming it, before touching the folder', async () => {
    // A copy of a seeded folder: a first start's cluster made in WebAssembly (8.5 CPU-s against 3.4) proves nothing
    // here, and main-shutdown's first test makes one.
    const dataDir = seededDataDir();
    const first = await startShop({ DATA_DIR: dataDir }, { built: true, timeoutMs: 60_000 });
    try {
      const files = fs.readdirSync(`${dataDir}/db`).length;
      const second = await runMain({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.out).toContain(`is in use by process ${first.proc.pid}`);
      expect(fs.readdirSync(`${dataDir}/db`).length).toBe(files);
      expect((await fetch(`${first.url}/api/v1/health`)).status).toBe(200);
    } finally {
      await first.stop('SIGTERM');
    }
    // Stopped, it leaves the folder free: the next shop starts.
    const next = await startShop({ DATA_DIR: dataDir }, { built: true, timeoutMs: 60_000 });
    await next.stop('SIGTERM');
  });

  it('stops with a clear message when DATABASE_URL is unreachable', async () => {
    const port = await freePort();
    const { code, out } = await runMain({
      DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/shop`,
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(out).toContain('database');
    expect(out).toContain('unreachable');
    expect(out).not.toContain('secret');
  });

  it('runs on PostgreSQL when DATABASE_URL is set, with no other change', async () => {
    const name = `shop_main_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const shop = await startShop({ DATABASE_URL: PG_URL.replace(/\/[^/]*$/, `/${name}`) }, { built: true });
      const health = await fetch(`${shop.url}/api/v1/health`).then((r) => r.json());
      expect(health).toMatchObject({ status: 'ok', database: 'ok' });
      const shopDb = new pg.Client({ connectionString: PG_URL.replace(/\/[^/]*$/, `/${name}`) });
      await shopDb.connect();
      const products = (await shopDb.query('select count(*)::int as n from products')).rows[0].n as number;
      await shopDb.end();
      expect(products).toBeGreaterThanOrEqual(20);
      expect(await shop.stop()).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
