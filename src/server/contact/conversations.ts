import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CONTACT_REASONS, MESSAGE_STATUSES } from '../../shared/contact';
import { PAGE_SIZES } from '../../shared/constants';
import { searchTextField } from '../../shared/fields';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import type { ContactStatistics, Conversation } from '../../shared/contact';
import { staffName } from './staff-members';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const conversationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.conversations),
  include_archived: flag,
  archived_only: flag,
  show_unread: flag,
  show_needs_reply: flag,
  /** Conversations holding inbound mail held for review, archived or not. */
  held_only: flag,
  status: z.enum(MESSAGE_STATUSES).optional(),
  category: z.enum(CONTACT_REASONS).optional(),
  search: searchTextField(200),
  /** me: assigned to the signed-in staff member; none: unassigned. */
  assigned: z.enum(['me', 'none']).optional(),
});
/** The query, and who asks (for assigned=me). */
export type ConversationQuery = z.output<typeof conversationQuerySchema> & { me?: number };

const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (v: unknown) => new Date(v as string).toISOString();

type Row = {
  id: number;
  name: string;
  email: string;
  user_id: number | null;
  archived: boolean;
  staff_unread: boolean;
  assignee_id: number | null;
  assignee_first: string | null;
  assignee_last: string | null;
  assignee_email: string | null;
  last_message_at: string | Date;
  unread_count: number;
  message_count: number;
  needs_reply: boolean;
  lm_id: number | null;
  lm_body: string | null;
  lm_created_at: string | Date | null;
  lm_direction: 'inbound' | 'outbound' | null;
  last_reason: Conversation['last_reason'];
  last_order_number: string | null;
};

/** "Has a customer message such that ...": a semi-join (or one hashed subplan), never a scan per conversation. */
const hasMessage = (cond: SQL) =>
  sql`c.id in (select f.conversation_id from messages f where f.direction = 'inbound' and ${cond})`;

/** Byte-wise "C" collation makes ilike several times faster over message bodies; case folding is then ASCII only. */
const ilike = (column: SQL, term: string) => sql`${column} collate "C" ilike ${term}`;

function filters(q: ConversationQuery): SQL {
  const where: SQL[] = [];
  if (q.held_only) where.push(sql`c.id in (select h.conversation_id from held_mail h)`);
  else if (q.archived_only) where.push(sql`c.archived`);
  else if (!q.include_archived) where.push(sql`not c.archived`);
  // Unread: a pending customer message, or marked unread by staff (the few flagged rows are read from their own index).
  if (q.show_unread) where.push(sql`(c.staff_unread or ${hasMessage(sql`f.status = 'pending'`)})`);
  if (q.assigned === 'me') where.push(sql`c.assigned_to = ${q.me ?? 0}`);
  if (q.assigned === 'none') where.push(sql`c.assigned_to is null`);
  // Needs a reply: a customer message not yet answered (a reply marks every earlier one replied).
  if (q.show_needs_reply) where.push(hasMessage(sql`f.status in ('pending', 'read')`));
  if (q.status) where.push(hasMessage(sql`f.status = ${q.status}`));
  if (q.category) where.push(hasMessage(sql`f.reason = ${q.category}`));
  if (q.search) {
    const term = likeTerm(q.search);
    where.push(sql`(${ilike(sql`c.name`, term)} or ${ilike(sql`c.email`, term)}
      or c.id in (select s.conversation_id from messages s where ${ilike(sql`s.body`, term)})
      or c.id in (select o.conversation_id from messages o where ${ilike(sql`o.order_number`, term)}))`);
  }
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

/**
 * Two statements side by side: the total, and the filtered page of conversations (newest activity first, read in
 * order from conversations_last_idx, whose NULLS LAST the ORDER BY must repeat) with, for the page's rows only,
 * one index range scan each for their counts, last message and last customer reason and order.
 * Status and category match a conversation holding at least one customer message with that status or reason.
 */
export async function listConversations(
  db: Executor,
  q: ConversationQuery,
): Promise<{ conversations: Conversation[]; total: number }> {
  const filter = filters(q);
  const offset = (q.page - 1) * q.per_page;
  // A window count over the page query would materialise every matching conversation just to count them.
  const page = selectRows<Row>(
    db,
    sql`
    with page as (
      select c.id, c.name, c.email, c.user_id, c.archived, c.staff_unread, c.assigned_to, c.last_message_at
      from conversations c
      ${filter}
      order by c.last_message_at desc nulls last, c.id desc nulls last
      limit ${q.per_page} offset ${offset}
    )
    select p.*, a.unread_count, a.message_count, a.needs_reply, a.last_reason, a.last_order_number,
      lm.id as lm_id, lm.body as lm_body, lm.created_at as lm_created_at, lm.direction as lm_direction,
      u.id as assignee_id, u.first_name as assignee_first, u.last_name as assignee_last, u.email as assignee_email
    from page p
    cross join lateral (select
        (count(*) filter (where m.status = 'pending'))::int as unread_count,
        count(*)::int as message_count,
        coalesce(bool_or(m.status in ('pending', 'read')), false) as needs_reply,
        (array_agg(m.id order by m.created_at desc, m.id desc))[1] as last_id,
        (array_agg(m.reason order by m.created_at desc, m.id desc) filter (where m.direction = 'inbound'))[1] as last_reason,
        (array_agg(m.order_number order by m.created_at desc, m.id desc) filter (where m.direction = 'inbound'))[1] as last_order_number
      from messages m where m.conversation_id = p.id) a
    left join messages lm on lm.id = a.last_id
    left join users u on u.id = p.assigned_to
    order by p.last_message_at desc nulls last, p.id desc nulls last`,
  );
  const [rows, total] = await Promise.all([page, countOf(db, filter)]);

  return {
    total,
    conversations: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      user_id: r.user_id,
      archived: r.archived,
      assignee:
        r.assignee_id === null
          ? null
          : {
              id: r.assignee_id,
              name: staffName(r.assignee_first, r.assignee_last, r.assignee_email!),
              email: r.assignee_email!,
            },
      marked_unread: r.staff_unread,
      unread_count: r.unread_count,
      message_count: r.message_count,
      needs_reply: r.needs_reply,
      last_message:
        r.lm_id === null
          ? null
          : {
              id: r.lm_id,
              body: excerpt(r.lm_body ?? ''),
              created_at: iso(r.lm_created_at),
              direction: r.lm_direction!,
            },
      last_reason: r.last_reason,
      last_order_number: r.last_order_number,
      last_message_at: iso(r.last_message_at),
    })),
  };
}

async function countOf(db: Executor, filter: SQL): Promise<number> {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from conversations c ${filter}`,
  );
  return row?.total ?? 0;
}

const EXCERPT = 160;
const excerpt = (body: string) => (body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1).trimEnd()}…` : body);

/**
 * docs/architecture.md#the-api, docs/product.md#contact-and-the-message-centre counts over inbound messages, from the counts table the messages trigger keeps; conversations with
 * unread = those holding a pending message, counted over messages_pending_idx (the unread messages only).
 */
export async function contactStatistics(db: Executor): Promise<ContactStatistics> {
  const [row] = await selectRows<ContactStatistics>(
    db,
    sql`
    select
      coalesce(sum(n) filter (where status = 'pending'), 0)::int as pending,
      coalesce(sum(n) filter (where status = 'read'), 0)::int as read,
      coalesce(sum(n) filter (where status = 'replied'), 0)::int as replied,
      coalesce(sum(n), 0)::int as total,
      (select count(distinct conversation_id) from messages where status = 'pending' and direction = 'inbound')::int as total_conversations_with_unread,
      (select count(*) from conversations c where c.staff_unread and not exists (select 1 from messages p
        where p.conversation_id = c.id and p.status = 'pending' and p.direction = 'inbound'))::int as marked_unread
    from message_status_counts`,
  );
  return { ...row!, total_conversations_with_unread: row!.total_conversations_with_unread + row!.marked_unread };
}
