import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startShop, type RunningServer } from '../e2e/support/server';
import { startSmtpCatcher } from '../e2e/support/smtp';
import { recordFigures } from '../src/server/security/figures';
import { ShopClient } from './support/client';
import { caught, countByKey, sleep, waitFor } from './support/mail';
import { scratchDatabase, type ScratchDatabase } from './support/postgres';
import { checkout, fillCart, listProducts, signIn } from './support/shop';

/** Long enough for two failed attempts per mail (the worker backs off 5 s, then 10 s). */
const DOWN_MS = 10_000;
const STAFF = 'desk@smtp-down.test';

const root = path.resolve(`.tmp/faults-smtp-down-${process.pid}`);
let database: ScratchDatabase | undefined;
let shop: RunningServer | undefined;
const catchers: { close(): Promise<void> }[] = [];

afterAll(async () => {
  await shop?.stop('SIGKILL').catch(() => {});
  for (const c of catchers) await c.close().catch(() => {});
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

type OutboxRow = {
  id: number;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
};

describe('the SMTP server down for a while', () => {
  it('keeps e-mails in the outbox and delivers each once when it returns', async () => {
    fs.rmSync(root, { recursive: true, force: true });
    const mailDir = path.join(root, 'mail');
    const first = await startSmtpCatcher(mailDir);
    catchers.push(first);
    database = await scratchDatabase('smtp');
    shop = await startShop(
      {
        DATABASE_URL: database.url,
        SMTP_URL: `smtp://127.0.0.1:${first.port}`,
        OUTBOX_POLL_MS: '200',
        ADMIN_EMAILS: STAFF,
      },
      { built: true, timeoutMs: 60_000 },
    );
    const url = shop.url;
    const customer = new ShopClient();
    await signIn(customer, url, 'buyer@smtp-down.test', mailDir);
    const products = await listProducts(customer, url);
    const outbox = () =>
      database!.query<OutboxRow>(
        'select id, to_address, subject, status, attempts, last_error from outbox order by id',
      );
    const before = (await outbox()).length;

    await first.close();
    const downAt = Date.now();
    // While it is down: orders (confirmation to the customer), guest contact messages (notification to staff and a
    // receipt to the guest), sign-in codes for new addresses. Every request succeeds; only the mail waits.
    let requests = 0;
    for (let n = 0; n < 3; n += 1) {
      await fillCart(customer, url, products, 2, n);
      const placed = await checkout(customer, url, `smtp-down#${n}`);
      requests += 3;
      expect(placed.status).toBe(201);
    }
    for (let n = 0; n < 3; n += 1) {
      const guest = new ShopClient();
      const sent = await guest.post(url, '/contact', {
        name: 'Dana Reyes',
        email: `guest${n}@smtp-down.test`,
        message: `Do you embroider station numbers on caps? Question ${n}.`,
      });
      const asked = await guest.post(url, '/auth/request-pin', { email: `newcomer${n}@smtp-down.test` });
      requests += 2;
      expect([sent.status, asked.status]).toEqual([201, 200]);
    }
    const made = (await outbox()).slice(before);
    expect(made).toHaveLength(12);
    expect(made.filter((r) => r.to_address.startsWith('guest')).map((r) => r.subject)).toEqual(
      Array(3).fill(expect.stringMatching(/^We received your message/)),
    );

    // The worker tries and fails, and keeps every mail for later.
    await waitFor(
      'a failed attempt on every waiting mail',
      async () => ((await outbox()).slice(before).every((r) => r.attempts >= 1 && r.last_error) ? true : undefined),
      DOWN_MS,
    );
    await sleep(Math.max(0, DOWN_MS - (Date.now() - downAt)));
    const whileDown = (await outbox()).slice(before);
    expect(whileDown.every((r) => r.status === 'pending' && r.last_error)).toBe(true);
    const caughtBefore = caught(mailDir).length;

    const second = await startSmtpCatcher(mailDir, first.port);
    catchers.push(second);
    const upAt = Date.now();
    await waitFor(
      'every waiting mail delivered',
      () => (caught(mailDir).length >= caughtBefore + made.length ? true : undefined),
      30_000,
    );
    const deliveredAfterMs = Date.now() - upAt;
    await waitFor(
      'the outbox to record every delivery',
      async () => ((await outbox()).every((r) => r.status === 'sent') ? true : undefined),
      5000,
    );
    await sleep(2000); // a second delivery of anything would show up here

    // Each outbox row arrived exactly once: same recipients and subjects, same counts.
    const rows = await outbox();
    const mails = caught(mailDir);
    expect(mails.length).toBe(rows.length);
    expect(countByKey(mails)).toEqual(countByKey(rows.map((r) => ({ to: r.to_address, subject: r.subject }))));
    const attempts = rows.slice(before).map((r) => r.attempts);
    expect(Math.min(...attempts)).toBeGreaterThanOrEqual(2);

    recordFigures(
      'faults: SMTP server down',
      {
        faultsInjected: 1,
        secondsDown: Math.round((upAt - downAt) / 1000),
        requestsWhileDown: requests,
        mailsQueuedWhileDown: made.length,
        failedAttemptsWhileDown: attempts.reduce((s, a) => s + a - 1, 0),
        mailsDelivered: made.length,
        secondsToDeliverAfterReturn: Number((deliveredAfterMs / 1000).toFixed(1)),
        duplicates: mails.length - rows.length,
        lost: 0,
      },
      'postgresql',
    );
  });
});
