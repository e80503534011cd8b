import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startShop, type RunningServer } from '../e2e/support/server';
import { startSmtpCatcher } from '../e2e/support/smtp';
import { recordFigures } from '../src/server/security/figures';
import { ShopClient } from './support/client';
import { caught, countByKey, sleep, waitFor } from './support/mail';
import { orderProblems } from './support/orders-check';
import { scratchDatabase, type ScratchDatabase } from './support/postgres';
import { RoundRobin } from './support/round-robin';
import { signIn, type PlacedOrder, type Product } from './support/shop';

const root = path.resolve(`.tmp/faults-rolling-${process.pid}`);
const CUSTOMERS = 4;
let database: ScratchDatabase | undefined;
const shops: (RunningServer | undefined)[] = [];
let smtp: { close(): Promise<void> } | undefined;

afterAll(async () => {
  for (const s of shops) await s?.stop('SIGKILL').catch(() => {});
  await smtp?.close().catch(() => {});
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a rolling restart of two instances under load', () => {
  it('answers every request and loses or doubles no order and no mail while A, then B, restart', async () => {
    fs.rmSync(root, { recursive: true, force: true });
    const mailDir = path.join(root, 'mail');
    const catcher = await startSmtpCatcher(mailDir);
    smtp = catcher;
    database = await scratchDatabase('rolling');
    const ports = [await freePort(), await freePort()];
    const env = (i: number) => ({
      DATABASE_URL: database!.url,
      SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
      OUTBOX_POLL_MS: '100',
      APP_URL: 'http://shop.rolling.test',
      MAIL_FROM: `Shop <${'ab'[i]}@rolling.test>`,
      PORT: String(ports[i]),
    });
    const start = (i: number) => startShop(env(i), { built: true, timeoutMs: 60_000 });
    shops[0] = await start(0);
    shops[1] = await start(1);
    const bases = shops.map((s) => s!.url);
    const balancer = new RoundRobin(bases);

    // Customers sign in before the load (through the mailed code); their sessions then live in PostgreSQL.
    const customers: { n: number; call: ReturnType<RoundRobin['client']>['call']; cookies: string }[] = [];
    for (let n = 0; n < CUSTOMERS; n += 1) {
      const direct = new ShopClient();
      await signIn(direct, bases[n % 2]!, `crew${n}@rolling.test`, mailDir);
      const c = balancer.client();
      // The jar of the direct sign-in carries over to the balanced client.
      const cookies = ['session', 'refresh'].map((k) => `${k}=${direct.cookie(k)}`).join('; ');
      customers.push({ n, call: c.call, cookies });
    }
    const products = (await balancer.client().call<{ products: Product[] }>('GET', '/products/')).body!.products;

    const failures: string[] = [];
    const placed: PlacedOrder[] = [];
    let reads = 0;
    let writes = 0;
    let running = true;
    const note = (what: string, r: { status: number; body: unknown }) =>
      failures.push(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);

    let cartAddsLookedUp = 0;
    type Item = { product_id: number; size: string; quantity: number };
    // A cart add whose connection is reset after it was sent (the kernel resets what still waits in the accept queue
    // of an instance closing its socket) is not sent again by the balancer, since a POST may have been acted on: the
    // customer sees an error, looks at the cart and adds the garment only if it is not there, as a person would. Seen
    // once in a fresh run on a slow host; every order holding exactly one piece (below) shows no add was doubled.
    const addToCart = async (c: (typeof customers)[number], item: Item, headers: Record<string, string>) => {
      try {
        return await c.call('POST', '/cart/items', item, headers);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') throw err;
        cartAddsLookedUp += 1;
        const cart = await c.call<{ cart: { items: Item[] } }>('GET', '/cart/', undefined, headers);
        const there = cart.body?.cart.items.some((l) => l.product_id === item.product_id && l.size === item.size);
        if (cart.status === 200 && there) return cart;
        return c.call('POST', '/cart/items', item, headers);
      }
    };

    const shopper = async (c: (typeof customers)[number]) => {
      const headers = { cookie: c.cookies };
      for (let i = 0; running; i += 1) {
        try {
          const list = await c.call('GET', '/products/', undefined, headers);
          reads += 1;
          if (list.status !== 200) note('GET /products/', list);
          const p = products[(c.n * 5 + i) % products.length]!;
          const add = await addToCart(c, { product_id: p.id, size: p.sizes[0]!.label, quantity: 1 }, headers);
          writes += 1;
          if (add.status !== 200) note('POST /cart/items', add);
          // A checkout reset before its answer (the kernel resets what waits in the accept queue when an instance
          // closes its socket, docs/security.md#rolling-restart) is sent again by the client with the same
          // Idempotency-Key: the key is what makes that safe, and the order count below proves no order is doubled.
          const order = await c.call<{ order: PlacedOrder }>(
            'POST',
            '/orders/',
            { fulfillment: 'pickup' },
            { ...headers, 'idempotency-key': `roll-${c.n}-${i}` },
          );
          writes += 1;
          if (order.status === 201) placed.push(order.body!.order);
          else note('POST /orders/', order);
          // A customer's pace, not a flood: on an idle machine the loop otherwise queues hundreds of mails, and the
          // test is about the restart, not the outbox's throughput.
          await sleep(50);
        } catch (err) {
          failures.push(`customer ${c.n}: ${(err as Error).message}`);
        }
      }
    };
    const load = Promise.all(customers.map(shopper));

    const restart = async (i: number) => {
      await sleep(1500);
      const code = await shops[i]!.stop('SIGTERM');
      expect(code).toBe(0);
      shops[i] = await start(i);
    };
    const startedAt = Date.now();
    await restart(0);
    await restart(1);
    await sleep(1500);
    running = false;
    await load;
    const seconds = (Date.now() - startedAt) / 1000;

    const outboxState = async () =>
      JSON.stringify(
        await database!.query(
          `select status, count(*)::int as n, min(locked_until)::text as lease, max(last_error) as error from outbox group by status`,
        ),
      );
    try {
      await waitFor(
        'the outbox to drain',
        async () =>
          (await database!.query<{ n: number }>(`select count(*)::int as n from outbox where status <> 'sent'`))[0]!
            .n === 0
            ? true
            : undefined,
        90_000,
      );
    } catch (err) {
      throw new Error(`${(err as Error).message}; the outbox by status: ${await outboxState()}`);
    }
    await sleep(1500);
    const { problems, orders } = await orderProblems(database.query, placed);
    const notOnePiece = await database.query<{ order_id: number; pieces: number }>(
      'select order_id, sum(quantity)::int as pieces from order_lines group by order_id having sum(quantity) <> 1',
    );
    const rows = await database.query<{ to_address: string; subject: string }>(
      'select to_address, subject from outbox',
    );
    const mails = caught(mailDir);
    const lostOrDoubled = [...countByKey(rows.map((r) => ({ to: r.to_address, subject: r.subject })))].filter(
      ([k, n]) => countByKey(mails).get(k) !== n,
    );

    const figures = {
      seconds: Math.round(seconds),
      reads,
      writes,
      orders_placed: placed.length,
      failed_requests: failures.length,
      retried_on_refused_connection: balancer.retried.refused,
      retried_on_reset_while_connecting: balancer.retried.reset_while_connecting,
      retried_get_on_broken_connection: balancer.retried.broken_get,
      checkouts_resent_with_their_key: balancer.retried.broken_with_key,
      cart_adds_looked_up_after_a_reset: cartAddsLookedUp,
      orders_in_database: orders,
      order_problems: problems.length,
      outbox_rows: rows.length,
      mails_delivered: mails.length,
      mails_lost_or_doubled: lostOrDoubled.length,
    };
    console.log('rolling restart figures', figures);
    expect(failures).toEqual([]);
    expect(problems).toEqual([]);
    expect(notOnePiece).toEqual([]);
    expect(orders).toBe(placed.length);
    expect(placed.length).toBeGreaterThan(10);
    expect(lostOrDoubled).toEqual([]);
    expect(mails.length).toBe(rows.length);
    recordFigures('faults: rolling restart under load', figures, 'postgresql');
  });
});
