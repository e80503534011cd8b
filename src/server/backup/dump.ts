import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listTables, migrationVersion, quoteIdent, rowsOf } from './catalog';

export const BACKUP_FORMAT = 'uniform-shop-backup';
const BATCH = 200;

/** The first line of a dump. */
export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  migration: number;
  engine: string;
  takenAt: string;
};
/** The last line: what a complete dump holds, so a restore can tell a cut-off file. */
export type BackupEnd = { '@end': true; rows: Record<string, number>; sequences: Record<string, number | null> };

/**
 * Writes the whole database as JSON lines, inside one read-only REPEATABLE READ transaction: every row comes from the
 * same snapshot while the shop goes on taking orders (on PGlite the transaction is one turn, so requests wait for it).
 * Rows are the database's own JSON text (row_to_json), never parsed here: numbers and bytes keep every digit.
 *
 * Lines: a header, then per table `{"@table", "columns"}` followed by one JSON object per row, then the end record.
 */
export async function writeBackup(
  db: Db,
  engine: string,
  write: (line: string) => void | Promise<void>,
): Promise<BackupEnd> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    await tx.execute(sql`set local bytea_output = 'hex'`);
    const migration = await migrationVersion(tx);
    if (migration === null) throw new Error('the database has never been migrated: nothing to back up');
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: 1,
      migration,
      engine,
      takenAt: new Date().toISOString(),
    };
    await write(JSON.stringify(header));
    const end: BackupEnd = { '@end': true, rows: {}, sequences: {} };
    for (const table of await listTables(tx)) {
      await write(JSON.stringify({ '@table': table.name, columns: table.columns }));
      const order = table.orderBy.length ? table.orderBy.map(quoteIdent).join(', ') : 'ctid';
      let count = 0;
      for (;;) {
        const rows = await rowsOf<{ j: string }>(
          tx,
          sql.raw(
            `select row_to_json(t)::text as j from ${quoteIdent(table.name)} t order by ${order} limit ${BATCH} offset ${count}`,
          ),
        );
        for (const r of rows) await write(r.j);
        count += rows.length;
        if (rows.length < BATCH) break;
      }
      end.rows[table.name] = count;
    }
    const sequences = await rowsOf<{ name: string; last: string | null }>(
      tx,
      sql`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
    );
    for (const s of sequences) end.sequences[s.name] = s.last === null ? null : Number(s.last);
    await write(JSON.stringify(end));
    return end;
  });
}
