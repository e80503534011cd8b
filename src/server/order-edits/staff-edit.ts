import { asc, eq } from 'drizzle-orm';
import { formatUsd, toDollars } from '../../shared/money';
import {
  NOTHING_CHANGED,
  type StaffEditInput,
  type StaffEditQuote,
  type StaffEditQuoteInput,
} from '../../shared/order-edit';
import { STAFF_EDITABLE } from '../../shared/order-statuses';
import { APPROVAL_RESEND_COOLDOWN_S } from '../../shared/order-approvals';
import { REASON_REQUIRED, STATUS_LABELS, type OrderStatus } from '../../shared/orders';
import type { Db, Executor, Tx } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { lockMemberAllowance, memberAllowance, orderAllowance, writeLedger } from '../allowances';
import { findDepartment, type DepartmentRow } from '../departments';
import { badRequest, conflict, notFound } from '../http/errors';
import { enqueueCoalesced, enqueueMail } from '../mail/outbox';
import {
  buildQuote,
  contextFor,
  decorationPrices,
  keepPlacedUnitPrices,
  quoteTotalsDto,
  termsOf,
  type QuoteCents,
} from '../pricing';
import { getSettingsRow } from '../settings';
import { reissueForEdit } from '../approval-links';
import {
  approvalRequestMail,
  approverLanguages,
  approversFor,
  customerLanguage,
  customersFor,
  insertLines,
  isOverAllowance,
  itemsFromInput,
  type LineRow,
  lockOrder,
  moneyColumns,
  ORDER_NOT_FOUND,
  orderDto,
  orderEditedMail,
  type OrderLineInput,
  type OrderRow,
  OVER_ALLOWANCE_NOTE,
  ownersOf,
  priceItems,
  recordEvent,
} from '../orders';
import { editDetails, lineChanges } from './edit-details';

const usd = (cents: number) => formatUsd(toDollars(cents));

const LINKS_KEPT =
  "The approval e-mail went out less than 10 minutes ago: the approvers' links from it still work and show this version.";

/**
 * PUT /orders/admin/:id/items: staff replace the lines of an order not yet finished (in production only with a
 * reason: customers call mid-production). The order is priced anew
 * (today's settings, its department's tax rules, its fulfilment); an order needing approval whose total grows goes
 * back to its approvers with new links (the old die), and so does one the edit takes past the member's allowance
 * where the department approves orders over it. One transaction with the row locked throughout: the event,
 * the customer's e-mail and the approval e-mails exist only if the edit does.
 */
export async function staffEditItems(
  db: Db,
  id: number,
  body: StaffEditInput,
  staff: { id: number; email: string },
  appUrl: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    assertEditable(order);
    if (order.status === 'in_production' && !body.reason)
      throw badRequest(
        REASON_REQUIRED.editInProduction,
        [{ field: 'reason', message: REASON_REQUIRED.editInProduction }],
        'REASON_REQUIRED',
      );
    const settings = await getSettingsRow(tx);
    const before = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    const lines = quotedPrices(
      order,
      await priceItems(tx, itemsFromInput(body.items), await decorationPrices(tx), before, {
        userId: order.userId,
        exceptOrderId: order.id,
      }),
      before,
    );
    assertStillOffered(lines, before);
    const changes = lineChanges(before, lines);
    if (changes.length === 0) throw badRequest(NOTHING_CHANGED, undefined, 'NOTHING_CHANGED');

    const { department, allowance, quote } = await priceAndHold(tx, order, lines, settings, 'Staff edit');
    const customer = (await customersFor(tx, [order.userId])).get(order.userId)!;
    const grew = quote.totalCents > order.totalCents;
    const overAllowance = isOverAllowance(department, allowance !== null, quote);
    const newlyOver = !order.requiresApproval && overAllowance;
    const approval =
      grew && (order.requiresApproval || overAllowance) ? approversFor(department, await ownersOf(tx, order)) : null;
    const status: OrderStatus = approval ? 'awaiting_approval' : order.status;
    const whyAgain = newlyOver
      ? `The total grew from ${usd(order.totalCents)} to ${usd(quote.totalCents)} with a staff edit. ${OVER_ALLOWANCE_NOTE}`
      : `The total grew from ${usd(order.totalCents)} to ${usd(quote.totalCents)} with a staff edit, so the order needs approval again`;

    const updated = await writeLines(tx, order.id, status, quote, approval !== null || order.requiresApproval);
    const details = editDetails(changes, order.totalCents, quote.totalCents);
    const links = approval ? await reissueForEdit(tx, order.id, approval.approvers) : null;
    await recordEvent(tx, {
      orderId: order.id,
      kind: 'edit',
      from: order.status,
      to: status,
      actorType: 'staff',
      actorUserId: staff.id,
      actorEmail: staff.email,
      reason: [body.reason, ...(approval ? [whyAgain, approval.note] : [])].filter(Boolean).join('. ') || null,
      comments: body.comments,
      internalNote: [body.internal_note, links?.kept ? LINKS_KEPT : null].filter(Boolean).join('\n') || null,
      details,
    });
    const dto = await orderDto(tx, updated);
    const tokens = links?.tokens ?? [];
    const approverWords = await approverLanguages(
      tx,
      tokens.map((t) => t.email),
    );
    const again = {
      why: newlyOver ? 'grewOver' : 'grew',
      fromCents: order.totalCents,
      toCents: quote.totalCents,
    } as const;
    await enqueueMail(
      tx,
      tokens.map((t) =>
        approvalRequestMail(dto, customer, t.email, t.token, appUrl, again, approverWords.get(t.email)),
      ),
    );
    // The customer reads what changed in their own language; the timeline keeps the staff's English.
    const language = await customerLanguage(tx, order.userId);
    const theirDetails = editDetails(
      lineChanges(before, lines, language),
      order.totalCents,
      quote.totalCents,
      language,
    );
    // One "Order changed" mail per window, with the order as it is by then (docs/product.md#staff-and-admin).
    await enqueueCoalesced(
      tx,
      orderEditedMail(dto, customer, {
        details: theirDetails,
        comments: body.comments,
        reason: body.reason,
        appUrl,
        language,
      }),
      `order-edited:${order.id}`,
      APPROVAL_RESEND_COOLDOWN_S,
    );
    return updated;
  });
}

/**
 * The order's new lines priced as at checkout (today's settings, its department's tax rules, its fulfilment, its
 * member's allowance) and the allowance it holds moved to the new amount, the member's balance locked meanwhile.
 * Every change to the lines of a placed order goes through here: a staff edit, an approver removing lines.
 */
export async function priceAndHold(
  tx: Tx,
  order: OrderRow,
  lines: OrderLineInput[],
  settings: Awaited<ReturnType<typeof getSettingsRow>>,
  ledgerReason: string,
) {
  const department = await findDepartment(tx, order.departmentId);
  const allowance = await allowanceForEdit(tx, department, order, true);
  const quote = buildQuote(
    lines,
    contextFor(department, order.fulfillment, settings, allowance?.availableCents, termsOf(order.adjustments)),
  );
  if (allowance) {
    await writeLedger(tx, {
      userId: order.userId,
      departmentId: allowance.departmentId,
      orderId: order.id,
      amountCents: quote.allowanceCents - allowance.usedCents,
      periodStart: allowance.periodStart,
      reason: ledgerReason,
    });
  }
  return { department, allowance, quote };
}

function assertEditable(order: OrderRow) {
  if (!STAFF_EDITABLE.includes(order.status))
    throw conflict(
      `This order is ${STATUS_LABELS[order.status].toLowerCase()} and can no longer be edited`,
      'ORDER_NOT_EDITABLE',
    );
}

/**
 * POST /orders/admin/:id/quote: the lines staff are typing priced exactly as saving them would price them (today's
 * settings, the order's department, fulfilment and allowance), so they can quote a price on the phone. Reads only.
 */
export async function quoteStaffEdit(db: Db, id: number, body: StaffEditQuoteInput): Promise<StaffEditQuote> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!order) throw notFound(ORDER_NOT_FOUND);
    assertEditable(order);
    const settings = await getSettingsRow(tx);
    const before = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const lines = quotedPrices(
      order,
      await priceItems(tx, itemsFromInput(body.items), await decorationPrices(tx), before, {
        userId: order.userId,
        exceptOrderId: order.id,
      }),
      before,
    );
    const department = await findDepartment(tx, order.departmentId);
    const allowance = await allowanceForEdit(tx, department, order, false);
    const q = buildQuote(
      lines,
      contextFor(department, order.fulfillment, settings, allowance?.availableCents, termsOf(order.adjustments)),
    );
    return {
      ...quoteTotalsDto(q),
      previous_total: toDollars(order.totalCents),
    };
  });
}

/**
 * What the edited order may take of its member's allowance: what it holds already plus the balance left in the
 * period it was placed in. Locked like a checkout when saving, so an edit and a new order never spend the same
 * dollars; a quote only reads.
 */
async function allowanceForEdit(tx: Executor, department: DepartmentRow | null, order: OrderRow, lock: boolean) {
  if (!department) return null;
  if (lock) await lockMemberAllowance(tx as Tx, order.userId);
  const used = await orderAllowance(tx, order.id);
  const balance = await memberAllowance(tx, department, order.userId, order.createdAt);
  if (!balance && !used) return null;
  const usedCents = used?.usedCents ?? 0;
  return {
    departmentId: department.id,
    periodStart: used?.periodStart ?? balance!.period.start,
    usedCents,
    availableCents: usedCents + (balance?.remainingCents ?? 0),
  };
}

/** A product retired since the order was placed may stay on it; staff may not add one. */
function assertStillOffered(lines: OrderLineInput[], before: LineRow[]) {
  const onOrder = new Set(before.map((l) => l.productId));
  const gone = lines.find((l) => !l.productActive && !onOrder.has(l.productId));
  if (gone) throw badRequest(`${gone.productName} is no longer available`, undefined, 'PRODUCT_INACTIVE');
}

export async function writeLines(
  tx: Tx,
  orderId: number,
  status: OrderStatus,
  quote: QuoteCents<OrderLineInput>,
  requiresApproval: boolean,
) {
  const [updated] = await tx
    .update(orders)
    .set({ status, requiresApproval, ...moneyColumns(quote), updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
  await insertLines(tx, orderId, quote.lines);
  return updated!;
}

/** An order placed from a price quote keeps the quoted garment prices of the lines it had (docs/product.md#quotes). */
export const quotedPrices = <L extends Parameters<typeof keepPlacedUnitPrices>[0][number]>(
  order: { quoteId: number | null },
  lines: L[],
  before: Parameters<typeof keepPlacedUnitPrices>[1],
): L[] => (order.quoteId === null ? lines : keepPlacedUnitPrices(lines, before));
