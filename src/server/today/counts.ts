import { sql, type SQL } from 'drizzle-orm';
import { TODAY_LIST_SIZE, TODAY_ORDER_KEYS, todayViews, type Today, type TodayOrderKey } from '../../shared/today';
import { shopDay } from '../../shared/time';
import { artworkQueueCounts } from '../artwork';
import { contactStatistics } from '../contact';
import type { Executor } from '../db/client';
import { heldMail, orders, users } from '../db/schema';
import { selectRows } from '../db/rows';
import { mailTroubleCounts } from '../mail/admin';
import { adminOrderFilters } from '../orders';

type ListRow = {
  key: TodayOrderKey;
  id: number;
  order_number: string;
  status: Today['orders'][number]['items'][number]['status'];
  customer_name: string;
  created_at: Date | string;
  due_date: string;
};

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * The Today page in four statements: every count in one pass over orders (each count is the order list's own
 * filter, so the list a count links to shows exactly those orders), the short lists as one union of small ordered
 * reads, and the message centre's and the outbox's counts.
 */
export async function todayCounts(db: Executor, now = new Date()): Promise<Today> {
  const day = shopDay(now);
  const views = todayViews(day);
  const where = Object.fromEntries(
    TODAY_ORDER_KEYS.map((k) => [k, adminOrderFilters(db, views[k], now) ?? sql`true`]),
  ) as Record<TodayOrderKey, SQL>;

  const counts = sql.join(
    TODAY_ORDER_KEYS.map(
      (k) => sql`count(*) filter (where ${where[k]})::int as ${sql.identifier(k)},
                 min(${orders.createdAt}) filter (where ${where[k]}) as ${sql.identifier(`${k}_oldest`)}`,
    ),
    sql`, `,
  );
  const lists = sql.join(
    TODAY_ORDER_KEYS.map(
      (k) => sql`(select ${k} as key, ${orders.id} as id, ${orders.orderNumber} as order_number,
          ${orders.status}::text as status, ${orders.createdAt} as created_at, ${orders.dueDate}::text as due_date,
          coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''),
                   ${users.email}) as customer_name
        from ${orders} join ${users} on ${users.id} = ${orders.userId}
        where ${where[k]}
        order by ${views[k].sort === 'oldest' ? sql`${orders.createdAt} asc` : sql`${orders.createdAt} desc`},
                 ${orders.id} asc
        limit ${TODAY_LIST_SIZE})`,
    ),
    sql` union all `,
  );

  const [countRows, listRows, contact, held, mail] = await Promise.all([
    selectRows<Record<string, number | string | Date | null>>(db, sql`select ${counts} from ${orders}`),
    selectRows<ListRow>(db, lists),
    contactStatistics(db),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${heldMail}`),
    mailTroubleCounts(db, now),
  ]);
  const row = countRows[0] ?? {};
  const artwork = await artworkQueueCounts(db);
  return {
    day,
    orders: TODAY_ORDER_KEYS.map((key) => {
      const oldest = row[`${key}_oldest`];
      return {
        key,
        count: Number(row[key] ?? 0),
        oldest_at: oldest ? iso(oldest as string) : null,
        items: listRows
          .filter((r) => r.key === key)
          .map((r) => ({
            id: r.id,
            order_number: r.order_number,
            status: r.status,
            customer_name: r.customer_name,
            created_at: iso(r.created_at),
            due_date: r.due_date,
          })),
      };
    }),
    unread_conversations: contact.total_conversations_with_unread,
    held_mail: held[0]?.n ?? 0,
    artwork,
    mail_failed: mail.failed,
    mail_late: mail.late,
  };
}
