import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database, type Executor, type Tx } from '../db/client';
import { quoteIdent, rowsOf } from './catalog';
import { BACKUP_FORMAT, type BackupEnd, type BackupHeader } from './dump';

export class RestoreError extends Error {}

const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

type Journal = { entries: { when: number; tag: string }[] };
const readJournal = (folder: string): Journal =>
  JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A copy of our migrations that stops at `version`, so the dump's rows load into the schema they came from. */
function migrationsUpTo(version: number): string {
  const journal = readJournal(migrationsFolder);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restore-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const entries = journal.entries.filter((e) => e.when <= version);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

async function publicTables(ex: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    ex,
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  );
  return rows.map((r) => r.name);
}

function parseHeader(line: string | undefined): BackupHeader {
  let header: Partial<BackupHeader> | null = null;
  try {
    header = JSON.parse(line ?? '') as Partial<BackupHeader>;
  } catch {
    /* reported below */
  }
  if (!header || header.format !== BACKUP_FORMAT || typeof header.migration !== 'number')
    throw new RestoreError('not a shop backup (the first line is not a uniform-shop-backup header)');
  if (header.version !== 1) throw new RestoreError(`backup format version ${header.version} is not supported`);
  return header as BackupHeader;
}

/**
 * Loads a dump into an empty database: migrations up to the dump's version, every row in one transaction (user
 * triggers off, so counters and numbering keep the dumped values), sequences set, then the remaining migrations.
 * A non-empty database is refused unless `force`, which drops everything in it first. A cut-off or foreign file
 * rolls back and leaves the rows as they were.
 */
export async function restoreBackup(
  database: Database,
  lines: AsyncIterable<string>,
  opts: { force?: boolean } = {},
): Promise<{ rows: Record<string, number> }> {
  const iterator = lines[Symbol.asyncIterator]();
  const header = parseHeader((await iterator.next()).value as string | undefined);
  const known = readJournal(migrationsFolder).entries;
  if (!known.some((e) => e.when === header.migration)) {
    const newest = Math.max(...known.map((e) => e.when));
    throw new RestoreError(
      header.migration > newest
        ? 'the backup comes from a newer version of the shop (its schema has migrations this one lacks); restore it with that version or later'
        : `the backup's schema version ${header.migration} is not one of this shop's migrations`,
    );
  }
  const existing = await publicTables(database.db);
  if (existing.length > 0) {
    if (!opts.force)
      throw new RestoreError(
        `the target database is not empty (${existing.length} tables); restore into an empty one, or pass --force to replace everything in it`,
      );
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);
  }
  const partial = migrationsUpTo(header.migration);
  try {
    await database.migrate(partial);
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
  const counts = await database.db.transaction(async (tx) => {
    // Migrations seed some rows (counters, settings); the dump holds the whole of every table, those rows included.
    const tables = await publicTables(tx);
    await tx.execute(sql.raw(`truncate table ${tables.map(quoteIdent).join(', ')} restart identity cascade`));
    return loadRows(tx, iterator);
  });
  await database.migrate();
  return { rows: counts };
}

async function loadRows(tx: Tx, lines: AsyncIterator<string>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let table: { name: string; columns: string[] } | null = null;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!table || batch.length === 0) return;
    const cols = table.columns.map(quoteIdent).join(', ');
    const t = quoteIdent(table.name);
    await tx.execute(
      sql`${sql.raw(`insert into ${t} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${t}, `)}${`[${batch.join(',')}]`}::json)`,
    );
    counts[table.name] = (counts[table.name] ?? 0) + batch.length;
    batch = [];
    bytes = 0;
  };
  const disabled: string[] = [];
  for (;;) {
    const { value, done } = await lines.next();
    if (done) throw new RestoreError('the backup is cut off (no end record); nothing was restored');
    const line = value as string;
    // Markers start with "@", which no column name does: row_to_json keys are column names.
    if (line.startsWith('{"@table":') || line.startsWith('{"@end":')) {
      await flush();
      const record = JSON.parse(line) as { '@table': string; columns: string[] } | BackupEnd;
      if ('@end' in record) {
        for (const [name, n] of Object.entries(record.rows))
          if ((counts[name] ?? 0) !== n)
            throw new RestoreError(
              `the backup is damaged: ${name} holds ${counts[name] ?? 0} rows, its end record says ${n}`,
            );
        for (const [name, last] of Object.entries(record.sequences))
          await tx.execute(
            last === null
              ? sql`select setval(${`public.${quoteIdent(name)}`}::regclass, 1, false)`
              : sql`select setval(${`public.${quoteIdent(name)}`}::regclass, ${last})`,
          );
        for (const name of disabled) await tx.execute(sql.raw(`alter table ${quoteIdent(name)} enable trigger user`));
        return counts;
      }
      table = { name: record['@table'], columns: record.columns };
      await tx.execute(sql.raw(`alter table ${quoteIdent(table.name)} disable trigger user`));
      disabled.push(table.name);
      continue;
    }
    if (!table) throw new RestoreError('the backup is damaged: a row comes before any table');
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
}
