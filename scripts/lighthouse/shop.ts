// The shop Lighthouse measures: the built server on a fresh PGlite directory (as `npm run bench` runs it), and one
// signed-in customer with a two-line cart so /store renders what a returning customer sees.
import { sql } from 'drizzle-orm';
import { createSession } from '../../src/server/sessions/sessions';
import { rowsOf } from '../../src/server/db/rows';
import { startBenchShop } from '../bench/processes';
import { pgliteTarget } from '../bench/target';
import type { RunningServer } from '../../e2e/support/server';

export type Customer = { access: string; refresh: string };
export type LighthouseShop = { shop: RunningServer; customer: Customer; stop(): Promise<void> };

// Longer than any run, so no request of a measured load spends a round trip on refreshing the session.
const SESSION_HOURS = 2;

/** WEB_DIST picks another web build (e.g. one built into .tmp); the bench helper's own choice otherwise. */
const webEnv = (): Record<string, string> => (process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});

export async function startLighthouseShop(): Promise<LighthouseShop> {
  const target = pgliteTarget();
  // The first start migrates and seeds the catalogue; PGlite holds its directory exclusively, so the customer is
  // written while the shop is stopped.
  const first = await startBenchShop({ ...target.serverEnv, ...webEnv() });
  await first.shop.stop();
  const database = await target.open();
  let customer: Customer;
  try {
    const db = database.db;
    const [user] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into users (email, first_name, last_name, phone, role, needs_profile_completion, profile_completed, last_login_at)
        values ('lighthouse@example.test', 'Light', 'House', '(602) 555-0100', 'other', false, true, now()) returning id`),
    );
    const userId = Number(user!.id);
    await db.execute(sql`insert into carts (user_id) values (${userId})`);
    await db.execute(sql`
      insert into cart_lines (cart_id, product_id, size, quantity, customizations, merge_key)
      select c.id, p.id, p.sizes->0->>'label', 1, '[]'::jsonb, p.id || '|' || (p.sizes->0->>'label') || '|'
      from carts c, (select * from products where active order by sort_order, id limit 2) p
      where c.user_id = ${userId}`);
    const tokens = await createSession(db, userId, { userAgent: 'lighthouse' });
    await db.execute(
      sql`update sessions set access_expires_at = now() + make_interval(hours => ${SESSION_HOURS}) where user_id = ${userId}`,
    );
    customer = { access: tokens.access, refresh: tokens.refresh };
  } finally {
    await database.close();
  }
  const { shop } = await startBenchShop({ ...target.serverEnv, ...webEnv() });
  return {
    shop,
    customer,
    stop: async () => {
      await shop.stop();
      await target.dispose();
    },
  };
}
