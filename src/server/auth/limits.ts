import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { hitLimit } from '../http/rate-limit';
import { tooManyRequests } from '../http/errors';
import { plural } from '../../shared/plural';

export const TOO_MANY = 'Too many attempts. Please try again later.';

// Per-IP ceilings, generous enough for an office behind one address, tight enough to stop a mail cannon. The code
// requests per 10 minutes are SIGNIN_IP_LIMIT (default 60); checking codes may take twice as many tries.
const IP_WINDOW_S = 600;
export const ipLimits = (requestsPer10Min: number) => ({
  requestPin: { limit: requestsPer10Min, windowS: IP_WINDOW_S },
  verifyPin: { limit: requestsPer10Min * 2, windowS: IP_WINDOW_S },
});

export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, 'second');
  const m = Math.ceil(s / 60);
  return plural(m, 'minute');
}

export const tooManyWithWait = (seconds: number, resendsRemaining?: number) =>
  tooManyRequests(
    `${TOO_MANY} You can try again in ${formatWait(seconds)}.`,
    Math.max(1, Math.ceil(seconds)),
    resendsRemaining,
  );

export async function enforceIpLimit(
  db: Executor,
  name: keyof ReturnType<typeof ipLimits>,
  ip: string,
  requestsPer10Min: number,
) {
  const { limit, windowS } = ipLimits(requestsPer10Min)[name];
  const hit = await hitLimit(db, `${name}:ip:${ip}`, limit, windowS);
  if (!hit.allowed) throw tooManyWithWait(hit.retryAfterSeconds);
}

/** The database clock in epoch milliseconds: every instance measures cooldowns against the same clock. */
export async function dbNow(db: Executor): Promise<number> {
  const [row] = await selectRows<{ now: number }>(db, sql`select extract(epoch from now())::float8 * 1000 as now`);
  return row!.now;
}
