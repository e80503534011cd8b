import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { copyTemplateTo } from '../../e2e/support/data-template';
import type { Query } from './orders-check';
import { scratchDatabase } from './postgres';

/** The database a fault test runs the shop on, and a way for the test to read it directly. */
export type Target = {
  kind: 'postgresql' | 'pglite';
  env: Record<string, string>;
  /** On PGlite only one process may open the files, so the shop must be stopped first. */
  inspect<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  cleanup(): Promise<void>;
};

export async function postgresTarget(label: string): Promise<Target> {
  const db = await scratchDatabase(label);
  return { kind: 'postgresql', env: { DATABASE_URL: db.url }, inspect: (fn) => fn(db.query), cleanup: db.drop };
}

/** A shop's data dir under `root`, seeded as a first start leaves it (e2e/support/data-template.ts). */
export async function pgliteTarget(root: string): Promise<Target> {
  const dataDir = copyTemplateTo(inject('dataTemplate'), path.join(root, 'data'));
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    inspect: async (fn) => {
      const client = await PGlite.create(path.join(dataDir, 'db'));
      try {
        return await fn(async (text, values) => (await client.query(text, values)).rows as never);
      } finally {
        await client.close();
      }
    },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
