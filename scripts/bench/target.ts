// The database a run measures: a fresh PGlite data directory, or a fresh database on the PostgreSQL server of DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';

export type Target = {
  kind: 'pglite' | 'postgres';
  /** What the shop process needs to open this database. */
  serverEnv: Record<string, string>;
  /** PGlite holds its directory exclusively, so the seed may only open it while the shop is stopped. */
  exclusive: boolean;
  open(): Promise<Database>;
  /** Environment for the one-row baseline: the same database (PostgreSQL) or a copy of it (PGlite). */
  baselineEnv(): Record<string, string>;
  version(): Promise<string>;
  dispose(): Promise<void>;
};

async function serverVersion(database: Database): Promise<string> {
  const [row] = rowsOf<{ v: string }>(await database.db.execute(sql`select current_setting('server_version') as v`));
  return row?.v ?? 'unknown';
}

export function pgliteTarget(): Target {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const dataDir = path.join(root, 'shop');
  const copyDir = path.join(root, 'baseline');
  let version = 'unknown';
  return {
    kind: 'pglite',
    // An inherited DATABASE_URL would send the shop to PostgreSQL; empty means unset to loadConfig.
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
    exclusive: true,
    open: async () => {
      const database = await openDatabase({ dataDir });
      version = await serverVersion(database);
      return database;
    },
    baselineEnv: () => {
      // Taken while the shop is stopped: a copy of a live PGlite directory could be torn.
      fs.rmSync(copyDir, { recursive: true, force: true });
      fs.cpSync(path.join(dataDir, 'db'), path.join(copyDir, 'db'), { recursive: true });
      return { BASELINE_DATA_DIR: copyDir };
    },
    version: async () => {
      const pkg = JSON.parse(fs.readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as {
        version: string;
      };
      return `PGlite ${pkg.version} (PostgreSQL ${version}), data in a local directory`;
    },
    dispose: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

export async function postgresTarget(serverUrl: string, name = `bench_${process.pid}`): Promise<Target> {
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  let version = 'unknown';
  return {
    kind: 'postgres',
    serverEnv: { DATABASE_URL: url },
    exclusive: false,
    open: async () => {
      const database = await openDatabase({ url, poolMax: 4 });
      version = await serverVersion(database);
      return database;
    },
    baselineEnv: () => ({ BASELINE_DATABASE_URL: url }),
    version: async () =>
      `PostgreSQL ${version} on ${u.hostname}:${u.port || 5432}, database ${name} (created for this run, dropped after)`,
    dispose: async () => {
      if (process.env.BENCH_KEEP) return void console.log(`kept database ${name}`);
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
