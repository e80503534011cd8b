import type { SQL } from 'drizzle-orm';
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
