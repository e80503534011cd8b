import crypto from 'node:crypto';
import { inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import { signedIn } from '../test/users';
import { pruneExpired, RETENTION } from './retention';
import { idempotencyKeys, loginCodes, outbox, rateLimits, sessions } from '../db/schema';

// Each retention rule against rows a minute inside and a minute outside it (docs/operations.md#what-is-kept-and-for-how-long).
const { app } = await createTestApp();
const db = app.deps.db;
const user = await signedIn(app);
const now = new Date();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const ago = (ms: number) => new Date(now.getTime() - ms);
const inside = (ms: number) => ago(ms - MIN);
const outside = (ms: number) => ago(ms + MIN);
const hex = () => crypto.randomBytes(16).toString('hex');

describe('the hourly prune keeps exactly what the docs say', () => {
  it('mail: secret texts go once sent (a day for the dev mailbox), other texts after 90 days, the rows after 2 years', async () => {
    const row = (to: string, kind: string, sentAt: Date | null, transport = 'smtp') => ({
      toAddress: `${to}@keep.test`,
      subject: to,
      textBody: `text ${to}`,
      htmlBody: `<p>${to}</p>`,
      kind,
      status: sentAt ? ('sent' as const) : ('pending' as const),
      sentAt,
      transport: sentAt ? transport : null,
    });
    await db
      .insert(outbox)
      .values([
        row('code-smtp-now', 'login_code', now),
        row('link-smtp-now', 'approval_request', now),
        row('code-dev-inside', 'login_code', inside(RETENTION.devSecretMailMs), 'dev'),
        row('code-dev-outside', 'login_code', outside(RETENTION.devSecretMailMs), 'dev'),
        row('code-pending', 'login_code', null),
        row('order-inside', 'order_received', inside(RETENTION.sentMailBodyMs)),
        row('order-outside', 'order_received', outside(RETENTION.sentMailBodyMs)),
        row('order-row-inside', 'order_received', inside(RETENTION.sentMailMs)),
        row('order-row-outside', 'order_received', outside(RETENTION.sentMailMs)),
      ]);
    await pruneExpired(db, now);
    const left = await db
      .select({ to: outbox.subject, text: outbox.textBody, html: outbox.htmlBody })
      .from(outbox)
      .where(like(outbox.toAddress, '%@keep.test'))
      .orderBy(outbox.subject);
    const kept = (to: string) => ({ to, text: `text ${to}`, html: `<p>${to}</p>` });
    const blank = (to: string) => ({ to, text: '', html: '' });
    expect(left).toEqual([
      kept('code-dev-inside'),
      blank('code-dev-outside'),
      kept('code-pending'),
      blank('code-smtp-now'),
      blank('link-smtp-now'),
      kept('order-inside'),
      blank('order-outside'),
      blank('order-row-inside'),
    ]);
  });

  it('sessions once their refresh token has expired; revoked ones still in date stay', async () => {
    const session = (tag: string, refreshExpiresAt: Date, revokedAt: Date | null = null) => ({
      userId: user.id,
      familyId: `keep-${tag}`,
      accessHash: hex(),
      accessExpiresAt: ago(DAY),
      refreshHash: hex(),
      refreshExpiresAt,
      revokedAt,
    });
    await db
      .insert(sessions)
      .values([
        session('live', new Date(now.getTime() + MIN)),
        session('revoked', new Date(now.getTime() + MIN), now),
        session('expired', ago(MIN)),
      ]);
    await pruneExpired(db, now);
    const left = await db
      .select({ family: sessions.familyId })
      .from(sessions)
      .where(like(sessions.familyId, 'keep-%'))
      .orderBy(sessions.familyId);
    expect(left.map((s) => s.family)).toEqual(['keep-live', 'keep-revoked']);
  });

  it('sign-in codes used or expired once their resend window is over', async () => {
    const w = RETENTION.loginCodeWindowMs;
    const code = (email: string, o: { expiresAt: Date; consumedAt?: Date; windowStartedAt: Date }) => ({
      email: `${email}@keep.test`,
      codeHash: hex(),
      lastSentAt: o.windowStartedAt,
      consumedAt: o.consumedAt ?? null,
      ...o,
    });
    await db.insert(loginCodes).values([
      code('live', { expiresAt: new Date(now.getTime() + MIN), windowStartedAt: outside(w) }),
      code('used-in-window', {
        expiresAt: new Date(now.getTime() + MIN),
        consumedAt: now,
        windowStartedAt: inside(w),
      }),
      code('used-after', {
        expiresAt: new Date(now.getTime() + MIN),
        consumedAt: ago(w),
        windowStartedAt: outside(w),
      }),
      code('expired-in-window', { expiresAt: ago(MIN), windowStartedAt: inside(w) }),
      code('expired-after', { expiresAt: ago(MIN), windowStartedAt: outside(w) }),
    ]);
    await pruneExpired(db, now);
    const left = await db
      .select({ email: loginCodes.email })
      .from(loginCodes)
      .where(like(loginCodes.email, '%@keep.test'))
      .orderBy(loginCodes.email);
    expect(left.map((c) => c.email)).toEqual([
      'expired-in-window@keep.test',
      'live@keep.test',
      'used-in-window@keep.test',
    ]);
  });

  it('idempotency keys after a week, rate-limit counters a day past their window start', async () => {
    await db.insert(idempotencyKeys).values([
      { userId: user.id, key: 'keep-inside', requestHash: 'h', createdAt: inside(RETENTION.idempotencyKeyMs) },
      { userId: user.id, key: 'keep-outside', requestHash: 'h', createdAt: outside(RETENTION.idempotencyKeyMs) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'keep:inside', count: 3, windowStartedAt: inside(RETENTION.rateLimitMs) },
      { key: 'keep:outside', count: 3, windowStartedAt: outside(RETENTION.rateLimitMs) },
    ]);
    const pruned = await pruneExpired(db, now);
    expect(pruned.idempotencyKeys).toBeGreaterThanOrEqual(1);
    const keys = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, ['keep-inside', 'keep-outside']));
    expect(keys.map((k) => k.key)).toEqual(['keep-inside']);
    const limits = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, ['keep:inside', 'keep:outside']));
    expect(limits.map((l) => l.key)).toEqual(['keep:inside']);
    // A second pass finds nothing more of these.
    const again = await pruneExpired(db, now);
    expect([again.idempotencyKeys, again.rateLimits, again.sessions, again.loginCodes]).toEqual([0, 0, 0, 0]);
  });
});
