import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { shopDay } from '../../shared/time';
import type { Db } from '../db/client';
import { auditLog, auditPruneRuns } from '../db/schema';

const CHECK_MS = 60 * 60_000;
export const AUDIT_RETENTION_YEARS = 2;

/**
 * Once per shop day, the instance that claims the day in audit_prune_runs deletes rows older than two years; the
 * others find the day taken and do nothing (the same claim as the daily backup).
 */
export async function pruneAuditLog(db: Db, now = new Date()): Promise<number | null> {
  const claimed = await db
    .insert(auditPruneRuns)
    .values({ day: shopDay(now) })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return null;
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - AUDIT_RETENTION_YEARS);
  let gone: { id: number }[];
  try {
    gone = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  } catch (err) {
    // Give the day back so the next hourly check tries again.
    await db
      .delete(auditPruneRuns)
      .where(eq(auditPruneRuns.day, shopDay(now)))
      .catch(() => {});
    throw err;
  }
  // Old claims are only markers; keep a month of them.
  await db.delete(auditPruneRuns).where(lt(auditPruneRuns.createdAt, sql`now() - interval '31 days'`));
  return gone.length;
}

/** Checks hourly (and a minute after start) whether today's prune is due. */
export function startAuditPrune(opts: { db: Db; log: FastifyBaseLogger }) {
  const check = () => {
    pruneAuditLog(opts.db)
      .then((n) => {
        if (n) opts.log.info({ rows: n }, 'audit log: rows older than two years removed');
      })
      .catch((err: unknown) => opts.log.error({ err }, 'audit log prune failed'));
  };
  const first = setTimeout(check, 60_000);
  const timer = setInterval(check, CHECK_MS);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
