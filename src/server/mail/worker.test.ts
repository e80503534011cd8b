import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { createTestApp } from '../test/harness';
import { enqueueMail } from './outbox';
import { smtpTransport } from './transport';
import { createOutboxWorker } from './worker';
import { freePort } from '../../../e2e/support/server';

const { app } = await createTestApp();
const db = app.deps.db;
const silent = app.log;

/** A real SMTP server on 127.0.0.1 that counts what it receives per recipient. */
async function startSmtp(port: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: 'text', html: '<p>html</p>', kind: 'test' });
const smtpPort = await freePort();
const worker = () =>
  createOutboxWorker({
    db,
    transport: smtpTransport(`smtp://127.0.0.1:${smtpPort}`),
    from: 'shop@test.local',
    log: silent,
    pollMs: 50,
  });
let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null;
afterAll(async () => smtp?.close());

describe('outbox', () => {
  it('keeps no mail from a rolled-back transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail('rollback@example.test'));
        throw new Error('crash in the middle of the write');
      }),
    ).rejects.toThrow('crash');
    expect(await db.$count(outbox, eq(outbox.toAddress, 'rollback@example.test'))).toBe(0);
  });

  it('waits while SMTP is down, then delivers each message exactly once when it returns', async () => {
    await db.transaction((tx) => enqueueMail(tx, [mail('a@example.test'), mail('b@example.test')]));
    const w = worker();
    expect(await w.runOnce()).toBe(0);
    const waiting = await db.select().from(outbox).where(eq(outbox.kind, 'test'));
    expect(waiting.every((r) => r.status === 'pending' && r.attempts === 1 && r.lastError)).toBe(true);
    expect(waiting.every((r) => r.nextAttemptAt.getTime() > Date.now())).toBe(true);

    smtp = await startSmtp(smtpPort);
    expect(await w.runOnce()).toBe(0); // backoff still running: nothing is due yet
    await db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.kind, 'test'));
    expect(await w.runOnce()).toBe(2);
    expect(await w.runOnce()).toBe(0);
    expect(await worker().runOnce()).toBe(0); // a restarted worker sends nothing twice
    expect(smtp.received.sort()).toEqual(['a@example.test', 'b@example.test']);
    const sent = await db.select().from(outbox).where(eq(outbox.kind, 'test'));
    expect(sent.every((r) => r.status === 'sent' && r.sentAt && r.transport === 'smtp')).toBe(true);
  });

  it('retries a message whose sender died mid-send once its lease expires', async () => {
    await enqueueMail(db, mail('lease@example.test'));
    await db
      .update(outbox)
      .set({ status: 'sending', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(outbox.toAddress, 'lease@example.test'));
    expect(await worker().runOnce()).toBe(0); // another instance holds the lease
    await db
      .update(outbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.toAddress, 'lease@example.test'));
    expect(await worker().runOnce()).toBe(1);
    expect(smtp!.received.filter((r) => r === 'lease@example.test')).toHaveLength(1);
  });

  it('keeps trying past an hour of failures, for days, and gives up only then', async () => {
    const down = createOutboxWorker({
      db,
      transport: smtpTransport(`smtp://127.0.0.1:${await freePort()}`),
      from: 'shop@test.local',
      log: silent,
      pollMs: 50,
    });
    await enqueueMail(db, [mail('hour@example.test'), mail('days@example.test')]);
    // Twenty attempts over about two hours: the old rule had given up after twelve.
    await db
      .update(outbox)
      .set({ attempts: 20, createdAt: sql`now() - interval '2 hours'` })
      .where(eq(outbox.toAddress, 'hour@example.test'));
    await db
      .update(outbox)
      .set({ attempts: 300, createdAt: sql`now() - interval '3 days 1 minute'` })
      .where(eq(outbox.toAddress, 'days@example.test'));
    expect(await down.runOnce()).toBe(0);
    const rows = await db
      .select({ to: outbox.toAddress, status: outbox.status })
      .from(outbox)
      .where(sql`${outbox.toAddress} in ('hour@example.test', 'days@example.test')`)
      .orderBy(outbox.toAddress);
    expect(rows).toEqual([
      { to: 'days@example.test', status: 'failed' },
      { to: 'hour@example.test', status: 'pending' },
    ]);
    await db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.toAddress, 'hour@example.test'));
    expect(await worker().runOnce()).toBe(1);
    expect(smtp!.received.filter((r) => r === 'hour@example.test')).toHaveLength(1);
  });

  it('sends due mail on its own once started, and stops cleanly', async () => {
    const w = worker();
    w.start();
    await enqueueMail(db, mail('poll@example.test'));
    await expect.poll(() => smtp!.received.includes('poll@example.test'), { timeout: 5000 }).toBe(true);
    await w.stop();
  });
});
