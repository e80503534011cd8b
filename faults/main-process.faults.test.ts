import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { freePort, startShop } from '../e2e/support/server';

/** Runs the built server (what `npm start` runs) to completion and returns its exit code and output. */
function runMain(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; out: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const proc = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, ms: Date.now() - started });
    });
  });
}

const tmpDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'shop-main-'));

describe('main process', { timeout: 90_000 }, () => {
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

  it('shuts down cleanly on SIGTERM within 5 seconds, and starts again on the same data', async () => {
    const dataDir = tmpDataDir();
    const first = await startShop({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { built: true });
    // A request whose body is still arriving when the signal lands is in flight: it must get its answer.
    // (A public route that needs the whole body before it can answer: here, a refused address.)
    const body = JSON.stringify({ email: 'not-an-address' });
    let answered!: (status: number) => void;
    const inflight = new Promise<number>((r) => (answered = r));
    const req = http.request(`${first.url}/api/v1/auth/request-pin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => answered(res.statusCode ?? 0));
    req.write(body.slice(0, 5));
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    const stopping = first.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    req.end(body.slice(5));
    const code = await stopping;
    expect(code, first.output()).toBe(0);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(await inflight).toBe(400); // answered normally (the address is refused), not cut off
    expect(first.output()).toContain('stopped cleanly');

    // The embedded database survives the restart: settings and catalogue are still there.
    const second = await startShop({ DATA_DIR: dataDir }, { built: true });
    const settings = await fetch(`${second.url}/api/v1/settings/`).then((r) => r.json());
    expect(settings.settings.tax_rate).toBe(0.078);
    expect(await second.stop('SIGINT')).toBe(0);
  });
});
