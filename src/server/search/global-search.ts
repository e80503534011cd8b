import { and, asc, desc, eq, exists, ilike, or, sql } from 'drizzle-orm';
import { SEARCH_MIN_CHARS } from '../../shared/orders';
import { SEARCH_GROUP_SIZE, type SearchResults } from '../../shared/search';
import type { Executor } from '../db/client';
import { conversations, messages, orders, users } from '../db/schema';
import { adminOrderFilters, customerMatch, phoneDigits } from '../orders';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const fullName = sql<string>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`;

/**
 * Three groups from one text. Orders match exactly as the staff order list's search does (the group's "all"
 * link opens that list); customers by e-mail, name or phone; conversations by sender, phone or message text.
 */
export async function globalSearch(db: Executor, raw: string): Promise<Omit<SearchResults, 'success'>> {
  const text = raw.trim();
  if (text.length < SEARCH_MIN_CHARS)
    return { too_short: true, orders: [], orders_total: 0, customers: [], conversations: [] };
  const term = `%${escapeLike(text)}%`;
  const digits = phoneDigits(text);
  // Only the search filter is set, so the clock (used by the due and pickup filters) does not matter here.
  const orderWhere = adminOrderFilters(db, { search: text }, new Date());

  const [orderRows, customerRows, conversationRows] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        createdAt: orders.createdAt,
        name: fullName,
        // The whole match's size in the same pass: a second count would run the search again.
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(orderWhere)
      .orderBy(sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`)
      .limit(SEARCH_GROUP_SIZE),
    db
      .select({ id: users.id, name: fullName, email: users.email, phone: users.phone })
      .from(users)
      .where(customerMatch(text))
      .orderBy(asc(users.email))
      .limit(SEARCH_GROUP_SIZE),
    db
      .select({
        id: conversations.id,
        name: conversations.name,
        email: conversations.email,
        lastMessageAt: conversations.lastMessageAt,
      })
      .from(conversations)
      .where(
        or(
          ilike(conversations.name, term),
          ilike(conversations.email, term),
          exists(
            db
              .select({ one: sql`1` })
              .from(messages)
              .where(
                and(
                  eq(messages.conversationId, conversations.id),
                  or(
                    ilike(messages.body, term),
                    digits
                      ? sql`regexp_replace(coalesce(${messages.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`
                      : undefined,
                  ),
                ),
              ),
          ),
        ),
      )
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(SEARCH_GROUP_SIZE),
  ]);

  return {
    too_short: false,
    orders: orderRows.map((o) => ({
      id: o.id,
      order_number: o.orderNumber,
      status: o.status,
      customer_name: o.name,
      created_at: o.createdAt.toISOString(),
    })),
    orders_total: orderRows[0]?.total ?? 0,
    customers: customerRows,
    conversations: conversationRows.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      last_message_at: c.lastMessageAt.toISOString(),
    })),
  };
}
