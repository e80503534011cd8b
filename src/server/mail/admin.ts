import { and, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { MAIL_LATE_MINUTES, MAIL_LIST_LIMIT, type MailTrouble, type TroubledMail } from '../../shared/mail-admin';
import type { Executor } from '../db/client';
import { outbox } from '../db/schema';

const lateMs = MAIL_LATE_MINUTES * 60_000;

/** Given up after three days of failed attempts. */
const failedWhere = () => eq(outbox.status, 'failed');

/**
 * Not sent a quarter of an hour after it was due: tried and failed at least once, or never tried while due (no
 * worker polls). A coalesced mail waiting out its window is not late: it is not due yet.
 */
export function lateMailWhere(now: Date): SQL {
  const before = new Date(now.getTime() - lateMs);
  return and(
    inArray(outbox.status, ['pending', 'sending']),
    lte(sql`coalesce(${outbox.requeuedAt}, ${outbox.createdAt})`, before),
    or(sql`${outbox.attempts} > 0`, lte(outbox.nextAttemptAt, before)),
  )!;
}

/** The counts Today shows and the mail screen heads its lists with, in one statement. */
export async function mailTroubleCounts(db: Executor, now = new Date()): Promise<{ failed: number; late: number }> {
  const [row] = await db
    .select({
      failed: sql<number>`(count(*) filter (where ${failedWhere()}))::int`,
      late: sql<number>`(count(*) filter (where ${lateMailWhere(now)}))::int`,
    })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'sending', 'failed']));
  return { failed: Number(row?.failed ?? 0), late: Number(row?.late ?? 0) };
}

const listColumns = {
  id: outbox.id,
  to: outbox.toAddress,
  subject: outbox.subject,
  kind: outbox.kind,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  requeuedAt: outbox.requeuedAt,
  nextAttemptAt: outbox.nextAttemptAt,
};
type ListRow = {
  id: number;
  to: string;
  subject: string;
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  requeuedAt: Date | null;
  nextAttemptAt: Date;
};

const dto = (r: ListRow): TroubledMail => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  kind: r.kind,
  status: r.status as TroubledMail['status'],
  attempts: r.attempts,
  last_error: r.lastError,
  created_at: r.createdAt.toISOString(),
  requeued_at: r.requeuedAt?.toISOString() ?? null,
  next_attempt_at: r.nextAttemptAt.toISOString(),
});

/** The failed and the late mail, newest first (never a mail's text: only what an admin needs to act). */
export async function mailTrouble(db: Executor, now = new Date()): Promise<Omit<MailTrouble, 'success'>> {
  const list = (where: SQL) =>
    db.select(listColumns).from(outbox).where(where).orderBy(desc(outbox.id)).limit(MAIL_LIST_LIMIT);
  const [counts, failed, late] = await Promise.all([
    mailTroubleCounts(db, now),
    list(failedWhere()),
    list(lateMailWhere(now)),
  ]);
  return {
    failed_count: counts.failed,
    late_count: counts.late,
    failed: failed.map(dto),
    late: late.map(dto),
  };
}

/** The ids of every failed mail (the "resend all" of the screen and of `npm run mail:requeue`). */
export async function failedMailIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: outbox.id }).from(outbox).where(failedWhere()).orderBy(outbox.id);
  return rows.map((r) => r.id);
}

/**
 * Sends the named mails again: a failed or waiting mail becomes due now with its attempts counted from zero, and its
 * three days of retries start again. A mail being sent or already sent is left alone. Answers how many changed.
 */
export async function requeueMail(db: Executor, ids: readonly number[], now = new Date()): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await db
    .update(outbox)
    .set({ status: 'pending', nextAttemptAt: now, requeuedAt: now, attempts: 0, lockedUntil: null })
    .where(and(inArray(outbox.id, [...ids]), inArray(outbox.status, ['failed', 'pending'])))
    .returning({ id: outbox.id });
  return changed.length;
}

/** One mail's state, for the resend route's answers. */
export async function mailStatus(db: Executor, id: number) {
  const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  return row?.status ?? null;
}
