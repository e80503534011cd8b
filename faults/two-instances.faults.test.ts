import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ipLimits } from '../src/server/auth/limits';
import { SEED_PRODUCTS } from '../src/server/catalog/catalog-data';
import { CONTACT_LIMITS } from '../src/server/contact/submit';
import { startShop, type RunningServer } from '../e2e/support/server';
import { startSmtpCatcher } from '../e2e/support/smtp';
import { recordFigures } from '../src/server/security/figures';
import { ShopClient } from './support/client';
import { caught, countByKey, sleep, waitFor } from './support/mail';
import { scratchDatabase, type ScratchDatabase } from './support/postgres';
import { checkout, fillCart, listProducts, signIn } from './support/shop';

const STAFF = 'desk@two.test';
const root = path.resolve(`.tmp/faults-two-instances-${process.pid}`);
let database: ScratchDatabase | undefined;
const shops: RunningServer[] = [];
let smtp: { close(): Promise<void> } | undefined;

afterAll(async () => {
  for (const s of shops) await s.stop('SIGKILL').catch(() => {});
  await smtp?.close().catch(() => {});
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('two server instances on one PostgreSQL database', () => {
  it('share sessions, rate limits and resend cooldowns, and send each e-mail once', async () => {
    fs.rmSync(root, { recursive: true, force: true });
    const mailDir = path.join(root, 'mail');
    const catcher = await startSmtpCatcher(mailDir);
    smtp = catcher;
    database = await scratchDatabase('two');
    // Behind one public address, as behind a load balancer. Each instance signs its mail with its own sender,
    // so the caught mail shows which worker sent it. They start together: migrations and seed race.
    const common = {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
      OUTBOX_POLL_MS: '100',
      ADMIN_EMAILS: STAFF,
      APP_URL: 'http://shop.two.test',
    };
    const [a, b] = await Promise.all([
      startShop({ ...common, MAIL_FROM: 'Shop <a@two.test>' }, { built: true, timeoutMs: 60_000 }),
      startShop({ ...common, MAIL_FROM: 'Shop <b@two.test>' }, { built: true, timeoutMs: 60_000 }),
    ]);
    shops.push(a!, b!);
    // They seeded one catalogue and one department between them, not two.
    expect(
      await database.query(
        'select (select count(*)::int from products) as products, (select count(*)::int from departments) as departments',
      ),
    ).toEqual([{ products: SEED_PRODUCTS.length, departments: 1 }]);
    const A = a!.url;
    const B = b!.url;
    let pinRequests = 0;
    let requests = 0;

    // A session made on A works on B, also after B rotates it.
    const customer = new ShopClient();
    await signIn(customer, A, 'crew@two.test', mailDir);
    pinRequests += 1;
    const meA = await customer.get<{ user: { id: number } }>(A, '/auth/me');
    const meB = await customer.get<{ user: { id: number } }>(B, '/auth/me');
    expect(meB.status).toBe(200);
    expect(meB.body!.user.id).toBe(meA.body!.user.id);
    expect((await customer.post(B, '/auth/refresh')).status).toBe(200);
    expect((await customer.get(A, '/auth/me')).status).toBe(200);
    requests += 5;

    // A resend asked on B right after a code was sent from A waits out A's cooldown.
    const fresh = new ShopClient();
    const firstCode = await fresh.post<{ retry_after_seconds: number }>(A, '/auth/request-pin', {
      email: 'cooldown@two.test',
    });
    const resendOnB = await fresh.post<{ message: string }>(B, '/auth/request-pin', { email: 'cooldown@two.test' });
    pinRequests += 2;
    expect(firstCode.status).toBe(200);
    expect(resendOnB.status).toBe(429);
    expect(resendOnB.body!.message).toMatch(/try again in \d+ (second|minute)/);

    // The per-address request-pin ceiling counts both instances' requests: new addresses, alternately on A
    // and B, are refused from the (limit+1)-th request on, though neither instance saw the limit itself.
    // The instances run on the default SIGNIN_IP_LIMIT.
    const { limit } = ipLimits(60).requestPin;
    const served = { A: 0, B: 0 };
    let firstRefusedAt = 0;
    for (let n = pinRequests + 1; n <= limit + 2; n += 1) {
      const on = n % 2 ? 'A' : 'B';
      const res = await new ShopClient().post(on === 'A' ? A : B, '/auth/request-pin', {
        email: `visitor${n}@two.test`,
      });
      pinRequests += 1;
      served[on] += 1;
      if (res.status === 429 && !firstRefusedAt) firstRefusedAt = n;
      expect(res.status).toBe(n <= limit ? 200 : 429);
    }
    expect(firstRefusedAt).toBe(limit + 1);
    expect(Math.max(served.A, served.B)).toBeLessThan(limit);

    // The contact form's per-address hourly ceiling, half reached on each instance.
    const contactStatuses: number[] = [];
    for (let n = 1; n <= CONTACT_LIMITS.perIp + 1; n += 1) {
      const res = await new ShopClient().post(n % 2 ? A : B, '/contact', {
        name: 'Lee Tsosie',
        email: `writer${n}@two.test`,
        message: `Please quote forty polos with the station crest, note ${n}.`,
      });
      contactStatuses.push(res.status!);
    }
    expect(contactStatuses).toEqual([...Array<number>(CONTACT_LIMITS.perIp).fill(201), 429]);

    // Orders placed on both instances.
    const products = await listProducts(customer, A);
    for (let n = 0; n < 6; n += 1) {
      const base = n % 2 ? B : A;
      await fillCart(customer, base, products, 2, n);
      expect((await checkout(customer, base, `two#${n}`)).status).toBe(201);
      requests += 3;
    }
    requests += pinRequests + contactStatuses.length;

    // Both workers ran over one outbox: every row delivered once, and each worker sent part of them.
    const outbox = () =>
      database!.query<{ to_address: string; subject: string; status: string }>(
        'select to_address, subject, status from outbox',
      );
    await waitFor(
      'the outbox to drain',
      async () => ((await outbox()).every((r) => r.status === 'sent') ? true : undefined),
      30_000,
    );
    await sleep(2000);
    const rows = await outbox();
    const mails = caught(mailDir);
    expect(mails.length).toBe(rows.length);
    expect(countByKey(mails)).toEqual(countByKey(rows.map((r) => ({ to: r.to_address, subject: r.subject }))));
    const byA = mails.filter((m) => m.from === 'a@two.test').length;
    const byB = mails.filter((m) => m.from === 'b@two.test').length;
    expect(byA + byB).toBe(mails.length);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);

    recordFigures(
      'faults: two instances on one database',
      {
        instances: 2,
        requests,
        requestPinCalls: pinRequests,
        firstRefusedPinRequest: firstRefusedAt,
        contactMessages: contactStatuses.length,
        contactRefused: contactStatuses.filter((s) => s === 429).length,
        outboxRows: rows.length,
        mailsSentByA: byA,
        mailsSentByB: byB,
        duplicates: mails.length - rows.length,
        lost: 0,
      },
      'postgresql',
    );
  });
});
