import type { CheckoutInput, Order, OrderCustomer, OrderStatus } from '../../shared/orders';
import type { Language } from '../../shared/languages';
import { unavailableLine, type CartLineView } from '../cart';
import { eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { placeholders, prepared } from '../db/prepared';
import { orderLines, settings, users, type ShippingAddress } from '../db/schema';
import { findDepartmentForEmail, type DepartmentRow } from '../departments';
import { buildQuote, contextFor, type PricingSettings, type QuoteCents, type QuoteTerms } from '../pricing';
import { enqueueMail } from '../mail/outbox';
import { badRequest, conflict, forbidden } from '../http/errors';
import { mayBuy } from '../catalog';
import { outsideCatalogLine } from '../../shared/department-catalog';
import { ALLOWANCE_CHANGED } from '../../shared/allowances';
import { toCents } from '../../shared/money';
import { earliestDueDay } from '../../shared/due-dates';
import { earliestDueMessage } from '../../shared/due-date-rules';
import { lockMemberAllowance, memberAllowance, writeLedger } from '../allowances';
import { accountDto, chooseMethod, methodsFor } from '../accounts';
import { assembleOrder, customerDto, type LineRow, type OrderRow } from './dto';
import { insertPlacedOrder, type NewOrderValues } from './insert-placed';
import { approvalRequestMail, newOrderNoticeMail, orderReceivedMail } from './mails';
import { invoiceToken } from './invoice-token';
import { approverLanguages } from './customer-language';
import type { ShopContext, ShopNotice } from './notice';
import { notifyAddress } from '../settings';
import { issueApprovalTokens } from '../approval-links';
import type { PaymentMethod } from '../../shared/payments';
import { placedByText, type OrderChannel } from '../../shared/phone-orders';

export type OrderLineInput = Omit<CartLineView, 'id'>;
export type PlaceOrderInput = {
  user: { id: number; email: string };
  lines: OrderLineInput[];
  delivery: CheckoutInput;
  /** Today's settings figures: the quote is built here, with the department this order is placed under. */
  settings: PricingSettings & { leadTimeDays: number };
  /** The customer's department when the caller has read it already (undefined: read it here). */
  department?: DepartmentRow | null;
  /** The denied order this one replaces. */
  modifiedFrom?: { id: number; orderNumber: string };
  shop: ShopContext;
  /** A resubmitted order keeps its old method and due date only while they still apply, else takes the default (no 400). */
  paymentFallback?: boolean;
  /** Staff who placed it on the customer's behalf (a phone or walk-in order): the timeline names them. */
  placedBy?: { id: number; email: string; name: string; channel: OrderChannel };
  /** The accepted price quote this order is placed from: its lines come at the quoted prices, its terms here. */
  fromQuote?: { id: number; terms: QuoteTerms };
  /** Who the order's mails are written to, when the caller has read it already (undefined: read it here). */
  mailing?: OrderMailing;
};

/** What the order's mails need besides the order: its customer, their language, and the shop's notice address. */
export type OrderMailing = { customer: OrderCustomer; language: Language; notifyTo: string | null };

/**
 * The customer, their mails' language and the new-order notice's address in one statement. Checkout reads it before
 * its transaction, beside the cart: a name changed in between is no reason to hold the order's locks longer.
 */
export async function orderMailing(db: Executor, userId: number, shop: ShopNotice): Promise<OrderMailing> {
  const [row] = await prepared(db, 'order_mailing', (d) =>
    d
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        language: users.language,
        notify: sql<string | null>`(select ${settings.shopNotifyEmail} from ${settings} where ${settings.id} = 1)`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare('order_mailing'),
  ).execute({ userId });
  if (!row) throw new Error(`order mailing: no user ${userId}`);
  return { customer: customerDto(row), language: row.language, notifyTo: notifyAddress(row.notify, shop.notifyEmail) };
}

export type PlacedOrder = { row: OrderRow; dto: Order };

// Placing an order as small named steps, all inside the caller's transaction (docs/product.md#orders-and-their-states):
// if any step throws, nothing of the order, its tokens or its mail remains.
export async function placeOrder(tx: Tx, input: PlaceOrderInput): Promise<PlacedOrder> {
  assertOrderable(input.lines);
  const department =
    input.department !== undefined ? input.department : await findDepartmentForEmail(tx, input.user.email);
  const outside = input.lines.find((l) => !mayBuy(department, l.productId));
  if (outside) throw forbidden(outsideCatalogLine(outside.productName));
  const allowance = await lockedAllowance(tx, department, input.user.id, input.shop.now());
  const quote = buildQuote(
    input.lines,
    contextFor(
      department,
      input.delivery.fulfillment,
      input.settings,
      allowance?.remainingCents ?? null,
      input.fromQuote?.terms ?? null,
    ),
  );
  assertAllowanceAsQuoted(input.delivery.expected_allowance, quote.allowanceCents);
  const owners = [input.user.email, ...(input.placedBy ? [input.placedBy.email] : [])];
  const approval = approvalRule(department, owners, isOverAllowance(department, allowance !== null, quote));
  const method = paymentMethodFor(input, department !== null);
  const dueDate = dueDateFor(input);
  const reason =
    [input.modifiedFrom ? 'Modified from a denied order' : null, approval.note].filter(Boolean).join('. ') || null;
  const staff = input.placedBy;
  const { row, lines, event } = await insertPlacedOrder(
    tx,
    orderValues(input, department, approval, quote, method, dueDate),
    input.lines,
    {
      actorType: staff ? 'staff' : 'customer',
      actorUserId: staff ? staff.id : input.user.id,
      actorEmail: staff ? staff.email : input.user.email,
      reason,
      details: staff ? placedByText(staff.name, staff.channel) : null,
    },
  );
  if (allowance) {
    await writeLedger(tx, {
      userId: input.user.id,
      departmentId: allowance.departmentId,
      orderId: row.id,
      amountCents: quote.allowanceCents,
      periodStart: allowance.period.start,
      reason: 'Order placed',
    });
  }
  // Built from the rows just written: reading the order back would cost four more queries inside the transaction.
  const dto = assembleOrder(row, {
    lines,
    events: [event],
    payment: accountDto(row, [], false),
    departmentName: department?.name ?? null,
    modifiedFromNumber: input.modifiedFrom?.orderNumber ?? null,
    replacedByNumber: null,
    forStaff: false,
  });
  const tokens = approval.approvers.length ? await issueApprovalTokens(tx, row.id, approval.approvers) : [];
  await queueOrderMails(tx, dto, tokens, input.shop, input.mailing ?? (await orderMailing(tx, row.userId, input.shop)));
  return { row, dto };
}

/** The member's balance, read only once their allowance is locked so no other order spends it meanwhile. */
async function lockedAllowance(tx: Tx, department: DepartmentRow | null, userId: number, now: Date) {
  if (!department) return null;
  await lockMemberAllowance(tx, userId);
  return memberAllowance(tx, department, userId, now);
}

function assertAllowanceAsQuoted(expected: number | null | undefined, appliedCents: number) {
  if (expected === undefined || expected === null) return;
  if (toCents(expected) !== appliedCents) throw conflict(ALLOWANCE_CHANGED, 'ALLOWANCE_CHANGED');
}

function paymentMethodFor(input: PlaceOrderInput, member: boolean): PaymentMethod {
  const card = input.shop.cardEnabled;
  if (!input.paymentFallback) return chooseMethod(input.delivery, member, card);
  const open = methodsFor(input.delivery.fulfillment, member, card);
  const asked = input.delivery.payment_method;
  return asked && open.includes(asked) ? asked : open[0]!;
}

/** The day asked for ("Need it by") when the lead time allows it; none asked: the earliest day (docs/product.md#due-dates). */
function dueDateFor(input: PlaceOrderInput): string {
  const earliest = earliestDueDay(input.shop.now(), input.settings.leadTimeDays);
  const asked = input.delivery.due_date;
  if (!asked) return earliest;
  // Shop days as YYYY-MM-DD compare as the days they name.
  if (asked >= earliest) return asked;
  if (input.paymentFallback) return earliest;
  const message = earliestDueMessage(earliest);
  throw badRequest(message, [{ field: 'due_date', message }], 'DUE_DATE_TOO_EARLY');
}

function assertOrderable(lines: OrderLineInput[]) {
  if (lines.length === 0) throw badRequest('Your cart is empty', undefined, 'CART_EMPTY');
  const gone = lines.find((l) => !l.productActive);
  if (gone) throw badRequest(unavailableLine(gone.productName), undefined, 'PRODUCT_INACTIVE');
  // A cart line the product no longer takes as it is (security round 4, finding 10); the cart flags it the same way.
  const broken = lines.find((l) => l.needsFix);
  if (broken?.needsFix) throw badRequest(broken.needsFix, undefined, 'CART_LINE_NEEDS_FIX');
}

export const AWAITS_STAFF_NOTE = 'Waiting for shop staff: the only approver of the department placed this order';

/**
 * Nobody approves their own order: the customer and whoever placed it are left out of the approvers. When nobody
 * else is left, the order still waits for approval, from shop staff, and the timeline says why.
 */
function approvalRule(department: DepartmentRow | null, owners: string[], overAllowance: boolean) {
  if (!department || (!department.requiresApproval && !overAllowance)) {
    return { required: false, approvers: [] as string[], note: null };
  }
  const { approvers, note } = approversFor(department, owners);
  const why = department.requiresApproval ? null : OVER_ALLOWANCE_NOTE;
  return { required: true, approvers, note: [why, note].filter(Boolean).join('. ') || null };
}

export const OVER_ALLOWANCE_NOTE = 'Over the allowance: the department approves orders above the balance';

/** Past the member's balance, where the department approves orders over it: at checkout and in a staff edit alike. */
export const isOverAllowance = (department: DepartmentRow | null, hasAllowance: boolean, quote: QuoteCents) =>
  Boolean(hasAllowance && department?.approvalOverAllowance && quote.subtotalCents > quote.allowanceCents);

/**
 * The department's approvers less the people the order is someone's own (its customer and whoever placed it, see
 * ownersOf), and the timeline's note when none is left.
 */
export function approversFor(department: DepartmentRow | null, owners: string[]) {
  const named = [...new Set((department?.approverEmails ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const own = new Set(owners.map((e) => e.toLowerCase()));
  const approvers = named.filter((e) => !own.has(e));
  return { approvers, note: approvers.length ? null : AWAITS_STAFF_NOTE };
}

/** The order row's money columns, as the quote gives them: written at placement and again by a staff edit. */
export const moneyColumns = (quote: QuoteCents) => ({
  subtotalCents: quote.subtotalCents,
  taxCents: quote.taxCents,
  taxRatePpm: quote.taxRatePpm,
  taxExemptReason: quote.taxExemptReason,
  shippingCents: quote.shippingCents,
  totalCents: quote.totalCents,
  adjustments: quote.adjustments,
});

function orderValues(
  input: PlaceOrderInput,
  department: DepartmentRow | null,
  approval: { required: boolean },
  quote: QuoteCents,
  paymentMethod: PaymentMethod,
  dueDate: string,
): NewOrderValues {
  const status: OrderStatus = approval.required ? 'awaiting_approval' : 'pending';
  // Every key always present: the statement is prepared once (db/prepared.ts), its values are its parameters.
  return {
    // Empty: the insert trigger numbers it from the id and the year in Arizona, CSU-2026-000123 (migration 0015).
    orderNumber: '',
    userId: input.user.id,
    placedBy: input.placedBy?.id ?? input.user.id,
    status,
    fulfillment: input.delivery.fulfillment,
    shippingAddress: (input.delivery.shipping_address as ShippingAddress | null) ?? null,
    poNumber: input.delivery.po_number ?? null,
    notes: input.delivery.notes ?? null,
    paymentMethod,
    dueDate,
    ...moneyColumns(quote),
    requiresApproval: approval.required,
    departmentId: department?.id ?? null,
    modifiedFromOrderId: input.modifiedFrom?.id ?? null,
    quoteId: input.fromQuote?.id ?? null,
  };
}

/** Carts of up to this many lines insert them through a statement prepared for their count; longer ones build it. */
const PREPARED_LINE_COUNTS = 8;

export async function insertLines(tx: Tx, orderId: number, lines: OrderLineInput[]): Promise<LineRow[]> {
  const rows = lines.map((l) => ({
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
    decorations: l.decorations,
    totalCents: l.totalCents,
    customizations: l.customizations,
  }));
  if (rows.length === 0 || rows.length > PREPARED_LINE_COUNTS) return tx.insert(orderLines).values(rows).returning();
  const name = `order_lines_${rows.length}`;
  const values = Object.fromEntries(rows.flatMap((r, i) => Object.entries(r).map(([k, v]) => [`${k}_${i}`, v])));
  return prepared(tx, name, (t) =>
    t
      .insert(orderLines)
      .values(rows.map((r, i) => placeholders(r, `_${i}`)))
      .returning()
      .prepare(name),
  ).execute(values);
}

/** All of the order's mails in one insert: the customer's, the approvers' and the shop's notice. */
async function queueOrderMails(
  tx: Tx,
  dto: Order,
  tokens: { email: string; token: string }[],
  shop: ShopContext,
  { customer, language, notifyTo }: OrderMailing,
) {
  const invoiceUrl = `${shop.appUrl}/invoice/${invoiceToken(shop.invoiceKey, dto.id)}`;
  // Each approver reads their own account's language, else English (no statement when nobody approves).
  const approverWords = await approverLanguages(
    tx,
    tokens.map((t) => t.email),
  );
  await enqueueMail(tx, [
    orderReceivedMail(dto, customer, shop.appUrl, invoiceUrl, language),
    ...tokens.map((t) =>
      approvalRequestMail(dto, customer, t.email, t.token, shop.appUrl, undefined, approverWords.get(t.email)),
    ),
    // An order awaiting approval reaches the shop later, when its department approves it.
    ...(dto.status === 'pending' && notifyTo
      ? [newOrderNoticeMail(dto, customer, notifyTo, 'placed', shop.appUrl)]
      : []),
  ]);
}
