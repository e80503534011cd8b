import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { onMailQueued, SECRET_MAIL_KINDS } from './outbox';
import type { OutboxPulse } from './pulse';
import type { MailTransport } from './transport';

/**
 * A mail is retried until it has waited this long, not for a number of attempts: twelve attempts (about 66 minutes)
 * dropped every mail of an SMTP outage of an hour or more for good. Three days outlast a weekend without mail.
 */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;
const LEASE_SECONDS = 60;
const BATCH = 10;
// How soon after mail is queued in this process the worker looks: the queuing transaction commits first (on PGlite the
// look waits its turn behind it anyway). Under a stream of orders it looks again at most every RUN_GAP_MS after a run,
// not once per mail: each look that finds the queue empty is a transaction of its own.
const WAKE_MS = 20;
const RUN_GAP_MS = 100;

/** 5 s, 10 s, 20 s ... capped at 15 minutes. */
export const backoffMs = (attempts: number) => Math.min(15 * 60_000, 5000 * 2 ** Math.max(0, attempts - 1));

export type OutboxWorker = {
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now; returns how many were sent. */
  runOnce(): Promise<number>;
};

export function createOutboxWorker(opts: {
  db: Db;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  pollMs: number;
  /** Beaten on every finished poll and every mail handed over, for readiness. */
  pulse?: OutboxPulse;
  /** The worker's clock (due times, leases, giving up); a test runs days of an outage through it in a second. */
  now?: () => Date;
}): OutboxWorker {
  const { db, transport, from, log } = opts;
  const now = opts.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  let stopping = false;

  // A lease (status sending + locked_until) lets several instances share one outbox: each row is
  // claimed by one of them, and a crashed instance's claim expires and is retried.
  async function claim() {
    // The database's clock unless a test gives one, so instances whose clocks differ agree on leases.
    const at = opts.now ? opts.now() : sql`now()`;
    const lease = opts.now
      ? new Date(opts.now().getTime() + LEASE_SECONDS * 1000)
      : sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          or(
            and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, at)),
            and(eq(outbox.status, 'sending'), lte(outbox.lockedUntil, at)),
          ),
        )
        .orderBy(asc(outbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({
          status: 'sending',
          lockedUntil: lease,
          attempts: sql`${outbox.attempts} + 1`,
        })
        .where(
          inArray(
            outbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  type OutboxChange = PgUpdateSetSource<typeof outbox>;
  // Outcomes the database could not record when they happened (it was unreachable). They are written first on
  // the next run: a mail the SMTP server accepted is marked sent once the database is back, instead of being
  // sent a second time when its lease runs out.
  const unrecorded: { id: number; set: OutboxChange }[] = [];

  async function flushOutcomes() {
    while (unrecorded.length > 0) {
      const { id, set } = unrecorded[0]!;
      // Only a row still leased changes: writing an outcome again (its answer was lost with the connection) is a no-op.
      await db
        .update(outbox)
        .set(set)
        .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
      unrecorded.shift();
    }
  }

  async function deliver(row: typeof outbox.$inferSelect): Promise<{ ok: boolean; set: OutboxChange }> {
    try {
      await transport.send({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.messageId ? { messageId: row.messageId } : {}),
      });
      // A sign-in code or an approval link is never kept once it has left: the recipient holds the only copy. The dev
      // mailbox is where a developer reads them, so the dev transport's copies stay (pruned after a day).
      const forget = transport.name === 'smtp' && SECRET_MAIL_KINDS.includes(row.kind);
      return {
        ok: true,
        set: {
          status: 'sent',
          sentAt: now(),
          lockedUntil: null,
          transport: transport.name,
          lastError: null,
          ...(forget ? { textBody: '', htmlBody: '' } : {}),
        },
      };
    } catch (err) {
      log.warn({ err, outboxId: row.id, attempts: row.attempts }, 'mail delivery failed');
      const t = now().getTime();
      // An admin's resend starts the three days again.
      const since = (row.requeuedAt ?? row.createdAt).getTime();
      return {
        ok: false,
        set: {
          status: t - since >= GIVE_UP_AFTER_MS ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String((err as Error).message ?? err).slice(0, 500),
          nextAttemptAt: new Date(t + backoffMs(row.attempts)),
        },
      };
    }
  }

  async function sendBatch(): Promise<number> {
    let sent = 0;
    await flushOutcomes();
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return sent;
      for (const [i, row] of rows.entries()) {
        const outcome = await deliver(row);
        opts.pulse?.beat();
        if (outcome.ok) sent++;
        else opts.pulse?.failed();
        unrecorded.push({ id: row.id, set: outcome.set });
        try {
          await flushOutcomes();
        } catch (err) {
          // The database went away mid-batch: the rows not tried yet go back to the queue once it returns,
          // without the attempt their claim counted, rather than waiting out their lease.
          for (const rest of rows.slice(i + 1)) {
            unrecorded.push({
              id: rest.id,
              set: { status: 'pending', lockedUntil: null, attempts: sql`${outbox.attempts} - 1` },
            });
          }
          throw err;
        }
      }
      if (stopping) return sent;
    }
  }

  function runOnce(): Promise<number> {
    if (!running) {
      running = sendBatch()
        .then((sent) => {
          opts.pulse?.beat();
          return sent;
        })
        .catch((err) => {
          log.warn({ err }, 'outbox poll failed');
          return 0;
        })
        .finally(() => {
          running = null;
        });
    }
    return running;
  }

  let nextLookAt = 0;
  let lastRunEnded = 0;
  // Mail queued while a run was under way (its rows may have been written after that run's claim): look again soon.
  let queuedMeanwhile = false;
  let stopListening = () => {};
  const soon = () => Math.max(WAKE_MS, lastRunEnded + RUN_GAP_MS - Date.now());

  function schedule(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    nextLookAt = Date.now() + ms;
    timer = setTimeout(async () => {
      timer = null;
      queuedMeanwhile = false;
      await runOnce();
      lastRunEnded = Date.now();
      schedule(queuedMeanwhile ? soon() : opts.pollMs);
    }, ms);
  }

  function mailQueued() {
    if (stopped) return;
    if (!timer) queuedMeanwhile = true;
    else if (nextLookAt - Date.now() > soon()) schedule(soon());
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopListening = onMailQueued(mailQueued);
      schedule(opts.pollMs);
    },
    async stop() {
      stopped = true;
      stopping = true;
      stopListening();
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
      await flushOutcomes().catch((err) =>
        log.warn({ err, unrecorded: unrecorded.length }, 'outbox outcomes not recorded at stop'),
      );
      transport.close();
    },
    runOnce,
  };
}
