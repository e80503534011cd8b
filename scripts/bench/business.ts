// Business quantities in the bench: a 30-line cart read (pricing, quantity breaks and their hints over 30 lines), a
// 30-name roster added in one request (each row checked, 30 lines written in one transaction), and the order a crew
// places: a size run of one polo, 30 pieces, each with the company's logo on the left chest and a name on the right.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import type { Endpoint } from './load';
import { PLAN } from './options';
import { customers, sessionsFor } from './seed';

const API = '/api/v1';
const CART_LINES = 30;
const ROSTER_NAMES = 30;
const CREW_LINES = 30;
/** A garment that takes an embroidered name on the left chest, in several sizes. */
const ROSTER_GARMENT = 'duty-polo-navy';

export type BusinessSeeded = {
  cartCookies: string[];
  rosterCookies: string[];
  rosterProductId: number;
  csv: string;
  crewCookies: string[];
};

/**
 * Customers with 30-line carts (every product in turn, then its next size, so no two lines merge; every fifth line
 * with a name) and customers who upload rosters. Written straight into the database, as the other carts.
 */
export async function seedBusiness(database: Database): Promise<BusinessSeeded> {
  const db = database.db;
  const cartUsers = await customers(db, 'bench-cart30-', PLAN.mode === 'smoke' ? 20 : 200);
  const rosterUsers = await customers(db, 'bench-roster-', PLAN.mode === 'smoke' ? 50 : 2_000);
  const from = Math.min(...cartUsers);
  const to = Math.max(...cartUsers);
  await db.execute(sql`insert into carts (user_id) select id from users where id between ${from} and ${to}`);
  await db.execute(sql`
    with p as (select id, sizes, row_number() over (order by id) - 1 as i, count(*) over () as n from products where active),
    line as (
      select c.id as cart_id, p.id as product_id, p.sizes->((k / p.n)::int % jsonb_array_length(p.sizes))->>'label' as size,
             k % 5 = 0 as named, k
      from carts c
      cross join generate_series(0, ${CART_LINES - 1}::int) k
      join p on p.i = (c.id + k) % p.n
      where c.user_id between ${from} and ${to})
    insert into cart_lines (cart_id, product_id, size, quantity, customizations, merge_key)
    select cart_id, product_id, size, 1 + k % 4,
           case when named then '[{"type":"add_name","position":"left_side","text":"GARCIA"}]'::jsonb else '[]'::jsonb end,
           product_id || '|' || size || '|' || case when named then 'add_name:left_side:GARCIA' else '' end
    from line`);
  const [garment] = rowsOf<{ id: number; sizes: { label: string }[] }>(
    await db.execute(sql`select id, sizes from products where slug = ${ROSTER_GARMENT}`),
  );
  if (!garment) throw new Error(`the seed has no ${ROSTER_GARMENT}: the roster scenario needs it`);
  const sizes = garment.sizes.map((s) => s.label);
  const crewUsers = await customers(db, 'bench-crew-', PLAN.mode === 'smoke' ? 600 : 5_000);
  await seedCrewCarts(database, crewUsers, Number(garment.id));
  const rows = Array.from(
    { length: ROSTER_NAMES },
    (_, i) => `Crew ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? 'b' : ''},${sizes[i % sizes.length]},1`,
  );
  return {
    cartCookies: await sessionsFor(db, cartUsers),
    rosterCookies: await sessionsFor(db, rosterUsers),
    rosterProductId: Number(garment.id),
    csv: `name,size,quantity\r\n${rows.join('\r\n')}\r\n`,
    crewCookies: await sessionsFor(db, crewUsers),
  };
}

/**
 * Each crew customer: an approved logo (its artwork row, no proof yet, so priced at the shop's stitch estimate with
 * its digitising fee once) and a cart of 30 lines of the garment, sizes in turn (a size run), one piece each, the
 * logo on the left and the crew member's name on the right, so no two lines merge.
 */
async function seedCrewCarts(database: Database, userIds: number[], productId: number) {
  const db = database.db;
  const from = Math.min(...userIds);
  const to = Math.max(...userIds);
  await db.execute(sql`
    insert into artworks (user_id, name, status, format, file_name, file_size, original, preview)
    select id, 'Crew logo', 'approved', 'png', 'crew-logo.png', 4, '\\x89504e47'::bytea, '\\x52494646'::bytea
    from users where id between ${from} and ${to}`);
  await db.execute(sql`insert into carts (user_id) select id from users where id between ${from} and ${to}`);
  await db.execute(sql`
    with g as (select sizes from products where id = ${productId}),
    line as (
      select c.id as cart_id, a.id as artwork_id, k,
             g.sizes->(k % jsonb_array_length(g.sizes))->>'label' as size,
             'CREW ' || (k + 1) as crew
      from carts c
      join artworks a on a.user_id = c.user_id
      cross join g
      cross join generate_series(0, ${CREW_LINES - 1}::int) k
      where c.user_id between ${from} and ${to})
    insert into cart_lines (cart_id, product_id, size, quantity, customizations, merge_key)
    select cart_id, ${productId}, size, 1,
           jsonb_build_array(
             jsonb_build_object('type', 'add_name', 'position', 'right_side', 'text', crew),
             jsonb_build_object('type', 'logo', 'position', 'left_side', 'text', null, 'artwork_id', artwork_id)),
           ${productId} || '|' || size || '|add_name:right_side:' || crew || ',logo:left_side::' || artwork_id
    from line`);
}

/**
 * GET /cart/ of 30 lines, POST /cart/roster of 30 names (commit: true), each rotating over its customers, and POST
 * /orders/ of a crew's 30-line cart, each request taking the next customer's (the next after the last would be empty).
 */
export function businessEndpoints(b: BusinessSeeded): Endpoint[] {
  const pick = (xs: string[], n: number) => xs[n % xs.length]!;
  const roster = JSON.stringify({
    product_id: b.rosterProductId,
    csv: b.csv,
    customizations: [{ type: 'add_name', position: 'left_side' }],
    commit: true,
  });
  return [
    {
      name: 'cart-30',
      data: `${CART_LINES}-line carts`,
      method: 'GET',
      path: `${API}/cart/`,
      baseline: 'row',
      vary: (n) => ({ cookie: pick(b.cartCookies, n) }),
    },
    {
      name: 'roster',
      label: `POST ${API}/cart/roster (${ROSTER_NAMES} names, commit)`,
      data: `${b.rosterCookies.length.toLocaleString('en-US')} customers`,
      method: 'POST',
      path: `${API}/cart/roster`,
      baseline: 'row',
      vary: (n) => ({ cookie: pick(b.rosterCookies, n), body: roster }),
    },
    {
      name: 'order-30',
      label: `POST ${API}/orders/ (${CREW_LINES} pieces: a size run, a logo and a name on each)`,
      data: `${b.crewCookies.length.toLocaleString('en-US')} crew carts`,
      method: 'POST',
      path: `${API}/orders/`,
      baseline: 'row',
      vary: (n) => ({
        cookie: pick(b.crewCookies, n),
        body: '{"fulfillment":"pickup"}',
        headers: { 'idempotency-key': `bench-crew-${process.pid}-${n}` },
      }),
    },
  ];
}
