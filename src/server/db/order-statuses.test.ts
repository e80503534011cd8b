import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_RULES } from '../../shared/order-statuses';
import { ORDER_STATUSES } from '../../shared/orders';
import { createTestApp } from '../test/harness';
import { selectRows } from './rows';
import { ORDER_COUNT_SLOTS } from './schema';

// The migrations cannot import the status table: the database's order_status enum and the status counts the
// triggers keep (0001, 0014) must hold exactly the table's statuses, in its order (the triggers lock the count rows
// in enum order), so a status added in TypeScript without its migration, or the other way round, fails here.

const { app } = await createTestApp();
const db = app.deps.db;

describe('the database knows the statuses of the status table', () => {
  it('has the enum values in the table order', async () => {
    const rows = await selectRows<{ s: string }>(db, sql`select unnest(enum_range(null::order_status))::text as s`);
    expect(rows.map((r) => r.s)).toEqual(Object.keys(ORDER_STATUS_RULES));
    expect(Object.keys(ORDER_STATUS_RULES)).toEqual([...ORDER_STATUSES]);
  });

  it('keeps ORDER_COUNT_SLOTS count rows per status for the triggers, the migration adding to the one it uses', async () => {
    const rows = await selectRows<{ status: string; slots: number; lowest: number; highest: number }>(
      db,
      sql`select status::text as status, count(*)::int as slots, min(slot)::int as lowest, max(slot)::int as highest
        from order_status_counts c group by c.status order by c.status`,
    );
    expect(rows.map((r) => r.status)).toEqual(Object.keys(ORDER_STATUS_RULES));
    for (const r of rows) expect([r.slots, r.lowest, r.highest]).toEqual([ORDER_COUNT_SLOTS, 0, ORDER_COUNT_SLOTS - 1]);
    const [fn] = await selectRows<{ src: string }>(
      db,
      sql`select prosrc as src from pg_proc where proname = 'order_status_counts_apply'`,
    );
    expect(fn!.src).toContain(`txid_current() % ${ORDER_COUNT_SLOTS}`);
  });
});
