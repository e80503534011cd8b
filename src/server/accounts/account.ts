import { toDollars } from '../../shared/money';
import { CALLED_OFF_STATUSES } from '../../shared/order-statuses';
import type { Order, OrderStatus } from '../../shared/orders';
import {
  PAYMENT_STATUS_CUSTOMER_LABELS,
  PAYMENT_STATUS_LABELS,
  type LedgerKind,
  type PaymentMethod,
  type PaymentStatus,
} from '../../shared/payments';
import type { payments } from '../db/schema';
import { saleValueCents } from './sale-value';

// The account of an order (docs/product.md#the-account-of-an-order). This file is the one place that
// says what an order owes: the order answers, the staff list and its "unpaid" filter (ledger-sql.ts writes the same
// rule in SQL and account.property.test.ts checks the two agree), the CSV export, invoices, statements and mails.

export type LedgerRow = typeof payments.$inferSelect & { recordedByEmail: string | null };

/** A cancelled or denied order owes nothing: the shop will not make it (the status table's calledOff). */
export const OWES_NOTHING = CALLED_OFF_STATUSES;

/** The ledger of one order summed by kind, in cents (each row is positive). */
export type LedgerSums = { paidCents: number; refundedCents: number; creditedCents: number };

export const NO_LEDGER: LedgerSums = { paidCents: 0, refundedCents: 0, creditedCents: 0 };

export function sumLedger(rows: readonly { kind: LedgerKind | string; amountCents: number }[]): LedgerSums {
  const s = { ...NO_LEDGER };
  for (const r of rows) {
    if (r.kind === 'payment') s.paidCents += r.amountCents;
    else if (r.kind === 'refund') s.refundedCents += r.amountCents;
    else if (r.kind === 'credit') s.creditedCents += r.amountCents;
  }
  return s;
}

export type AccountOrder = { status: OrderStatus; totalCents: number };

export type Account = {
  /** What the order owes: its total after allowance, less credits; 0 when cancelled or denied. */
  owedCents: number;
  /** Payments less refunds (the answer's `amount_paid`). */
  netPaidCents: number;
  /** max(0, owed - net paid). */
  balanceCents: number;
  /** net paid > owed. */
  refundDue: boolean;
  /** net paid - owed when positive: what should go back. */
  refundDueCents: number;
  creditedCents: number;
  status: PaymentStatus;
};

/** The one function: an order's account from the order and its ledger sums. */
export function accountOf(order: AccountOrder, sums: LedgerSums): Account {
  const owedCents = OWES_NOTHING.includes(order.status) ? 0 : Math.max(0, order.totalCents - sums.creditedCents);
  const netPaidCents = sums.paidCents - sums.refundedCents;
  const balanceCents = Math.max(0, owedCents - netPaidCents);
  const refundDue = netPaidCents > owedCents;
  return {
    owedCents,
    netPaidCents,
    balanceCents,
    refundDue,
    refundDueCents: refundDue ? netPaidCents - owedCents : 0,
    creditedCents: sums.creditedCents,
    status: statusOf(netPaidCents, balanceCents, refundDue, sums.refundedCents > 0),
  };
}

function statusOf(netPaid: number, balance: number, refundDue: boolean, anyRefund: boolean): PaymentStatus {
  if (refundDue) return 'refund_due';
  if (balance > 0) return netPaid > 0 ? 'partially_paid' : 'unpaid';
  // Balance 0 and nothing over: net paid equals owed.
  if (netPaid > 0) return anyRefund ? 'partially_refunded' : 'paid';
  // Nothing net paid and no balance: nothing is owed (covered by the allowance, credited away, cancelled or denied).
  return anyRefund ? 'refunded' : 'nothing_due';
}

/**
 * How a refund of `cents` splits ("a refund never creates a balance"): first the money paid above what
 * is owed goes back; the rest lowers what is owed by as much (a goodwill or returned-goods refund), recorded as a
 * credit beside the refund.
 */
export function splitRefund(account: Pick<Account, 'refundDueCents'>, cents: number) {
  const overpaid = Math.min(cents, account.refundDueCents);
  return { overpaidCents: overpaid, lowersOwedCents: cents - overpaid };
}

/** What staff may still give back (what is net paid) and take off (what is owed). */
export const refundableCents = (a: Account) => Math.max(0, a.netPaidCents);
export const creditableCents = (a: Account) => a.owedCents;

export type SplitOrder = AccountOrder & {
  paymentMethod: PaymentMethod;
  adjustments: { kind: string; amountCents: number }[];
};

/**
 * Who pays for an order (the approval page and mail): its full cost before the allowance, the allowance used, the
 * part on the department's account (an order on account) and the part the member pays (any other way to pay).
 */
export function costSplit(order: SplitOrder) {
  const allowanceCents = -order.adjustments
    .filter((a) => a.kind === 'allowance')
    .reduce((s, a) => s + a.amountCents, 0);
  const onAccount = order.paymentMethod === 'account';
  return {
    order_total: toDollars(saleValueCents({ totalCents: order.totalCents, allowanceHeldCents: allowanceCents })),
    allowance: toDollars(allowanceCents),
    department_account: toDollars(onAccount ? order.totalCents : 0),
    member_pays: toDollars(onAccount ? 0 : order.totalCents),
  };
}

/** The order answer's `payment`: the account in dollars, with its words and the ledger entries. */
export function accountDto(order: SplitOrder, rows: LedgerRow[], forStaff: boolean): Order['payment'] {
  const a = accountOf(order, sumLedger(rows));
  return {
    method: order.paymentMethod,
    status: a.status,
    amount_due: toDollars(a.owedCents),
    amount_paid: toDollars(a.netPaidCents),
    credited: toDollars(a.creditedCents),
    balance: toDollars(a.balanceCents),
    refund_due: a.refundDue,
    refund_due_amount: toDollars(a.refundDueCents),
    status_label: PAYMENT_STATUS_LABELS[a.status],
    customer_label: PAYMENT_STATUS_CUSTOMER_LABELS[a.status],
    split: costSplit(order),
    adjustments: rows
      .filter((r) => r.kind === 'credit')
      .map((r) => ({
        kind: 'credit' as const,
        label: `Credit${r.reason ? `: ${r.reason}` : ''}`,
        amount: -toDollars(r.amountCents),
      })),
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      method: r.method,
      amount: toDollars(r.amountCents),
      reference: r.reference,
      reason: r.reason,
      // The key itself is absent from customer answers, as with internal notes.
      ...(forStaff ? { recorded_by: r.recordedBy ? { id: r.recordedBy, email: r.recordedByEmail ?? '' } : null } : {}),
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Orders on the department's account are billed to it, so they may ship with a balance (docs/product.md#the-account-of-an-order). */
export const mayShipWithBalance = (order: { paymentMethod: PaymentMethod }) => order.paymentMethod === 'account';

export type StatementOrder = AccountOrder & {
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  adjustments: { kind: string; amountCents: number }[];
};

/** The allowance an order was priced with (its frozen allowance adjustment, as a positive amount). */
export const pricedAllowanceCents = (order: Pick<StatementOrder, 'adjustments'>) =>
  -order.adjustments.filter((a) => a.kind === 'allowance').reduce((s, a) => s + a.amountCents, 0);

/** Adjustment kinds that have their own column; any other (a discount, a setup fee, a quantity break) is summed apart. */
const OWN_COLUMN = new Set(['allowance', 'tax', 'tax_exemption', 'shipping', 'credit']);

/** The order's other priced adjustments, signed (a discount below zero, a fee above). */
export const otherAdjustmentsCents = (order: Pick<StatementOrder, 'adjustments'>) =>
  order.adjustments.filter((a) => !OWN_COLUMN.has(a.kind)).reduce((s, a) => s + a.amountCents, 0);

/**
 * One order's account as columns that add up on their own (the orders CSV, the accounting export):
 * owed = subtotal + tax + shipping + other adjustments - allowance - credits - called off, and
 * balance = max(0, owed - paid + refunded).
 * `calledOffCents` is what cancelling or denying took off what was still owed (a called-off order owes nothing).
 * Every figure comes from accountOf, so the columns and every screen agree.
 */
export function accountColumns(order: StatementOrder, sums: LedgerSums) {
  const account = accountOf(order, sums);
  const allowanceCents = pricedAllowanceCents(order);
  const otherCents = otherAdjustmentsCents(order);
  const beforeCallOff =
    order.subtotalCents + order.taxCents + order.shippingCents + otherCents - allowanceCents - sums.creditedCents;
  return {
    account,
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    shippingCents: order.shippingCents,
    otherCents,
    allowanceCents,
    creditedCents: sums.creditedCents,
    calledOffCents: beforeCallOff - account.owedCents,
    owedCents: account.owedCents,
    paidCents: sums.paidCents,
    refundedCents: sums.refundedCents,
    balanceCents: account.balanceCents,
  };
}
