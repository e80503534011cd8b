// Realistic rows written straight into the shop's database (bulk SQL, not the API, so seeding 100,000 orders takes seconds).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSession } from '../../src/server/sessions/sessions';
import { hashToken, newToken } from '../../src/server/sessions/tokens';
import { ACCESS_TTL_MS, REFRESH_TTL_MS } from '../../src/server/sessions/sessions';
import type { Database, Db } from '../../src/server/db/client';
import { sessions } from '../../src/server/db/schema';
import { rowsOf } from '../../src/server/db/rows';
import { CART_ADDERS, CART_READERS, HISTORY_CUSTOMERS, MESSAGES_PER_CONVERSATION } from './options';

export type Product = { id: number; size: string };
export type Seeded = {
  staffCookie: string;
  readerCookies: string[];
  adderCookies: string[];
  checkoutCookies: string[];
  products: Product[];
};

/** Customers with completed profiles, addressed <prefix><n>@<domain>; answers their ids in creation order. */
export async function customers(db: Db, prefix: string, n: number, domain = 'example.test'): Promise<number[]> {
  const result = await db.execute(sql`
    insert into users (email, first_name, last_name, phone, role, needs_profile_completion, profile_completed, last_login_at)
    select ${prefix} || g || '@' || ${domain}, 'Bench', 'Customer' || g, '(602) 555-' || lpad((g % 10000)::text, 4, '0'), 'other', false, true, now()
    from generate_series(1, ${n}::int) g
    returning id`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * One signed-in session per user, as createSession makes it (same hashing, same lifetimes), inserted 1,000 at a time:
 * 25,000 one-by-one inserts would dominate the run on PGlite.
 */
export async function sessionsFor(db: Db, userIds: number[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < userIds.length; i += 1000) {
    const now = Date.now();
    const batch = userIds.slice(i, i + 1000).map((userId) => ({ userId, access: newToken(), refresh: newToken() }));
    await db.insert(sessions).values(
      batch.map((b) => ({
        userId: b.userId,
        familyId: crypto.randomUUID(),
        accessHash: hashToken(b.access),
        accessExpiresAt: new Date(now + ACCESS_TTL_MS),
        refreshHash: hashToken(b.refresh),
        refreshExpiresAt: new Date(now + REFRESH_TTL_MS),
        userAgent: 'bench',
        ip: '127.0.0.1',
      })),
    );
    cookies.push(...batch.map((b) => `session=${b.access}`));
  }
  return cookies;
}

/** Carts of `lines` lines for the given users: one line with an embroidered name, the rest plain, sizes from each product. */
async function fillCarts(db: Db, userIds: number[], lines: number, products: Product[]) {
  if (userIds.length === 0) return;
  const from = Math.min(...userIds);
  const to = Math.max(...userIds);
  const productIds = sql.raw(`array[${products.map((p) => p.id).join(',')}]::int[]`);
  await db.execute(sql`insert into carts (user_id) select id from users where id between ${from} and ${to}`);
  await db.execute(sql`
    insert into cart_lines (cart_id, product_id, size, quantity, customizations, merge_key)
    select c.id, p.id, p.sizes->0->>'label', 1 + (c.id + k) % 3,
           case when k = 0 then '[{"type":"add_name","position":"left_side","text":"GARCIA"}]'::jsonb else '[]'::jsonb end,
           p.id || '|' || (p.sizes->0->>'label') || '|' || case when k = 0 then 'add_name:left_side:GARCIA' else '' end
    from carts c
    cross join generate_series(0, ${lines - 1}::int) k
    join products p on p.id = (${productIds})[1 + (c.id * 7 + k * 3) % ${products.length}]
    where c.user_id between ${from} and ${to}`);
}

/** The bench's admin, signed in: their session cookie. */
export async function adminCookie(db: Db): Promise<string> {
  const [staff] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into users (email, first_name, last_name, role, needs_profile_completion, profile_completed)
      values ('bench-staff@example.test', 'Bench', 'Staff', 'admin', false, true) returning id`),
  );
  const tokens = await createSession(db, Number(staff!.id), { userAgent: 'bench' });
  return `session=${tokens.access}`;
}

/** Everything but the big order history: staff, customers with sessions and carts, the small order history, messages. */
export async function seedBase(
  database: Database,
  plan: { ordersSmall: number; messages: number; checkoutCarts: number },
): Promise<Seeded> {
  const db = database.db;
  const productRows = rowsOf<{ id: number; size: string }>(
    await db.execute(sql`select id, sizes->0->>'label' as size from products where active order by sort_order, id`),
  );
  const products = productRows.map((p) => ({ id: Number(p.id), size: p.size }));
  if (products.length === 0) throw new Error('no active products: the shop did not seed its catalogue');

  const staffCookie = await adminCookie(db);
  const readers = await customers(db, 'bench-reader', CART_READERS);
  const adders = await customers(db, 'bench-adder', CART_ADDERS);
  const buyers = await customers(db, 'bench-buyer', plan.checkoutCarts);
  await customers(db, 'bench-history', HISTORY_CUSTOMERS);
  await fillCarts(db, readers, 3, products);
  await fillCarts(db, buyers, 2, products);

  await seedOrders(database, plan.ordersSmall);
  await seedMessages(db, plan.messages);
  await analyze(database);
  return {
    staffCookie,
    readerCookies: await sessionsFor(db, readers),
    adderCookies: await sessionsFor(db, adders),
    checkoutCookies: await sessionsFor(db, buyers),
    products,
  };
}

/**
 * Tops the order history up to `total` orders: two lines and one event each, statuses spread over all eight, two
 * years of dates. A bulk load, as pg_restore does it: triggers off for the transaction (the per-row status-count
 * trigger made 100,000 inserts take minutes), then the counts recomputed once.
 */
export async function seedOrders(database: Database, total: number): Promise<number> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const added = await insertOrders(tx as unknown as Db, total);
    await tx.execute(
      // A status's count is the sum of its slots: the whole count in slot 0, the others emptied.
      sql`update order_status_counts c set n = case when c.slot = 0 then (select count(*) from orders o where o.status = c.status) else 0 end`,
    );
    return added;
  });
}

async function insertOrders(db: Db, total: number): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from orders`)) as [
    { n: number },
  ];
  const [{ m }] = rowsOf<{ m: number }>(
    await db.execute(
      sql`select coalesce(max(substr(order_number, 5)::int), 0) as m from orders where order_number like 'BEN-%'`,
    ),
  ) as [{ m: number }];
  const add = total - Number(n);
  if (add <= 0) return 0;
  const from = Number(m) + 1;
  const to = Number(m) + add;
  await db.execute(sql`
    insert into orders (order_number, user_id, placed_by, status, fulfillment, shipping_address, subtotal_cents, tax_cents, tax_rate_ppm, shipping_cents, total_cents, created_at, updated_at)
    select 'BEN-' || lpad(g::text, 7, '0'),
           (select min(id) from users where email like 'bench-history%') + (g % ${HISTORY_CUSTOMERS}),
           (select min(id) from users where email like 'bench-history%') + (g % ${HISTORY_CUSTOMERS}),
           (array['awaiting_approval','pending','in_production','ready_for_pickup','shipped','completed','denied','cancelled'])[1 + g % 8]::order_status,
           (case when g % 3 = 0 then 'shipping' else 'pickup' end)::fulfillment,
           case when g % 3 = 0 then '{"address_line1":"100 W Washington St","address_line2":null,"city":"Phoenix","state":"AZ","zip_code":"85003"}'::jsonb end,
           5000 + g % 9000, 390 + g % 700, 78000, case when g % 3 = 0 then 800 else 0 end, 5390 + g % 9700,
           now() - make_interval(mins => g * 10), now() - make_interval(mins => g * 10)
    from generate_series(${from}::int, ${to}::int) g`);
  await db.execute(sql`
    insert into order_lines (order_id, product_id, product_name, product_slug, image_base, is_multi_image, size, quantity, unit_base_cents, unit_customization_cents, unit_name_cents, total_cents, customizations)
    select o.id, p.id, p.base_name || ' - ' || p.color, p.slug, p.image_base, p.is_multi_image, p.sizes->0->>'label', 1 + k,
           p.base_price_cents, case when k = 0 then 600 else 0 end, case when k = 0 then 600 end,
           (p.base_price_cents + case when k = 0 then 600 else 0 end) * (1 + k),
           case when k = 0 then '[{"type":"add_name","position":"left_side","text":"GARCIA"}]'::jsonb else '[]'::jsonb end
    from orders o
    cross join generate_series(0, 1) k
    join products p on p.id = (select min(id) from products) + ((o.id + k) % (select count(*) from products))
    where o.order_number between ${`BEN-${String(from).padStart(7, '0')}`} and ${`BEN-${String(to).padStart(7, '0')}`}`);
  await db.execute(sql`
    insert into order_events (order_id, actor_type, to_status, created_at)
    select o.id, 'customer', o.status, o.created_at from orders o
    where o.order_number between ${`BEN-${String(from).padStart(7, '0')}`} and ${`BEN-${String(to).padStart(7, '0')}`}`);
  return add;
}

/** Contact messages: MESSAGES_PER_CONVERSATION per sender, the last one a staff reply in every third conversation. */
async function seedMessages(db: Db, total: number) {
  const conversations = Math.round(total / MESSAGES_PER_CONVERSATION);
  await db.execute(sql`
    insert into conversations (email, name, archived, last_message_at, created_at)
    select 'sender' || g || '@example.test', 'Sender ' || g, g % 10 = 9, now() - make_interval(mins => g), now() - make_interval(days => 30, mins => g)
    from generate_series(1, ${conversations}::int) g`);
  await db.execute(sql`
    insert into messages (conversation_id, direction, name, email, body, reason, contact_type, order_number, status, created_at)
    select c.id, d.direction, c.name, c.email,
           'Message ' || k || ' from ' || c.name || ': a question about embroidered polos, sizes and delivery times for our crew.',
           case when d.direction = 'inbound' then (array['general','order_question','order_problem'])[1 + (c.id + k) % 3] end,
           case when d.direction = 'inbound' then 'guest' end,
           case when d.direction = 'inbound' and (c.id + k) % 3 <> 0 then 'BEN-' || lpad(((c.id * 5 + k) % 1000 + 1)::text, 7, '0') end,
           case when d.direction = 'inbound' then (array['pending','read','replied'])[1 + c.id % 3]::message_status end,
           c.last_message_at - make_interval(secs => ${MESSAGES_PER_CONVERSATION} - k)
    from conversations c
    cross join generate_series(0, ${MESSAGES_PER_CONVERSATION - 1}::int) k
    cross join lateral (select case when k = ${MESSAGES_PER_CONVERSATION - 1} and c.id % 3 = 2 then 'outbound' else 'inbound' end as direction) d
    where c.email like 'sender%@example.test'`);
}

/** Orders on the shop floor: what the production sheet lists by default. */
export async function countOpenOrders(database: Database): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from orders where status in ('pending', 'in_production')`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** A live database is vacuumed and analysed by autovacuum; a freshly bulk-loaded one is not until asked. */
export async function analyze(database: Database) {
  await database.db.execute(sql`vacuum analyze`);
}
