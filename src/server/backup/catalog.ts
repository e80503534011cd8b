import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** Raw rows of a statement, on either engine (node-postgres and PGlite both answer with `rows`). */
export async function rowsOf<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ((await ex.execute(query)) as unknown as { rows: T[] }).rows;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type TableInfo = { name: string; columns: string[]; orderBy: string[] };

/**
 * The shop's tables, parents before children (foreign keys), read from the database itself so a dump always
 * matches the schema it came from. Stored generated columns are left out: the database computes them again.
 */
export async function listTables(ex: Executor): Promise<TableInfo[]> {
  const tables = await rowsOf<{ name: string }>(
    ex,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const columns = await rowsOf<{ table: string; column: string }>(
    ex,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
  );
  const keys = await rowsOf<{ table: string; column: string }>(
    ex,
    sql`select c.relname as "table", a.attname as "column"
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where i.indisprimary and n.nspname = 'public' order by c.relname, array_position(i.indkey, a.attnum)`,
  );
  const fks = await rowsOf<{ child: string; parent: string }>(
    ex,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const byName = new Map(
    tables.map((t) => [t.name, { name: t.name, columns: [] as string[], orderBy: [] as string[] }]),
  );
  for (const c of columns) byName.get(c.table)?.columns.push(c.column);
  for (const k of keys) byName.get(k.table)?.orderBy.push(k.column);
  const parents = new Map<string, Set<string>>([...byName.keys()].map((n) => [n, new Set<string>()]));
  for (const fk of fks) if (fk.child !== fk.parent) parents.get(fk.child)?.add(fk.parent);

  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (placed.size < byName.size) {
    const ready = [...byName.keys()].filter((n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error('the tables reference each other in a cycle; cannot order a dump');
    for (const n of ready) {
      placed.add(n);
      ordered.push(byName.get(n)!);
    }
  }
  return ordered;
}

/** The newest migration applied (drizzle's folderMillis), or null on a database never migrated. */
export async function migrationVersion(ex: Executor): Promise<number | null> {
  const exists = await rowsOf<{ ok: boolean }>(
    ex,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists[0]?.ok) return null;
  const rows = await rowsOf<{ v: string | null }>(
    ex,
    sql`select max(created_at)::text as v from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.v ? Number(rows[0].v) : null;
}
