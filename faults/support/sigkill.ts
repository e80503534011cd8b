import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { startShop, type RunningServer } from '../../e2e/support/server';
import { startSmtpCatcher } from '../../e2e/support/smtp';
import { recordFigures } from '../../src/server/security/figures';
import { ShopClient } from './client';
import { caught, sleep, waitFor } from './mail';
import { orderProblems } from './orders-check';
import { checkout, fillCart, listProducts, signIn, type PlacedOrder } from './shop';
import { pgliteTarget, postgresTarget, type Target } from './target';

const CUSTOMERS = 6;
/**
 * The kill lands once this many checkouts were acknowledged, a few milliseconds after a moment when at least
 * IN_FLIGHT checkouts are under way, so some die inside their transaction and some just after committing.
 */
const KILL_AFTER_ACKS = 12;
const IN_FLIGHT = 3;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

/** The whole fault on one database kind; each kind is its own file so the two run on two fault workers at once. */
export async function killDuringCheckouts(kind: Target['kind']) {
  const root = path.resolve(`.tmp/faults-sigkill-${kind}-${process.pid}`);
  fs.rmSync(root, { recursive: true, force: true });
  cleanups.push(async () => fs.rmSync(root, { recursive: true, force: true }));
  const target = kind === 'postgresql' ? await postgresTarget('sigkill') : await pgliteTarget(root);
  cleanups.push(target.cleanup);
  const mailDir = path.join(root, 'mail');
  const smtp = await startSmtpCatcher(mailDir);
  cleanups.push(smtp.close);
  const env = { ...target.env, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOX_POLL_MS: '100' };
  let shop: RunningServer | undefined;
  cleanups.push(async () => shop?.stop('SIGKILL'));

  // Customers sign in on a first run of the shop, which then stops cleanly.
  shop = await startShop(env, { built: true, timeoutMs: 120_000 });
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    email: `crew${i}@kill.test`,
    client: new ShopClient(),
  }));
  await Promise.all(customers.map((c) => signIn(c.client, shop!.url, c.email, mailDir)));
  const products = await listProducts(customers[0]!.client, shop.url);
  expect(await shop.stop()).toBe(0);

  // The instance that is killed sends no mail (OUTBOX_SEND=false), so every confirmation of an order it took must be
  // delivered by the restarted instance; one sent and killed before its outcome was written would be sent twice, as
  // at-least-once delivery allows, and that is not what this test is about.
  shop = await startShop({ ...env, OUTBOX_SEND: 'false' }, { built: true, timeoutMs: 120_000 });
  const url = shop.url;
  const acknowledged: PlacedOrder[] = [];
  const unanswered: { client: ShopClient; key: string }[] = [];
  let checkoutsSent = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let killing = false;
  let killed = false;
  const kill = () => {
    killed = true;
    inFlightAtKill = inFlight;
    shop!.proc.kill('SIGKILL');
  };
  const stream = async (c: (typeof customers)[number], i: number) => {
    for (let n = 0; !killed; n += 1) {
      try {
        await fillCart(c.client, url, products, 2 + (n % 2), i * 100 + n);
      } catch (err) {
        if (killed) return;
        throw err;
      }
      if (killed) return;
      const key = `${c.email}#${n}`;
      checkoutsSent += 1;
      inFlight += 1;
      if (
        !killing &&
        acknowledged.length >= KILL_AFTER_ACKS &&
        (inFlight >= IN_FLIGHT || acknowledged.length >= 2 * KILL_AFTER_ACKS)
      ) {
        killing = true;
        setTimeout(kill, 2 + Math.floor(Math.random() * 60));
      }
      const res = await checkout(c.client, url, key);
      inFlight -= 1;
      // A 201 whose body was cut off never reached the customer: it counts as unanswered, not acknowledged.
      if (res.status === 201 && res.body?.order) {
        acknowledged.push(res.body.order);
      } else if (res.status === null || killed) {
        unanswered.push({ client: c.client, key });
        return;
      } else {
        throw new Error(`checkout answered ${res.status} before the kill: ${JSON.stringify(res.body)}`);
      }
    }
  };
  await Promise.all(customers.map(stream));
  expect(
    await waitFor('the killed shop to exit', () => (shop!.proc.signalCode === 'SIGKILL' ? true : undefined), 5000),
  ).toBe(true);

  // Restart on the same database. A customer whose checkout got no answer retries it with the same key:
  // a 200 is the order that had committed before the kill, a 201 one placed now. Never a second order.
  shop = await startShop(env, { built: true, timeoutMs: 120_000 });
  let replayed = 0;
  const recovered: PlacedOrder[] = [];
  for (const u of unanswered) {
    const res = await checkout(u.client, shop.url, u.key);
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    if (res.status === 200) replayed += 1;
    recovered.push(res.body!.order);
  }
  const known = [...acknowledged, ...recovered];
  expect(new Set(known.map((o) => o.id)).size).toBe(known.length);

  const confirmations = () => caught(mailDir).filter((m) => /^Order CSU-\d{4}-\d{6} received$/.test(m.subject));
  await waitFor(
    'a confirmation for every order',
    () => (known.every((o) => confirmations().some((m) => m.subject.includes(o.order_number))) ? true : undefined),
    30_000,
  );
  await sleep(2000); // a duplicate or a mail for an order nobody knows of would arrive in this time
  expect(await shop.stop()).toBe(0);

  const delivered = confirmations();
  const check = await target.inspect(async (query) => ({
    ...(await orderProblems(query, known)),
    unsent: (await query<{ n: number }>(`select count(*)::int as n from outbox where status <> 'sent'`))[0]!.n,
    ids: await query<{ id: number; order_number: string }>('select id, order_number from orders'),
  }));
  expect(check.problems).toEqual([]);
  expect(check.ids.map((o) => o.id).sort((a, b) => a - b)).toEqual(known.map((o) => o.id).sort((a, b) => a - b));
  expect(check.unsent).toBe(0);
  const perOrder = check.ids.map(
    (o) => delivered.filter((m) => m.subject === `Order ${o.order_number} received`).length,
  );
  expect(
    perOrder.every((n) => n === 1),
    `confirmations per order: ${perOrder.join(',')}`,
  ).toBe(true);
  expect(delivered.length).toBe(check.ids.length);

  recordFigures(
    'faults: SIGKILL during checkouts',
    {
      faultsInjected: 1,
      customers: CUSTOMERS,
      checkoutRequests: checkoutsSent,
      acknowledgedBeforeKill: acknowledged.length,
      checkoutsInFlightAtKill: inFlightAtKill,
      unansweredAtKill: unanswered.length,
      committedButUnanswered: replayed,
      ordersInDatabase: check.ids.length,
      confirmationMailsDelivered: delivered.length,
      halfOrders: check.problems.length,
      lostOrders: known.filter((o) => !check.ids.some((x) => x.id === o.id)).length,
      duplicateMails: delivered.length - check.ids.length,
    },
    kind,
  );
}
