import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { totals } from '../../shared/cart';
import type { CheckoutInput, Order, OrderStatus } from '../../shared/orders';
import { hashToken, newToken } from '../auth/tokens';
import type { CartLineView } from '../cart/service';
import type { Tx } from '../db/client';
import { approvalTokens, orderEvents, orderLines, orders, type ShippingAddress } from '../db/schema';
import { findDepartmentForEmail, type DepartmentRow } from '../departments/service';
import { enqueueMail } from '../mail/outbox';
import { badRequest } from '../http/errors';
import { assembleOrder, customersFor, type EventRow, type LineRow, type OrderRow } from './dto';
import { approvalRequestMail, orderReceivedMail } from './mails';

export const APPROVAL_TTL_MS = 7 * 24 * 3600_000;

export type OrderLineInput = Omit<CartLineView, 'id'>;
export type PlaceOrderInput = {
  user: { id: number; email: string };
  lines: OrderLineInput[];
  delivery: CheckoutInput;
  pricing: { taxRate: number; shippingCostCents: number };
  /** The denied order this one replaces. */
  modifiedFrom?: { id: number; orderNumber: string };
  appUrl: string;
};

export type PlacedOrder = { row: OrderRow; dto: Order };

// Placing an order as small named steps, all inside the caller's transaction (DESIGN §8):
// if any step throws, nothing of the order, its tokens or its mail remains.
export async function placeOrder(tx: Tx, input: PlaceOrderInput): Promise<PlacedOrder> {
  assertOrderable(input.lines);
  const department = await findDepartmentForEmail(tx, input.user.email);
  const approval = approvalRule(department);
  const money = priceOrder(input, department);
  const row = await insertOrder(tx, input, department, approval, money);
  const lines = await insertLines(tx, row.id, input.lines);
  const event = await recordEvent(tx, { orderId: row.id, to: row.status, actorType: 'customer', actorUserId: input.user.id, actorEmail: input.user.email, reason: input.modifiedFrom ? 'Modified from a denied order' : null });
  // Built from the rows just written: reading the order back would cost four more queries inside the transaction.
  const dto = assembleOrder(row, {
    lines,
    events: [event],
    departmentName: department?.name ?? null,
    modifiedFromNumber: input.modifiedFrom?.orderNumber ?? null,
    replacedByNumber: null,
    forStaff: false,
  });
  const tokens = approval.required ? await issueApprovalTokens(tx, row.id, approval.approvers) : [];
  await queueOrderMails(tx, row.userId, dto, tokens, input.appUrl);
  return { row, dto };
}

function assertOrderable(lines: OrderLineInput[]) {
  if (lines.length === 0) throw badRequest('Your cart is empty', undefined, 'CART_EMPTY');
  const gone = lines.find((l) => !l.productActive);
  if (gone) throw badRequest(`${gone.productName} is no longer available. Remove it from your cart to continue.`, undefined, 'PRODUCT_INACTIVE');
}

/** A department that needs approval but names no approver could never be decided, so its orders go straight to the queue. */
function approvalRule(department: DepartmentRow | null) {
  const approvers = [...new Set((department?.approverEmails ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean))];
  return { required: Boolean(department?.requiresApproval) && approvers.length > 0, approvers };
}

function priceOrder(input: PlaceOrderInput, department: DepartmentRow | null) {
  const exempt = Boolean(department?.taxExempt);
  const taxRate = exempt ? 0 : input.pricing.taxRate;
  const shipping = input.delivery.fulfillment === 'shipping' ? input.pricing.shippingCostCents : 0;
  const t = totals(input.lines, taxRate, shipping);
  return { ...t, taxRatePpm: Math.round(taxRate * 1_000_000), taxExemptReason: exempt ? `Tax exempt: ${department!.name}` : null };
}

/** Human order number from the id and the year in Arizona: CSU-2026-000123. */
export const orderNumberFor = (id: number, at: Date) =>
  `CSU-${new Intl.DateTimeFormat('en-US', { timeZone: 'America/Phoenix', year: 'numeric' }).format(at)}-${String(id).padStart(6, '0')}`;

async function insertOrder(
  tx: Tx,
  input: PlaceOrderInput,
  department: DepartmentRow | null,
  approval: { required: boolean },
  money: ReturnType<typeof priceOrder>,
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
  return tx.insert(orderLines).values(
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
  ).returning();
}

export type EventInput = {
  orderId: number;
  from?: OrderStatus | null;
  to: OrderStatus;
  actorType: 'customer' | 'staff' | 'approver' | 'system';
  actorUserId?: number | null;
  actorEmail?: string | null;
  reason?: string | null;
  comments?: string | null;
};

export async function recordEvent(tx: Tx, e: EventInput): Promise<EventRow> {
  const [row] = await tx.insert(orderEvents).values({
    orderId: e.orderId,
    fromStatus: e.from ?? null,
    toStatus: e.to,
    actorType: e.actorType,
    actorUserId: e.actorUserId ?? null,
    actorEmail: e.actorEmail ?? null,
    reason: e.reason ?? null,
    comments: e.comments ?? null,
  }).returning();
  return row!;
}

/** One token per approver; only its hash is stored, the token itself lives only in the e-mail. */
async function issueApprovalTokens(tx: Tx, orderId: number, approvers: string[]) {
  const expiresAt = new Date(Date.now() + APPROVAL_TTL_MS);
  const issued = approvers.map((email) => ({ email, token: newToken() }));
  await tx.insert(approvalTokens).values(issued.map((i) => ({ orderId, approverEmail: i.email, tokenHash: hashToken(i.token), expiresAt })));
  return issued;
}

async function queueOrderMails(tx: Tx, userId: number, dto: Order, tokens: { email: string; token: string }[], appUrl: string) {
  const customer = (await customersFor(tx, [userId])).get(userId)!;
  await enqueueMail(tx, [orderReceivedMail(dto, customer), ...tokens.map((t) => approvalRequestMail(dto, customer, t.email, t.token, appUrl))]);
}
