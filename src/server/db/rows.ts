import { getTableColumns, type SQL, type Table } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * The rows of a raw query's result, typed by the caller. drizzle's execute() answers the driver's result, whose rows
 * sit under `.rows` (node-postgres and PGlite alike; a plain array on some paths); the one place that knows is here.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Runs raw SQL and answers its rows. */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * A row a statement answered as JSON (row_to_json), read as drizzle reads its own: keyed by field, each value through
 * its column's decoder (a timestamp becomes a Date). jsonb arrives already parsed and is taken as it is.
 */
export function fromJsonRow<T extends Table>(table: T, json: object): T['$inferSelect'] {
  const raw = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    if (value === undefined) throw new Error(`${column.name} missing from the row`);
    row[key] = value === null || column.columnType === 'PgJsonb' ? value : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
