import pg from 'pg';
import { inject } from 'vitest';

export { privatePostgres, type PrivatePostgres } from '../../e2e/support/postgres';

const urlFor = (base: string, name: string) => base.replace(/\/[^/]*$/, `/${name}`);

export type ScratchDatabase = {
  url: string;
  name: string;
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

/** A fresh database on the run's PostgreSQL server (postgres-setup.ts), with a client for the test's own checks. */
export async function scratchDatabase(label: string): Promise<ScratchDatabase> {
  const server = inject('pgUrl');
  const name = `shop_faults_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = urlFor(server, name);
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
