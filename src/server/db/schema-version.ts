import fs from 'node:fs';
import path from 'node:path';

type Query = (text: string) => Promise<{ rows: unknown[] }>;
type Journal = { entries: { when: number; tag: string }[] };

/**
 * The database was migrated by a newer release than this one. Drizzle's migrator applies only migrations newer than
 * the last one it recorded, so an older release would otherwise start silently on a schema it does not know, and
 * write rows the newer code cannot read.
 */
export class NewerSchemaError extends Error {}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** The newest migration of `folder` (its journal), or null for an empty folder. */
export function newestMigration(folder: string): { when: number; tag: string; count: number } | null {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  return last ? { when: last.when, tag: last.tag, count: journal.entries.length } : null;
}

/** Throws NewerSchemaError when the database holds a migration this release's folder does not have. */
export async function refuseNewerSchema(query: Query, folder: string): Promise<void> {
  const known = newestMigration(folder);
  const table = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(table.rows[0] as { present: boolean }).present) return;
  const applied = await query(
    'select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations',
  );
  const { count, newest } = applied.rows[0] as { count: number; newest: string | null };
  if (newest === null) return;
  const newestApplied = Number(newest);
  if (known && newestApplied <= known.when) return;
  throw new NewerSchemaError(
    `the database was migrated by a newer release of the shop: it holds ${count} migrations, the last from ` +
      `${day(newestApplied)} UTC, and this release knows ${known?.count ?? 0}` +
      (known ? `, the last (${known.tag}) from ${day(known.when)} UTC` : '') +
      '. Start the newer release again, or restore the backup taken before the upgrade ' +
      '(docs/operations.md, "Rolling back a release").',
  );
}
