import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startShop, type RunningServer } from '../e2e/support/server';
import { startSmtpCatcher } from '../e2e/support/smtp';
import { recordFigures } from '../src/server/security/figures';
import { ShopClient } from './support/client';
import { caught, sleep, waitFor } from './support/mail';
import { orderProblems } from './support/orders-check';
import { privatePostgres, type PrivatePostgres } from './support/postgres';
import { checkout, listProducts, signIn, type PlacedOrder } from './support/shop';

const root = path.resolve(`.tmp/faults-pg-restart-${process.pid}`);
let database: PrivatePostgres | undefined;
let shop: RunningServer | undefined;
let smtp: { close(): Promise<void> } | undefined;

afterAll(async () => {
  await shop?.stop('SIGKILL').catch(() => {});
  await database?.destroy();
  await smtp?.close().catch(() => {});
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every health answer the poller saw, in order: 200, 503, or 0 when the server did not answer at all. */
function pollHealth(url: string) {
  const seen: { at: number; status: number }[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const status = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        () => 0,
      );
      seen.push({ at: Date.now(), status });
      await sleep(100);
    }
  })();
  return {
    seen,
    last: () => seen.at(-1)?.status,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

describe('PostgreSQL stopped and started under the running server', () => {
  it('health goes 503 then 200 without a restart of the shop, and no acknowledged write is lost', async () => {
    fs.rmSync(root, { recursive: true, force: true });
    const mailDir = path.join(root, 'mail');
    const catcher = await startSmtpCatcher(mailDir);
    smtp = catcher;
    database = await privatePostgres();
    shop = await startShop(
      { DATABASE_URL: database.url, SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, OUTBOX_POLL_MS: '100' },
      { built: true, timeoutMs: 60_000 },
    );
    const url = shop.url;
    const pid = shop.proc.pid;
    const client = new ShopClient();
    await signIn(client, url, 'writer@restart.test', mailDir);
    const products = await listProducts(client, url);

    // One customer keeps ordering, as a client should: a failed checkout is retried with the same key until
    // it is answered, so a write the server lost would show as a missing order, and one done twice as an extra.
    const acknowledged: PlacedOrder[] = [];
    const refused = { cart: 0, checkout: 0, unauthorized: 0, replayed: 0 };
    const refusalStatuses = new Set<number | null>();
    let writing = true;
    let requests = 0;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        for (;;) {
          requests += 1;
          const added = await client.post(url, '/cart/items', {
            product_id: products[n % products.length]!.id,
            size: products[n % products.length]!.sizes[0]!.label,
            quantity: 1 + (n % 3),
          });
          if (added.status === 200) break;
          refusalStatuses.add(added.status);
          if (added.status === 401) refused.unauthorized += 1;
          refused.cart += 1;
          await sleep(100);
        }
        for (;;) {
          requests += 1;
          const res = await checkout(client, url, `restart#${n}`);
          if (res.status === 201 || res.status === 200) {
            if (res.status === 200) refused.replayed += 1;
            acknowledged.push(res.body!.order);
            break;
          }
          refusalStatuses.add(res.status);
          if (res.status === 401) refused.unauthorized += 1;
          refused.checkout += 1;
          await sleep(100);
        }
      }
    })();
    const health = pollHealth(url);

    const outages: { mode: string; downMs: number; to503Ms: number; backTo200Ms: number }[] = [];
    for (const mode of ['immediate', 'fast'] as const) {
      const before = acknowledged.length;
      await waitFor('orders before the outage', () => (acknowledged.length >= before + 3 ? true : undefined), 20_000);
      const stoppedAt = Date.now();
      await database.stop(mode);
      await waitFor('health 503', () => (health.last() === 503 ? true : undefined), 10_000).catch((err) => {
        throw new Error(
          `${err}; last health answers [ms after the stop, status]: ${JSON.stringify(health.seen.slice(-10).map((s) => [s.at - stoppedAt, s.status]))}\n${shop!.output().slice(-1500)}`,
        );
      });
      const to503Ms = Date.now() - stoppedAt;
      await sleep(2000); // the writer keeps trying while the database is gone
      const startedAt = Date.now();
      await database.start();
      await waitFor('health 200 again', () => (health.last() === 200 ? true : undefined), 20_000);
      outages.push({ mode, downMs: startedAt - stoppedAt, to503Ms, backTo200Ms: Date.now() - startedAt });
      const after = acknowledged.length;
      await waitFor('orders after the outage', () => (acknowledged.length >= after + 3 ? true : undefined), 20_000);
    }
    writing = false;
    await writer;
    await health.stop();

    // The same process served throughout: it recovered by itself.
    expect(shop.proc.exitCode).toBeNull();
    expect(shop.proc.pid).toBe(pid);
    const statuses = health.seen.map((s) => s.status);
    expect(statuses).not.toContain(0);
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
    expect(refused.checkout + refused.cart).toBeGreaterThan(0); // writes really failed during the outages
    expect(refused.unauthorized).toBe(0); // a database outage never signs the customer out
    // Refused writes say "try again" (503), or never reached the server (null); never a 500. A 409 is a retry meeting its own in-flight first try.
    console.log(`refusal statuses: ${JSON.stringify([...refusalStatuses])}`);
    expect([...refusalStatuses].filter((s) => s !== null && ![409, 503].includes(s))).toEqual([]);

    // Every order the customer was answered for exists whole, once; each is confirmed by exactly one mail.
    const direct = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const query = async <T>(text: string, values?: unknown[]) => (await direct.query(text, values)).rows as T[];
      const check = await orderProblems(query, acknowledged);
      expect(check.problems).toEqual([]);
      expect(check.orders).toBe(acknowledged.length);
      expect(new Set(acknowledged.map((o) => o.id)).size).toBe(acknowledged.length);
      const subjects = acknowledged.map((o) => `Order ${o.order_number} received`);
      const confirmations = () => caught(mailDir).filter((m) => subjects.includes(m.subject));
      await waitFor(
        'every confirmation mail',
        () => (confirmations().length >= subjects.length ? true : undefined),
        30_000,
      ).catch(async (err) => {
        const rows = await query(
          `select id, subject, status, attempts, locked_until, next_attempt_at, last_error, now() from outbox where status <> 'sent'`,
        );
        throw new Error(
          `${err}: ${confirmations().length} of ${subjects.length} caught; outbox rows not sent: ${JSON.stringify(rows)}`,
        );
      });
      // Every row recorded as sent: a delivered mail still leased would be sent again when its lease ran out.
      await waitFor(
        'the outbox to record every delivery',
        async () =>
          (await query<{ n: number }>(`select count(*)::int as n from outbox where status <> 'sent'`))[0]!.n === 0
            ? true
            : undefined,
        10_000,
      );
      await sleep(1500);
      expect(confirmations().length).toBe(subjects.length);
      expect(new Set(confirmations().map((m) => m.subject)).size).toBe(subjects.length);
    } finally {
      await direct.end();
    }
    expect((await client.get(url, '/auth/me')).status).toBe(200);

    recordFigures(
      'faults: PostgreSQL stopped and started',
      {
        faultsInjected: outages.length,
        secondsDown: Number((outages.reduce((s, o) => s + o.downMs, 0) / 1000).toFixed(1)),
        msToHealth503: Math.max(...outages.map((o) => o.to503Ms)),
        msBackToHealth200: Math.max(...outages.map((o) => o.backTo200Ms)),
        healthProbes: statuses.length,
        healthProbes503: statuses.filter((s) => s === 503).length,
        writeRequests: requests,
        writesRefusedDuringOutage: refused.cart + refused.checkout,
        acknowledgedOrders: acknowledged.length,
        confirmationMailsDelivered: acknowledged.length,
        lostWrites: 0,
        serverRestarts: 0,
      },
      'postgresql',
    );
  });
});
