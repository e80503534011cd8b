import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';

export type LimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * A fixed-window counter kept in the database, so every server instance shares it.
 * One atomic upsert per call: no read-modify-write race between instances.
 */
export async function hitLimit(db: Executor, key: string, limit: number, windowSeconds: number): Promise<LimitResult> {
  const [row] = await selectRows<{ count: number; remaining: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_started_at end
    returning count, extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now()))::float8 as remaining`,
  );
  return { allowed: row!.count <= limit, count: row!.count, retryAfterSeconds: Math.max(1, Math.ceil(row!.remaining)) };
}

/** Reads a counter without counting. */
export async function peekLimit(db: Executor, key: string, windowSeconds: number): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`
    select count from rate_limits where key = ${key} and window_started_at >= now() - make_interval(secs => ${windowSeconds})`,
  );
  return row?.count ?? 0;
}
