import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { migrationsFolder, type Database, type Executor, type Tx } from '../db/client';
import { quoteIdent, rowsOf } from './catalog';
import { BACKUP_FORMAT, type BackupEnd, type BackupHeader } from './dump';

export class RestoreError extends Error {}

const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

type Journal = { entries: { when: number; tag: string }[] };
const readJournal = (folder: string): Journal =>
  JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the whole file once before anything in the database is touched: the header, every table marker, every row
 * (a JSON object), the end record and each table's row count against it. What it reports names a table and a line,
 * never a row's contents (a row may hold an e-mail address, a hash, a key).
 */
async function validate(lines: AsyncIterable<string>): Promise<BackupHeader> {
  const counts = new Map<string, number>();
  let header: BackupHeader | null = null;
  let table: string | null = null;
  let end: BackupEnd | null = null;
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (n === 1) {
      header = parseHeader(line);
      continue;
    }
    if (end) throw new RestoreError(`the backup is damaged: line ${n} comes after the end record`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new RestoreError(
        `the backup is damaged: line ${n}${table ? ` (a row of ${table})` : ''} is not valid JSON; nothing was restored`,
      );
    }
    if (!isObject(value)) throw new RestoreError(`the backup is damaged: line ${n} is not a row; nothing was restored`);
    if ('@table' in value) {
      if (typeof value['@table'] !== 'string' || !Array.isArray(value.columns))
        throw new RestoreError(`the backup is damaged: line ${n} is a broken table marker`);
      table = value['@table'];
      if (counts.has(table)) throw new RestoreError(`the backup is damaged: ${table} appears twice`);
      counts.set(table, 0);
    } else if ('@end' in value) {
      end = value as BackupEnd;
      if (!isObject(end.rows) || !isObject(end.sequences))
        throw new RestoreError(`the backup is damaged: its end record (line ${n}) is broken`);
    } else {
      if (!table) throw new RestoreError('the backup is damaged: a row comes before any table');
      counts.set(table, counts.get(table)! + 1);
    }
  }
  if (!header) throw new RestoreError('not a shop backup (the file is empty)');
  if (!end) throw new RestoreError('the backup is cut off (no end record); nothing was restored');
  for (const [name, want] of Object.entries(end.rows))
    if ((counts.get(name) ?? 0) !== want)
      throw new RestoreError(
        `the backup is damaged: ${name} holds ${counts.get(name) ?? 0} rows, its end record says ${String(want)}; nothing was restored`,
      );
  return header;
}

/** Drizzle's migrations, applied inside the caller's transaction and recorded as drizzle's own migrator records them. */
async function migrateInside(tx: Tx, migrations: MigrationMeta[]) {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const m of migrations) {
    for (const statement of m.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations ("hash", "created_at") values (${m.hash}, ${m.folderMillis})`,
    );
  }
}

/**
 * Loads a dump into an empty database, all of it in one transaction: migrations up to the dump's version, every row
 * (user triggers off, so counters and numbering keep the dumped values), sequences, then the remaining migrations.
 * The whole file is read and checked first. A non-empty database is refused unless `force`, whose drop of everything
 * in it is part of that same transaction: a file that turns out bad while loading leaves the database as it was.
 */
export async function restoreBackup(
  database: Database,
  open: () => AsyncIterable<string>,
  opts: { force?: boolean } = {},
): Promise<{ rows: Record<string, number> }> {
  const header = await validate(open());
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
  if (existing.length > 0 && !opts.force)
    throw new RestoreError(
      `the target database is not empty (${existing.length} tables); restore into an empty one, or pass --force to replace everything in it`,
    );
  const migrations = readMigrationFiles({ migrationsFolder });
  const counts = await database.db.transaction(async (tx) => {
    await tx.execute(sql`drop schema if exists drizzle cascade`);
    if (existing.length > 0) {
      await tx.execute(sql`drop schema public cascade`);
      await tx.execute(sql`create schema public`);
    }
    await migrateInside(
      tx,
      migrations.filter((m) => m.folderMillis <= header.migration),
    );
    // Migrations seed some rows (counters, settings); the dump holds the whole of every table, those rows included.
    const tables = await publicTables(tx);
    await tx.execute(sql.raw(`truncate table ${tables.map(quoteIdent).join(', ')} restart identity cascade`));
    const iterator = open()[Symbol.asyncIterator]();
    await iterator.next();
    const loaded = await loadRows(tx, iterator);
    await migrateInside(
      tx,
      migrations.filter((m) => m.folderMillis > header.migration),
    );
    return loaded;
  });
  // Nothing is left to apply; this only checks, as every start does.
  await database.migrate();
  return { rows: counts };
}

/** A database error while loading, said without the values it quotes (they are the row's contents). */
function loadError(table: string, err: unknown): RestoreError {
  const e = err as { message?: string; code?: string; column?: string };
  const message = String(e.message ?? err)
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\((?:[^()]|\([^()]*\))*\)=\((?:[^()]|\([^()]*\))*\)/g, '(…)')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .slice(0, 300);
  return new RestoreError(
    `the backup is damaged: rows of ${table} could not be loaded (${e.code ?? 'error'}${e.column ? `, column ${e.column}` : ''}: ${message}); nothing was restored`,
  );
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
    try {
      await tx.execute(
        sql`${sql.raw(`insert into ${t} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${t}, `)}${`[${batch.join(',')}]`}::json)`,
      );
    } catch (err) {
      throw loadError(table.name, err);
    }
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
      try {
        await tx.execute(sql.raw(`alter table ${quoteIdent(table.name)} disable trigger user`));
      } catch (err) {
        throw loadError(table.name, err);
      }
      disabled.push(table.name);
      continue;
    }
    if (!table) throw new RestoreError('the backup is damaged: a row comes before any table');
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
}
