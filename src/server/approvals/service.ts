import { and, desc, eq, ne } from 'drizzle-orm';
import { APPROVER_DECISIONS, type ApprovalView, type Order, type RemovedLine } from '../../shared/orders';
import type { Db, Executor } from '../db/client';
import { orderEvents } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import {
  applyTransition,
  customerLanguage,
  customersFor,
  findOrder,
  lockOrder,
  orderDto,
  queueNewOrderNotice,
  type OrderRow,
  type ShopNotice,
} from '../orders';
import { enqueueMail } from '../mail/outbox';
import { linesRemovedMail, removeLinesForApproval } from '../order-edits';
import { markOpened } from './staff';
import { findToken, tokenState, UNKNOWN_LINK, useToken, type TokenRow } from '../approval-links';
import { linkLanguage } from '../users';
import type { Language } from '../../shared/languages';

/** The latest event that took the order out of awaiting approval (a staff edit may send it back): who, what, when. */
async function decisionOf(db: Executor, orderId: number): Promise<ApprovalView['decision']> {
  const [e] = await db
    .select()
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.fromStatus, 'awaiting_approval'),
        ne(orderEvents.toStatus, 'awaiting_approval'),
      ),
    )
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(1);
  if (!e) return null;
  return {
    status: e.toStatus,
    by: DECIDER[e.actorType] ?? e.actorEmail,
    at: e.createdAt.toISOString(),
    reason: e.reason,
  };
}

// Only an approver is named by address; the customer's own address never shows on a link.
const DECIDER: Partial<Record<string, string>> = { staff: 'Shop staff', customer: 'The customer', system: 'The shop' };

/**
 * An open link shows the approver who is deciding the customer's contact and delivery details; once the link is
 * used, decided or expired it shows the lines and the decision only: a forwarded or leaked old link gives away
 * no e-mail, phone, address or free-text note.
 */
async function view(
  db: Executor,
  token: TokenRow,
  order: OrderRow,
): Promise<{ approval: ApprovalView; order: Order; language: Language | null }> {
  const state = tokenState(token, order.status);
  // The page is the approver's: it opens in their own account's language, never the customer's.
  const language = await linkLanguage(db, { email: token.approverEmail });
  const approval = {
    state,
    approver_email: token.approverEmail,
    expires_at: token.expiresAt.toISOString(),
    decision: state === 'open' || state === 'expired' ? null : await decisionOf(db, order.id),
  };
  if (state === 'open')
    return {
      approval,
      order: await orderDto(db, order, { customers: await customersFor(db, [order.userId]) }),
      language,
    };
  const dto = await orderDto(db, order);
  return { approval, order: { ...dto, shipping_address: null, notes: null, events: [] }, language };
}

/**
 * GET /approvals/:token never decides: mail scanners and link previews open links. It notes the first opening, for
 * staff. A link replaced by a newer e-mail (a resend, or an edit that sent the order again) answers as unknown:
 * the page says links from older requests stop working.
 */
export async function showApproval(db: Db, token: string) {
  const row = await findToken(db, token);
  const order = await findOrder(db, row.orderId);
  if (!order) throw notFound(UNKNOWN_LINK);
  await markOpened(db, row.id);
  if (tokenState(row, order.status) === 'decided' && order.status === 'awaiting_approval') throw notFound(UNKNOWN_LINK);
  return view(db, row, order);
}

/** `seen`: the order's updated_at as the approver's page showed it (absent: no check). */
export type Decision = { seen?: string } & (
  | { kind: 'approve'; comments: string | null; removed?: RemovedLine[] }
  | { kind: 'deny'; reason: string; comments: string | null }
);

/**
 * POST approve/deny: once, on this token's order only, while it awaits approval; every other link then dies.
 * An approved order is now the shop's to make, so the shop gets its new-order notice.
 */
export async function decide(db: Db, token: string, d: Decision, shop: ShopNotice) {
  return db.transaction(async (tx) => {
    const row = await findToken(tx, token, true);
    const order = await lockOrder(tx, row.orderId);
    const state = tokenState(row, order.status);
    if (state === 'used') throw conflict(`You already ${row.decision} this order.`, 'APPROVAL_USED');
    // A link retired while the order still awaits approval was replaced: staff changed the order and sent new links.
    if (state === 'decided' && order.status === 'awaiting_approval')
      throw conflict(
        'This order was changed and sent again; this link no longer works. Use the link in the latest e-mail.',
        'APPROVAL_REPLACED',
      );
    if (state === 'decided')
      throw conflict('This order has already been decided; this link no longer works.', 'APPROVAL_DECIDED');
    if (state === 'expired')
      throw conflict('This approval link has expired. Ask the customer to contact the shop.', 'APPROVAL_EXPIRED');
    // A staff edit within the resend cooldown keeps the links (security round 4, finding 8): a page opened before it
    // shows an older version, and deciding that would decide lines the approver never saw.
    if (d.seen !== undefined && d.seen !== order.updatedAt.toISOString())
      throw conflict(
        'This order was changed after you opened this page. Review it again, then decide.',
        'APPROVAL_ORDER_CHANGED',
      );
    const decision = d.kind === 'approve' ? 'approved' : 'denied';
    const used = await useToken(tx, row.id, decision);
    // Lines taken off first, priced anew, so the approval below (and its mails) carries the order as approved.
    const cut =
      d.kind === 'approve' && d.removed?.length
        ? await removeLinesForApproval(tx, order, d.removed, row.approverEmail)
        : null;
    const updated = await applyTransition(tx, cut?.order ?? order, {
      to: APPROVER_DECISIONS[d.kind],
      actor: { actorType: 'approver', actorEmail: row.approverEmail },
      reason: d.kind === 'deny' ? d.reason : null,
      comments: d.comments,
      appUrl: shop.appUrl,
    });
    if (updated.status === 'pending') {
      const customer = (await customersFor(tx, [updated.userId])).get(updated.userId)!;
      const dto = await orderDto(tx, updated);
      await queueNewOrderNotice(tx, dto, customer, 'approved', shop);
      if (cut) {
        const news = { removed: cut.removed, approver: row.approverEmail, totalBeforeCents: order.totalCents };
        const language = await customerLanguage(tx, updated.userId);
        await enqueueMail(tx, [linesRemovedMail(dto, customer, { ...news, appUrl: shop.appUrl, language })]);
      }
    }
    return view(tx, used, updated);
  });
}
