import { and, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SECRET_MAIL_KINDS } from '../mail/outbox';
import type { Db } from '../db/client';
import { idempotencyKeys, loginCodes, outbox, rateLimits, sessions } from '../db/schema';

// What the shop keeps and for how long (docs/operations.md#what-is-kept-and-for-how-long). Every instance prunes a
// minute after start and then hourly; each delete is idempotent, so instances doing it at once do no harm.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const RETENTION = {
  /** A sign-in code's or approval link's mail, sent through the dev mailbox (where a developer reads it). */
  devSecretMailMs: DAY,
  /** Any other sent mail's text; its metadata (to, subject, kind, when) stays. */
  sentMailBodyMs: 90 * DAY,
  /** A sent mail's metadata, as long as the audit log's rows. */
  sentMailMs: 2 * 365 * DAY,
  /** A used or expired sign-in code, once its resend window (auth/request-pin.ts, one hour) is over. */
  loginCodeWindowMs: HOUR,
  /** A checkout's Idempotency-Key: a client retries within minutes; a week later the key is forgotten. */
  idempotencyKeyMs: 7 * DAY,
  /** A rate-limit counter, past the longest window any limit uses (one hour): a day. */
  rateLimitMs: DAY,
} as const;

export type Pruned = {
  secretMailBodies: number;
  sentMailBodies: number;
  sentMail: number;
  sessions: number;
  loginCodes: number;
  idempotencyKeys: number;
  rateLimits: number;
};

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);
const count = (rows: unknown[]) => rows.length;

/** One pass of every retention rule; answers how many rows each changed or removed. */
export async function pruneExpired(db: Db, now = new Date()): Promise<Pruned> {
  const sent = eq(outbox.status, 'sent');
  const blank = { textBody: '', htmlBody: '' };
  const hasBody = or(ne(outbox.textBody, ''), ne(outbox.htmlBody, ''));
  const secretMailBodies = count(
    await db
      .update(outbox)
      .set(blank)
      .where(
        and(
          sent,
          hasBody,
          inArray(outbox.kind, [...SECRET_MAIL_KINDS]),
          or(
            ne(sql`coalesce(${outbox.transport}, '')`, 'dev'),
            lt(outbox.sentAt, before(now, RETENTION.devSecretMailMs)),
          ),
        ),
      )
      .returning({ id: outbox.id }),
  );
  const sentMailBodies = count(
    await db
      .update(outbox)
      .set(blank)
      .where(and(sent, hasBody, lt(outbox.sentAt, before(now, RETENTION.sentMailBodyMs))))
      .returning({ id: outbox.id }),
  );
  const sentMail = count(
    await db
      .delete(outbox)
      .where(and(sent, lt(outbox.sentAt, before(now, RETENTION.sentMailMs))))
      .returning({ id: outbox.id }),
  );
  const expiredSessions = count(
    await db.delete(sessions).where(lt(sessions.refreshExpiresAt, now)).returning({ id: sessions.id }),
  );
  const codes = count(
    await db
      .delete(loginCodes)
      .where(
        and(
          or(isNotNull(loginCodes.consumedAt), lt(loginCodes.expiresAt, now)),
          lt(loginCodes.windowStartedAt, before(now, RETENTION.loginCodeWindowMs)),
        ),
      )
      .returning({ email: loginCodes.email }),
  );
  const keys = count(
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before(now, RETENTION.idempotencyKeyMs)))
      .returning({ key: idempotencyKeys.key }),
  );
  const limits = count(
    await db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStartedAt, before(now, RETENTION.rateLimitMs)))
      .returning({ key: rateLimits.key }),
  );
  return {
    secretMailBodies,
    sentMailBodies,
    sentMail,
    sessions: expiredSessions,
    loginCodes: codes,
    idempotencyKeys: keys,
    rateLimits: limits,
  };
}

const CHECK_MS = HOUR;

/** Prunes a minute after start and then hourly. */
export function startRetention(opts: { db: Db; log: FastifyBaseLogger }) {
  let running = false;
  const check = () => {
    if (running) return;
    running = true;
    pruneExpired(opts.db)
      .then((pruned) => {
        if (Object.values(pruned).some((n) => n > 0)) opts.log.info({ pruned }, 'retention: expired rows pruned');
      })
      .catch((err: unknown) => opts.log.error({ err }, 'retention prune failed'))
      .finally(() => {
        running = false;
      });
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
