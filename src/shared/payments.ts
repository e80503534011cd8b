import { z } from 'zod';
import { linkLanguageSchema } from './language-schema';
import { formatUsd } from './money';
import { adjustmentSchema } from './pricing';
import { shopIdentitySchema } from './shop-identity';

// Payments (docs/security.md#payments): how an order is paid, its ledger, and the request/answer contract.
/**
 * Chosen at checkout (docs/product.md#how-customers-pay): Stripe Checkout online, at the counter (pickup orders only), on the
 * department's account (members), or by invoice (shipping orders: the customer is mailed the invoice and the shop
 * ships once it is paid).
 */
export const PAYMENT_METHODS = ['card', 'pickup', 'account', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card online',
  pickup: 'Pay at pickup',
  account: "On the department's account",
  invoice: 'Invoice',
};
/** What happens next with an invoiced order, said plainly at checkout and on the confirmation. */
export const INVOICE_NEXT = 'We will e-mail your invoice; we ship once it is paid.';

/** payment and refund move money; credit lowers what the order owes without moving any (a ledger row all the same). */
export const LEDGER_KINDS = ['payment', 'refund', 'credit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** How money moved: the first five are taken by staff at the counter or by post; stripe only through Stripe. */
export const LEDGER_METHODS = ['cash', 'check', 'card_terminal', 'department_check', 'stripe', 'other'] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];
export const LEDGER_METHOD_LABELS: Record<LedgerMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  card_terminal: 'Card terminal',
  department_check: 'Department check',
  stripe: 'Card online (Stripe)',
  other: 'Other',
};
/** An order's account status (docs/product.md#the-account-of-an-order), derived by accounts/account.ts alone. */
export const PAYMENT_STATUSES = [
  'unpaid',
  'partially_paid',
  'paid',
  'nothing_due',
  'refund_due',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The staff words for an account status: the staff screens, the filters and the CSV export. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  nothing_due: 'Nothing due',
  refund_due: 'Refund due',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};
/** The customer's words for the same statuses: their orders, the invoice and the mails. */
export const PAYMENT_STATUS_CUSTOMER_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Balance due',
  partially_paid: 'Part paid, balance due',
  paid: 'Paid',
  nothing_due: 'Nothing to pay',
  refund_due: 'Refund on its way',
  refunded: 'Refunded',
  partially_refunded: 'Paid, part refunded',
};
/** The customer's words for an order the allowance covers completely. */
export const COVERED_BY_ALLOWANCE = 'Covered by your allowance';

export const REFERENCE_MAX = 200;
export const AMOUNT_MAX = 100_000;

export const PAYMENT_METHOD_REFUSED = 'Choose card, pay at pickup, on account or invoice';
export const STAFF_STRIPE_PAYMENT_REFUSED = 'Online card payments are recorded by Stripe, not by hand';

/** Dollars with at most two decimals: 12.5 and 12.50 are whole cents, 12.505 is not. */
export const amountField = z
  .number({ error: 'Enter an amount' })
  .refine((v) => Number.isFinite(v), 'Enter an amount')
  .refine((v) => v > 0, 'The amount must be more than zero')
  .refine((v) => v <= AMOUNT_MAX, `The amount must be at most $${AMOUNT_MAX.toLocaleString('en-US')}`)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'The amount must be in whole cents');

export const referenceField = z
  .string()
  .trim()
  .max(REFERENCE_MAX, `The reference must be at most ${REFERENCE_MAX} characters`)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const recordPaymentSchema = z.object({
  amount: amountField,
  method: z.enum(LEDGER_METHODS, { error: 'Choose how it was paid' }).refine((m) => m !== 'stripe', {
    message: STAFF_STRIPE_PAYMENT_REFUSED,
  }),
  reference: referenceField,
  /** More than the balance is refused unless staff confirm it (a customer paying ahead, a rounded cheque). */
  confirm_overpayment: z.boolean().optional().default(false),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

export const MONEY_REASON_MAX = 500;
const reasonField = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(1, 'Give a reason')
  .max(MONEY_REASON_MAX, `The reason must be at most ${MONEY_REASON_MAX} characters`);

export const recordRefundSchema = z.object({
  amount: amountField,
  /** stripe: refunded through Stripe's refund API against the order's online payment; the rest are recorded. */
  method: z.enum(LEDGER_METHODS, { error: 'Choose how it was refunded' }),
  reference: referenceField,
  /** Why the money goes back (goodwill, returned goods, cancelled): on the ledger, the timeline and the customer's mail. */
  reason: reasonField
    .optional()
    .nullable()
    .transform((v) => v ?? null),
});
export type RecordRefundInput = z.infer<typeof recordRefundSchema>;

/** POST /orders/admin/:id/credits: staff lower what an order owes without moving money (a discount after the fact). */
export const recordCreditSchema = z.object({
  amount: amountField,
  reason: reasonField,
});
export type RecordCreditInput = z.infer<typeof recordCreditSchema>;

// Answers. Money in dollars.
export const ledgerEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(LEDGER_KINDS),
  method: z.enum(LEDGER_METHODS),
  amount: z.number(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  /** Staff answers only: who recorded it (null: Stripe). The key is absent from customer answers. */
  recorded_by: z.object({ id: z.number(), email: z.string() }).nullable().optional(),
  created_at: z.string(),
});

/** The account of an order (accounts/account.ts): every screen, mail and export shows these figures, never its own. */
export const paymentStateSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  /** What the order owes: its total after allowance less credits; 0 for a cancelled or denied order. */
  amount_due: z.number(),
  /** Held: payments less refunds. */
  amount_paid: z.number(),
  /** Credits staff gave (lowering amount_due), in dollars. */
  credited: z.number(),
  /** max(0, amount_due - amount_paid): never negative. */
  balance: z.number(),
  /** More is held than owed: staff should give the difference back. */
  refund_due: z.boolean(),
  /** How much is held above what is owed (0 unless refund_due). */
  refund_due_amount: z.number(),
  /** The staff and the customer words for the status. */
  status_label: z.string(),
  customer_label: z.string(),
  /**
   * Who pays for the order, for the approver (and anyone reading the whole cost): the order's full total before
   * the allowance, the allowance used, what goes on the department's account and what the member pays.
   */
  split: z.object({
    order_total: z.number(),
    allowance: z.number(),
    department_account: z.number(),
    member_pays: z.number(),
  }),
  /** Each credit as an adjustment of kind credit (negative), between the order's total and amount_due. */
  adjustments: z.array(adjustmentSchema),
  entries: z.array(ledgerEntrySchema),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** Which payment methods apply at checkout, per fulfillment, the default first. */
export const paymentOptionsSchema = z.object({
  pickup: z.array(z.enum(PAYMENT_METHODS)),
  shipping: z.array(z.enum(PAYMENT_METHODS)),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const payAnswer = z.object({ success: z.literal(true), url: z.string() });
export const webhookAnswer = z.object({
  success: z.literal(true),
  received: z.literal(true),
  /** What the event did: recorded, already_recorded, duplicate (a replay), ignored, unknown_session, not_paid, unknown_payment (a refund of a payment the shop never recorded). */
  outcome: z.string(),
});

/** The printable invoice of one order (GET /invoices/:token, a signed link, no login). */
export const invoiceSchema = z.object({
  /** The shop's identity from settings; `name` is its trading name, as older clients read it. */
  shop: shopIdentitySchema.extend({ name: z.string() }),
  invoice_number: z.string(),
  issued_at: z.string(),
  order_status: z.string(),
  customer: z.object({
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  department_name: z.string().nullable(),
  po_number: z.string().nullable(),
  fulfillment: z.enum(['pickup', 'shipping']),
  items: z.array(
    z.object({
      product_name: z.string(),
      size: z.string(),
      quantity: z.number(),
      unit_base_price: z.number(),
      unit_customization_price: z.number(),
      total_price: z.number(),
      customizations: z.array(z.string()),
    }),
  ),
  subtotal: z.number(),
  adjustments: z.array(z.object({ kind: z.string(), label: z.string(), amount: z.number() })),
  total: z.number(),
  payment: paymentStateSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;
/** `language`: the customer's, which the page opens in (docs/product.md#languages). */
export const invoiceAnswer = z.object({
  success: z.literal(true),
  invoice: invoiceSchema,
  language: linkLanguageSchema,
});
export const invoiceLinkAnswer = z.object({ success: z.literal(true), url: z.string() });
export const invoiceParams = z.object({ token: z.string().max(200) });

/** A payment received for several orders, as it shows once on a statement: who, how, and its split. */
export const allocationSummarySchema = z.object({
  id: z.number(),
  received_on: z.string(),
  method: z.enum(LEDGER_METHODS),
  reference: z.string().nullable(),
  amount: z.number(),
  shares: z.array(z.object({ order_id: z.number(), order_number: z.string(), amount: z.number() })),
});
export type AllocationSummary = z.infer<typeof allocationSummarySchema>;

/** A department's statement: its on-account orders with money still owed (GET /payments/admin/statements/:id). */
export const statementSchema = z.object({
  department: z.object({ id: z.number(), name: z.string() }),
  issued_at: z.string(),
  orders: z.array(
    z.object({
      id: z.number(),
      order_number: z.string(),
      created_at: z.string(),
      po_number: z.string().nullable(),
      status: z.string(),
      total: z.number(),
      /** What the order owes (its total less credits). */
      owed: z.number(),
      paid: z.number(),
      balance: z.number(),
    }),
  ),
  outstanding: z.number(),
  /** Payments for several orders received in the last STATEMENT_PAYMENTS_DAYS days, each once with its split. */
  payments_received: z.array(allocationSummarySchema),
});
export type Statement = z.infer<typeof statementSchema>;
export const STATEMENT_PAYMENTS_DAYS = 90;
export const statementAnswer = z.object({ success: z.literal(true), statement: statementSchema });
/** Every department with what it owes on account, for choosing a statement. */
export const statementDepartmentsAnswer = z.object({
  success: z.literal(true),
  departments: z.array(
    z.object({ id: z.number(), name: z.string(), order_count: z.number(), outstanding: z.number() }),
  ),
});

/** The staff question before shipping or completing an order that still owes money (409 UNPAID_BALANCE otherwise). */
export const unpaidQuestion = (orderNumber: string, balance: number, to: 'shipped' | 'completed') =>
  `${orderNumber} owes ${formatUsd(balance)}. ${to === 'shipped' ? 'Ship' : 'Complete'} anyway?`;

/** An order that would ship or complete with a balance: not on the department's account, and money still owed. */
export const owesBeforeShipping = (p: { method: PaymentMethod; balance: number }) =>
  p.method !== 'account' && p.balance > 0;

/** What the counter does when the order leaves: the work order and the staff pickup view say it in these words. */
export function collectText(p: { method: PaymentMethod; balance: number }): string {
  if (p.method === 'account') return "On the department's account: nothing to collect";
  if (p.balance > 0) return `Collect ${formatUsd(p.balance)}`;
  return 'Paid: nothing to collect';
}
