import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { blankClusterFile, unpackCluster } from './blank-cluster';
import { lockDataDir } from './data-lock';
import { refuseNewerSchema } from './schema-version';
import { nameStatements } from './named-statements';
import { oneQueryAtATime } from './one-query-at-a-time';
import { takeTurns } from './pglite-turns';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services accept either the database or an open transaction, so routes can compose them. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations of `folder` (default: all of ours); a restore migrates first to the dump's version. */
  migrate(folder?: string): Promise<void>;
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool now (for /metrics); absent on PGlite, which has one connection and no pool. */
  pool?: () => { total: number; idle: number; waiting: number };
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  poolMax?: number;
  /** The empty cluster a new PGlite folder starts from (default: the build's, blank-cluster.ts); null: initdb. */
  blankCluster?: string | null;
};

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolMax ?? 10);
  const unlock = opts.dataDir && !opts.pglite ? lockDataDir(opts.dataDir) : () => {};
  let client: ReturnType<typeof takeTurns>;
  try {
    client = takeTurns(opts.pglite ?? (await openPgliteDir(opts.dataDir, opts.blankCluster)));
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: async (folder = migrationsFolder) => {
      await refuseNewerSchema((text) => client.query(text), folder);
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
    },
    ping: async () => {
      if (closed) return false;
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * PGlite's PostgreSQL allocates and touches all of shared_buffers inside its WebAssembly memory at start, and that
 * memory never shrinks. initdb's 128 MB made an idle shop about 100 MB larger than 32 MB does; a shop's whole database
 * (2,000 orders: 28 MB on disk) fits in 32 MB, and what does not is read from the files, which the OS caches anyway.
 * A command line setting, not postgresql.conf: PGlite's `postgresqlconf` option replaces that file. See
 * docs/operations.md#memory.
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * The shop's PGlite, in `<dataDir>/db` or in memory. A new folder starts from the build's empty cluster
 * (blank-cluster.ts) where there is one; PGlite's own initdb makes it otherwise (a shop run from source before a build).
 */
async function openPgliteDir(dataDir: string | undefined, cluster = blankClusterFile()): Promise<PGlite> {
  if (!dataDir) {
    const loadDataDir = cluster ? new Blob([fs.readFileSync(cluster)]) : undefined;
    return PGlite.create({ loadDataDir, startParams: PGLITE_START });
  }
  const dir = path.join(dataDir, 'db');
  const empty = !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
  if (empty && cluster) {
    fs.rmSync(dir, { recursive: true, force: true });
    await unpackCluster(cluster, dir);
  }
  fs.mkdirSync(dir, { recursive: true });
  return PGlite.create(dir, { startParams: PGLITE_START });
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
  // A dropped connection surfaces on the pool; without a listener it would crash the process.
  pool.on('error', () => {});
  // The pool listens only to idle clients. A client checked out for a transaction that loses its server between
  // two queries emits 'error' itself, and unheard that kills the process; the failed query already reports it.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    nameStatements(client);
    oneQueryAtATime(client);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async (folder = migrationsFolder) => {
      // One instance migrates at a time when several start together on one server.
      const c = await pool.connect();
      try {
        await c.query('select pg_advisory_lock(727274)');
        await refuseNewerSchema((text) => c.query(text), folder);
        await migratePg(drizzlePg(c, { schema }), { migrationsFolder: folder });
      } finally {
        await c.query('select pg_advisory_unlock(727274)').catch(() => {});
        c.release();
      }
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: async (timeoutMs = 2000) => {
      try {
        await Promise.race([
          db.execute(sql`select 1`),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs)),
        ]);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (pool.ended || pool.ending) return;
      await pool.end();
    },
  };
}
