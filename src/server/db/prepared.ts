import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from './client';

// drizzle's internals this file relies on: a database and each of its transactions share the dialect, each has a
// session around its driver client, and a prepared query runs on the client it was built with (`client`, on
// node-postgres and PGlite alike).
type Internals = { dialect: object; session: { client: unknown } };
type Bound = { client: unknown };

const built = new WeakMap<object, Map<string, object>>();
const byExecutor = new WeakMap<object, Map<string, object>>();

/**
 * A query built and prepared once per database instead of on every call, and run on whichever executor asks: the
 * database or any of its transactions. The hot paths (the session behind every signed-in request, the cart,
 * checkout's writes) spent a fifth of their CPU rebuilding the same SQL; on PostgreSQL a named statement is also
 * parsed once per connection. drizzle binds a prepared query to the session that built it, so a transaction gets a
 * copy bound to its own connection (a shallow copy: the SQL text and the row mapping stay shared).
 */
export function prepared<T extends object>(db: Executor, name: string, build: (db: Executor) => T): T {
  let mine = byExecutor.get(db);
  if (!mine) byExecutor.set(db, (mine = new Map()));
  const ready = mine.get(name);
  if (ready) return ready as T;
  const { dialect, session } = db as unknown as Internals;
  let shared = built.get(dialect);
  if (!shared) built.set(dialect, (shared = new Map()));
  const template = shared.get(name);
  let query: object;
  if (!template) shared.set(name, (query = build(db)));
  else if ((template as Bound).client === session.client) query = template;
  else
    query = Object.assign(Object.create(Object.getPrototypeOf(template) as object) as object, template, {
      client: session.client,
    });
  mine.set(name, query);
  return query as T;
}

/** A placeholder for each key of `values`, for a statement prepared once whose values change on every call. */
export function placeholders<T extends object>(values: T, suffix = ''): { [K in keyof T]: Placeholder<string, T[K]> } {
  return Object.fromEntries(Object.keys(values).map((k) => [k, sql.placeholder(`${k}${suffix}`)])) as never;
}

type SessionInternals = {
  dialect: { sqlToQuery(query: SQL): unknown };
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): object };
};

/**
 * Raw SQL prepared once per database as prepared() does for a built query: for a statement drizzle's builder cannot
 * write (data-modifying CTEs). Its execute() answers the driver's result (rowsOf reads it); a placeholder wrapped in
 * sql.param(placeholder, column) is encoded as that column would be.
 */
export function preparedSql(
  db: Executor,
  name: string,
  build: () => SQL,
): { execute(values: object): Promise<unknown> } {
  return prepared(db, name, (d) => {
    const { dialect, session } = d as unknown as SessionInternals;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false) as {
      execute(values: object): Promise<unknown>;
    };
  });
}
