import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { hitLimit } from '../http/rate-limit';
import { tooManyRequests } from '../http/errors';

export const TOO_MANY = 'Too many attempts. Please try again later.';

// Per-IP ceilings, generous enough for an office behind one address, tight enough to stop a mail cannon.
export const IP_LIMITS = {
  requestPin: { limit: 60, windowS: 600 },
  verifyPin: { limit: 120, windowS: 600 },
} as const;

export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

export const tooManyWithWait = (seconds: number, resendsRemaining?: number) =>
  tooManyRequests(
    `${TOO_MANY} You can try again in ${formatWait(seconds)}.`,
    Math.max(1, Math.ceil(seconds)),
    resendsRemaining,
  );

export async function enforceIpLimit(db: Executor, name: keyof typeof IP_LIMITS, ip: string) {
  const { limit, windowS } = IP_LIMITS[name];
  const hit = await hitLimit(db, `${name}:ip:${ip}`, limit, windowS);
  if (!hit.allowed) throw tooManyWithWait(hit.retryAfterSeconds);
}

/** The database clock in epoch milliseconds: every instance measures cooldowns against the same clock. */
export async function dbNow(db: Executor): Promise<number> {
  const [row] = await selectRows<{ now: number }>(db, sql`select extract(epoch from now())::float8 * 1000 as now`);
  return row!.now;
}
