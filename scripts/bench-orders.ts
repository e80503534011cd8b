// Benchmark of the staff order list (GET /api/v1/orders/admin/all) at 1,000 and 100,000 orders.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-orders.ts
// (without DATABASE_URL it runs on an in-memory PGlite). On PostgreSQL it creates a scratch database and drops it after.
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { seed } from '../src/server/seed';
import { signedIn } from '../src/server/test/users';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const RUNS = 40;

async function scratchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `shop_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      if (process.env.BENCH_KEEP) return void console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Bulk rows in SQL: customers, orders spread over statuses and two years, two lines and one event per order. */
async function seedOrders(database: Database, from: number, to: number) {
  const db = database.db;
  await db.execute(sql`
    insert into users (email, first_name, last_name, role, needs_profile_completion, profile_completed)
    select 'bench' || g || '@example.test', 'Bench', 'Customer' || g, 'other', false, true
    from generate_series(1, 2000) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into orders (order_number, user_id, placed_by, status, fulfillment, subtotal_cents, tax_cents, tax_rate_ppm, shipping_cents, total_cents, created_at, updated_at)
    select 'BEN-' || lpad(g::text, 7, '0'),
           (select min(id) from users where email like 'bench%') + (g % 2000),
           (select min(id) from users where email like 'bench%') + (g % 2000),
           (array['awaiting_approval','pending','in_production','ready_for_pickup','shipped','completed','denied','cancelled'])[1 + g % 8]::order_status,
           (case when g % 3 = 0 then 'shipping' else 'pickup' end)::fulfillment,
           5000 + g % 9000, 390 + g % 700, 78000, case when g % 3 = 0 then 800 else 0 end, 5390 + g % 9700,
           now() - (g || ' minutes')::interval, now()
    from generate_series(${from}::int, ${to}::int) g`);
  await db.execute(sql`
    insert into order_lines (order_id, product_id, product_name, product_slug, image_base, is_multi_image, size, quantity, unit_base_cents, unit_customization_cents, unit_name_cents, total_cents, customizations)
    select o.id, p.id, p.base_name || ' - ' || p.color, p.slug, p.image_base, p.is_multi_image, 'L', 1 + k, p.base_price_cents, 600, 600, (p.base_price_cents + 600) * (1 + k),
           '[{"type":"add_name","position":"left_side","text":"BENCH"}]'::jsonb
    from orders o cross join generate_series(0, 1) k
    join products p on p.id = (select min(id) from products) + ((o.id + k) % 10)
    where o.order_number like 'BEN-%' and o.id not in (select order_id from order_lines)`);
  await db.execute(sql`
    insert into order_events (order_id, actor_type, to_status, created_at)
    select o.id, 'customer', o.status, o.created_at from orders o
    where o.order_number like 'BEN-%' and not exists (select 1 from order_events e where e.order_id = o.id)`);
  // A live database is vacuumed by autovacuum; a freshly bulk-loaded one is not until we ask.
  await db.execute(sql`vacuum analyze`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function main() {
  const { database, drop } = await scratchDatabase();
  try {
    await database.migrate();
    await seed(database.db, { adminEmails: [] });
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        APP_URL: 'http://localhost:3000',
        WEB_DIST: '.tmp/no-web-build',
      }),
      { database, logger: false },
    );
    await app.ready();
    const staff = await signedIn(app, 'employee');
    // Timings scale with machine load; the load average is printed so figures can be compared.
    console.log(
      `database: ${database.kind}, cpus: ${os.cpus().length}, load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    let seeded = 0;
    for (const size of SIZES) {
      const t0 = performance.now();
      await seedOrders(database, seeded + 1, size);
      seeded = size;
      console.log(`\n${size.toLocaleString('en-US')} orders (seeded in ${Math.round(performance.now() - t0)} ms)`);
      for (const q of ['', '?status=pending', '?offset=5000', '?search=Customer1234']) {
        const url = `/api/v1/orders/admin/all${q}`;
        for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers: staff.headers });
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          const res = await app.inject({ method: 'GET', url, headers: staff.headers });
          times.push(performance.now() - t);
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (i === 0 && q === '')
            console.log(
              `  total=${res.json().total} rows=${res.json().orders.length} pending=${res.json().counts.pending}`,
            );
        }
        console.log(
          `  [load ${os.loadavg()[0]!.toFixed(1)}] GET ${url.padEnd(48)} median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms`,
        );
      }
    }
    await app.close();
  } finally {
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
