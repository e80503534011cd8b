import type { Db } from '../db/client';

type Counted = { statements: string[] };
type Query = (...args: unknown[]) => unknown;

const textOf = (arg: unknown) =>
  typeof arg === 'string' ? arg : ((arg as { text?: string } | null)?.text ?? String(arg));

function countQueries(target: { query: Query; exec?: Query }, seen: Counted) {
  for (const method of ['query', 'exec'] as const) {
    const original = target[method];
    if (!original) continue;
    target[method] = (...args: unknown[]) => {
      seen.statements.push(textOf(args[0]));
      return original.apply(target, args);
    };
  }
}

/**
 * Records every statement the app sends to its database from now on, on either driver, `begin` and `commit`
 * included: the round trips a request costs, which wall-clock ratios on a shared machine cannot show. PGlite's
 * transaction runs begin and commit inside the driver, so they are recorded here by name.
 */
export function recordStatements(db: Db): Counted {
  const seen: Counted = { statements: [] };
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  if (typeof client.transaction === 'function') {
    countQueries(client as never, seen);
    const transaction = client.transaction as Query;
    client.transaction = (callback: (tx: { query: Query; exec: Query }) => unknown) =>
      transaction.call(client, async (tx: { query: Query; exec: Query }) => {
        seen.statements.push('begin');
        countQueries(tx, seen);
        const result = await callback(tx);
        seen.statements.push('commit');
        return result;
      });
    return seen;
  }
  // node-postgres: drizzle asks the pool for its clients (pool.query connects one too), each counted once.
  const pool = client as { connect: Query };
  const connect = pool.connect;
  const wrapped = new WeakSet<object>();
  const wrap = (c: { query: Query } | undefined) => {
    if (c && !wrapped.has(c)) {
      wrapped.add(c);
      countQueries(c, seen);
    }
    return c;
  };
  pool.connect = (callback?: unknown) => {
    if (typeof callback !== 'function') return (connect.call(pool) as Promise<{ query: Query }>).then(wrap);
    return connect.call(pool, (err: unknown, c: { query: Query }, done: unknown) =>
      (callback as Query)(err, wrap(c), done),
    );
  };
  return seen;
}
