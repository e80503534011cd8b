import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../e2e/support/server';

const run = promisify(execFile);

/** The shared server other suites use: the fault tests only ever create and drop their own databases on it. */
export const SHARED_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const urlFor = (base: string, name: string) => base.replace(/\/[^/]*$/, `/${name}`);

export type ScratchDatabase = {
  url: string;
  name: string;
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

/** A fresh database on the shared PostgreSQL server, with a client for the test's own checks. */
export async function scratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = `shop_faults_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SHARED_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = urlFor(SHARED_PG_URL, name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  return {
    url,
    name,
    query: async (text, values) => (await pool.query(text, values)).rows,
    drop: async () => {
      await pool.end().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

// PostgreSQL refuses to run as root; when the tests run as root its tools run as the postgres user.
const asPostgres = (cmd: string, args: string[]) =>
  process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args])
    : run(path.join(BIN, cmd), args);

export type PrivatePostgres = {
  url: string;
  port: number;
  stop(mode: 'immediate' | 'fast'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

/**
 * A PostgreSQL server of the test's own (initdb in a temporary directory, a free port on 127.0.0.1), so it can be
 * stopped and started under a running shop without touching the shared server.
 */
export async function privatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-faults-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // fsync off: a stop here is a process crash, not a power cut, so the OS keeps every write it was given.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await asPostgres('pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '30', '-o', options]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: async (mode) => {
      await asPostgres('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '30']);
    },
    destroy: async () => {
      await asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
