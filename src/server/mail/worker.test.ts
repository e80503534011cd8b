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

  it('delivers every mail exactly once after an outage of hours (past the old 12 attempts), on its own clock', async () => {
    const port = await freePort();
    let clock = Date.now();
    const w = createOutboxWorker({
      db,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      from: 'shop@test.local',
      log: silent,
      pollMs: 50,
      now: () => new Date(clock),
    });
    const to = ['out1@example.test', 'out2@example.test', 'out3@example.test'];
    await enqueueMail(db, to.map(mail));
    const mine = sql`${outbox.toAddress} in ('out1@example.test', 'out2@example.test', 'out3@example.test')`;
    // Two and a half hours of a refusing server, polled every minute of the worker's clock.
    for (let minute = 0; minute < 150; minute++) {
      expect(await w.runOnce()).toBe(0);
      clock += 60_000;
    }
    const waiting = await db.select().from(outbox).where(mine);
    expect(waiting.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    expect(Math.min(...waiting.map((r) => r.attempts))).toBeGreaterThan(12);

    const back = await startSmtp(port);
    try {
      clock += 15 * 60_000;
      expect(await w.runOnce()).toBe(3);
      clock += 60 * 60_000;
      expect(await w.runOnce()).toBe(0);
      expect(back.received.sort()).toEqual(to);
      const sent = await db.select().from(outbox).where(mine);
      expect(sent.every((r) => r.status === 'sent' && r.lastError === null)).toBe(true);
    } finally {
      await back.close();
    }
  });

  it('drops the text of a sign-in code or approval-link mail once the SMTP server has it, and keeps the others', async () => {
    await enqueueMail(db, [
      { ...mail('code@example.test'), kind: 'login_code', text: 'Your code is 123456' },
      { ...mail('link@example.test'), kind: 'approval_request', text: 'https://shop/approval/secret-token' },
      { ...mail('order@example.test'), kind: 'order_received', text: 'Thank you' },
    ]);
    expect(await worker().runOnce()).toBe(3);
    const rows = await db
      .select({ to: outbox.toAddress, text: outbox.textBody, html: outbox.htmlBody, status: outbox.status })
      .from(outbox)
      .where(sql`${outbox.toAddress} in ('code@example.test', 'link@example.test', 'order@example.test')`)
      .orderBy(outbox.toAddress);
    expect(rows).toEqual([
      { to: 'code@example.test', text: '', html: '', status: 'sent' },
      { to: 'link@example.test', text: '', html: '', status: 'sent' },
      { to: 'order@example.test', text: 'Thank you', html: '<p>html</p>', status: 'sent' },
    ]);
  });

  it('sends mail queued in this process at once, not at its next poll a minute away, from a transaction too', async () => {
    const w = createOutboxWorker({
      db,
      transport: smtpTransport(`smtp://127.0.0.1:${smtpPort}`),
      from: 'shop@test.local',
      log: silent,
      pollMs: 60_000,
    });
    w.start();
    try {
      await enqueueMail(db, mail('woken@example.test'));
      await expect.poll(() => smtp!.received.includes('woken@example.test'), { timeout: 5000 }).toBe(true);
      await db.transaction((tx) => enqueueMail(tx, mail('woken-tx@example.test')));
      await expect.poll(() => smtp!.received.includes('woken-tx@example.test'), { timeout: 5000 }).toBe(true);
    } finally {
      await w.stop();
    }
  });

  it('sends due mail on its own once started, and stops cleanly', async () => {
    const w = worker();
    w.start();
    await enqueueMail(db, mail('poll@example.test'));
    await expect.poll(() => smtp!.received.includes('poll@example.test'), { timeout: 5000 }).toBe(true);
    await w.stop();
  });
});
