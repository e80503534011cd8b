import type { Executor } from './client';

const byExecutor = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built and prepared once per database (or per open transaction) instead of on every call. The hot paths
 * (the session behind every signed-in request, the cart) spent a fifth of their CPU rebuilding the same SQL, and
 * on PostgreSQL a named statement is parsed once per connection.
 */
export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let queries = byExecutor.get(db);
  if (!queries) byExecutor.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (!query) queries.set(name, (query = build(db)));
  return query;
}
