import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { App } from '../app-types';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { pglitePool } from './pglite-pool';
import { seed } from '../seed';
import { BLANK_PATH, TEMPLATE_PATH, TEST_ADMIN_EMAILS } from './paths';

export type TestContext = { app: App; database: Database; config: AppConfig; close(): Promise<void> };

/**
 * A fresh database for one test file: the PGlite template's (pglite-pool.ts), or, with TEST_DATABASE_URL,
 * a new PostgreSQL database created for this file and dropped after it.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const pglite = await pool.take();
    // A new handle on it for each file: caches keyed by the handle (the catalogue's) start empty.
    const database = await openDatabase({ pglite });
    return { database, drop: () => pool.giveBack(pglite) };
  }
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: dbUrl.toString(), poolMax: 5 });
  await database.migrate();
  await seed(database.db, { adminEmails: TEST_ADMIN_EMAILS });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// PGlite's compiled WebAssembly, its file-system bundle and the seeded template, read once per worker: the files of
// a worker share its modules (vitest.config.ts, isolate: false), so each file's database skips the compile (~0.6 s).
let parts: Promise<{ template: Blob; blank: Blob; wasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
const pglitePart = (file: string) =>
  fs.readFileSync(fileURLToPath(import.meta.resolve(`@electric-sql/pglite/${file}`)));
function pgliteParts() {
  parts ??= (async () => ({
    template: new Blob([fs.readFileSync(TEMPLATE_PATH)]),
    blank: new Blob([fs.readFileSync(BLANK_PATH)]),
    wasmModule: await WebAssembly.compile(pglitePart('pglite.wasm')),
    fsBundle: new Blob([pglitePart('pglite.data')]),
  }))();
  return parts;
}

// The files of a worker share its modules, so they share this pool: each file's database is the one the file before
// it gave back, reset to the template's rows.
const pool = pglitePool(async () => {
  const { template, wasmModule, fsBundle } = await pgliteParts();
  return PGlite.create({ loadDataDir: template, wasmModule, fsBundle });
});

/**
 * A PGlite database made from nothing (`blank`: the cluster initdb leaves, no schema) or a migrated, seeded shop
 * (`seeded`: the template's rows), in memory or in `dataDir` as the shop lays its folder out (`<dataDir>/db`), where
 * the shop or a command started on that folder later finds it. Loaded from the run's dumps instead of PostgreSQL's
 * cluster being made again in WebAssembly (initdb, then every migration): about 2 CPU-seconds a database here.
 */
export async function pgliteFrom(kind: 'blank' | 'seeded', dataDir?: string): Promise<PGlite> {
  const { template, blank, wasmModule, fsBundle } = await pgliteParts();
  const loadDataDir = kind === 'blank' ? blank : template;
  if (!dataDir) return PGlite.create({ loadDataDir, wasmModule, fsBundle });
  const dir = path.join(dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  return PGlite.create(dir, { loadDataDir, wasmModule, fsBundle });
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    ADMIN_EMAILS: TEST_ADMIN_EMAILS.join(','),
    WEB_DIST: '.tmp/no-web-build',
    ...overrides,
  });
}

/** Builds the app on a fresh database and closes both after the file's tests. Call it at the top level of a test file (top-level await), not inside a test. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  build: Omit<BuildOptions, 'database'> = { logger: false },
): Promise<TestContext> {
  const { database, drop } = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp(config, { database, ...build });
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await drop();
  };
  afterAll(close);
  return { app, database, config, close };
}
