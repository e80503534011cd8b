import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { SECRET_MAIL_KINDS } from '../mail/outbox';
import { listTables, migrationVersion, quoteIdent, rowsOf, type TableInfo } from './catalog';

export const BACKUP_FORMAT = 'uniform-shop-backup';
const BATCH = 200;

/** The first line of a dump. */
export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  migration: number;
  engine: string;
  takenAt: string;
  /** Whether the shop's keys (app_secrets) are in it: only with --with-secrets. */
  secrets: boolean;
};
/** The last line: what a complete dump holds, so a restore can tell a cut-off file. */
export type BackupEnd = { '@end': true; rows: Record<string, number>; sequences: Record<string, number | null> };

/** Tables whose rows a backup never holds: each is re-made as the shop runs (everyone signs in again). */
export const LEFT_OUT_TABLES = ['sessions', 'login_codes', 'rate_limits'];

/**
 * How a table's rows are read for a dump: the whole table, except that the outbox holds no sent mail's text and no
 * unsent mail whose text is a key (a sign-in code, an approval link: staff resend the approval request from the order),
 * and the shop's keys only with --with-secrets. Null: the table's rows are left out.
 */
function source(table: TableInfo, withSecrets: boolean): string | null {
  if (LEFT_OUT_TABLES.includes(table.name)) return null;
  if (table.name === 'app_secrets' && !withSecrets) return null;
  if (table.name !== 'outbox') return quoteIdent(table.name);
  const secret = SECRET_MAIL_KINDS.map((k) => `'${k.replace(/'/g, "''")}'`).join(', ');
  const columns = table.columns.map((c) =>
    c === 'text_body' || c === 'html_body'
      ? `case when status = 'sent' then '' else ${quoteIdent(c)} end as ${quoteIdent(c)}`
      : quoteIdent(c),
  );
  return `(select ${columns.join(', ')} from outbox where status = 'sent' or kind not in (${secret}))`;
}

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
  opts: { withSecrets?: boolean } = {},
): Promise<BackupEnd> {
  const withSecrets = opts.withSecrets ?? false;
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
      secrets: withSecrets,
    };
    await write(JSON.stringify(header));
    const end: BackupEnd = { '@end': true, rows: {}, sequences: {} };
    for (const table of await listTables(tx)) {
      await write(JSON.stringify({ '@table': table.name, columns: table.columns }));
      const from = source(table, withSecrets);
      const order = table.orderBy.length ? table.orderBy.map(quoteIdent).join(', ') : 'ctid';
      let count = 0;
      while (from !== null) {
        const rows = await rowsOf<{ j: string }>(
          tx,
          sql.raw(`select row_to_json(t)::text as j from ${from} t order by ${order} limit ${BATCH} offset ${count}`),
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
