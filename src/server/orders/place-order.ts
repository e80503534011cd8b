import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CheckoutInput, Order, OrderStatus } from '../../shared/orders';
import { unavailableLine, type CartLineView } from '../cart';
import type { Tx } from '../db/client';
import { orderLines, orders, type ShippingAddress } from '../db/schema';
import { issueApprovalTokens } from '../approvals';
import { findDepartmentForEmail, type DepartmentRow } from '../departments';
import { buildQuote, contextFor, type PricingSettings, type QuoteCents } from '../pricing';
import { enqueueMail } from '../mail/outbox';
import { badRequest } from '../http/errors';
import { assembleOrder, customersFor, type LineRow, type OrderRow } from './dto';
import { recordEvent } from './events';
import { approvalRequestMail, orderReceivedMail } from './mails';

export type OrderLineInput = Omit<CartLineView, 'id'>;
export type PlaceOrderInput = {
  user: { id: number; email: string };
  lines: OrderLineInput[];
  delivery: CheckoutInput;
  /** Today's settings figures: the quote is built here, with the department this order is placed under. */
  settings: PricingSettings;
  /** The denied order this one replaces. */
  modifiedFrom?: { id: number; orderNumber: string };
  appUrl: string;
};

export type PlacedOrder = { row: OrderRow; dto: Order };

// Placing an order as small named steps, all inside the caller's transaction (docs/product.md#orders-and-their-states):
// if any step throws, nothing of the order, its tokens or its mail remains.
export async function placeOrder(tx: Tx, input: PlaceOrderInput): Promise<PlacedOrder> {
  assertOrderable(input.lines);
  const department = await findDepartmentForEmail(tx, input.user.email);
  const approval = approvalRule(department, input.user.email);
  const money = buildQuote(input.lines, contextFor(department, input.delivery.fulfillment, input.settings));
  const row = await insertOrder(tx, input, department, approval, money);
  const lines = await insertLines(tx, row.id, input.lines);
  const reason =
    [input.modifiedFrom ? 'Modified from a denied order' : null, approval.note].filter(Boolean).join('. ') || null;
  const event = await recordEvent(tx, {
    orderId: row.id,
    to: row.status,
    actorType: 'customer',
    actorUserId: input.user.id,
    actorEmail: input.user.email,
    reason,
  });
  // Built from the rows just written: reading the order back would cost four more queries inside the transaction.
  const dto = assembleOrder(row, {
    lines,
    events: [event],
    departmentName: department?.name ?? null,
    modifiedFromNumber: input.modifiedFrom?.orderNumber ?? null,
    replacedByNumber: null,
    forStaff: false,
  });
  const tokens = approval.approvers.length ? await issueApprovalTokens(tx, row.id, approval.approvers) : [];
  await queueOrderMails(tx, row.userId, dto, tokens, input.appUrl);
  return { row, dto };
}

function assertOrderable(lines: OrderLineInput[]) {
  if (lines.length === 0) throw badRequest('Your cart is empty', undefined, 'CART_EMPTY');
  const gone = lines.find((l) => !l.productActive);
  if (gone) throw badRequest(unavailableLine(gone.productName), undefined, 'PRODUCT_INACTIVE');
}

export const AWAITS_STAFF_NOTE = 'Waiting for shop staff: the only approver of the department placed this order';

/**
 * Nobody approves their own order: the placer is left out of the approvers. When nobody else is left, the order
 * still waits for approval, from shop staff, and the timeline says why.
 */
function approvalRule(department: DepartmentRow | null, placedBy: string) {
  if (!department?.requiresApproval) return { required: false, approvers: [] as string[], note: null };
  const named = [...new Set(department.approverEmails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const approvers = named.filter((e) => e !== placedBy.toLowerCase());
  return { required: true, approvers, note: approvers.length ? null : AWAITS_STAFF_NOTE };
}

/** Human order number from the id and the year in Arizona: CSU-2026-000123. */
export const orderNumberFor = (id: number, at: Date) =>
  `CSU-${new Intl.DateTimeFormat('en-US', { timeZone: 'America/Phoenix', year: 'numeric' }).format(at)}-${String(id).padStart(6, '0')}`;

async function insertOrder(
  tx: Tx,
  input: PlaceOrderInput,
  department: DepartmentRow | null,
  approval: { required: boolean },
  money: QuoteCents,
): Promise<OrderRow> {
  const status: OrderStatus = approval.required ? 'awaiting_approval' : 'pending';
  const [draft] = await tx
    .insert(orders)
    .values({
      // The number derives from the id, which exists only after the insert; a unique placeholder bridges the gap.
      orderNumber: `draft-${randomUUID()}`,
      userId: input.user.id,
      status,
      fulfillment: input.delivery.fulfillment,
      shippingAddress: (input.delivery.shipping_address as ShippingAddress | null) ?? null,
      poNumber: input.delivery.po_number,
      notes: input.delivery.notes,
      subtotalCents: money.subtotalCents,
      taxCents: money.taxCents,
      taxRatePpm: money.taxRatePpm,
      taxExemptReason: money.taxExemptReason,
      shippingCents: money.shippingCents,
      totalCents: money.totalCents,
      adjustments: money.adjustments,
      requiresApproval: approval.required,
      departmentId: department?.id ?? null,
      modifiedFromOrderId: input.modifiedFrom?.id ?? null,
    })
    .returning();
  const [order] = await tx
    .update(orders)
    .set({ orderNumber: orderNumberFor(draft!.id, draft!.createdAt) })
    .where(eq(orders.id, draft!.id))
    .returning();
  return order!;
}

async function insertLines(tx: Tx, orderId: number, lines: OrderLineInput[]): Promise<LineRow[]> {
  return tx
    .insert(orderLines)
    .values(
      lines.map((l) => ({
        orderId,
        productId: l.productId,
        productName: l.productName,
        productSlug: l.productSlug,
        imageBase: l.imageBase,
        isMultiImage: l.isMultiImage,
        size: l.size,
        quantity: l.quantity,
        unitBaseCents: l.unitBaseCents,
        unitCustomizationCents: l.unitCustomizationCents,
        totalCents: l.totalCents,
        customizations: l.customizations,
      })),
    )
    .returning();
}

async function queueOrderMails(
  tx: Tx,
  userId: number,
  dto: Order,
  tokens: { email: string; token: string }[],
  appUrl: string,
) {
  const customer = (await customersFor(tx, [userId])).get(userId)!;
  await enqueueMail(tx, [
    orderReceivedMail(dto, customer),
    ...tokens.map((t) => approvalRequestMail(dto, customer, t.email, t.token, appUrl)),
  ]);
}
