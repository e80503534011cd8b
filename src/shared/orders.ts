import { z } from 'zod';
import { customizationsSchema, POSITIONS, quantitySchema } from './cart';
import { DEFAULT_STATE } from './constants';
import { adjustmentSchema } from './pricing';
import { logoOnSheetSchema } from './logos';
import { searchTextField, zipField, coercedRowId, rowIdNumber } from './fields';
import { carrierField, trackingFormatProblem, trackingNumberField } from './tracking';
import {
  PAYMENT_METHOD_REFUSED,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  paymentOptionsSchema,
  paymentStateSchema,
} from './payments';
import { DUE_FILTERS } from './due-date-rules';
import { linkLanguageSchema } from './language-schema';
import { shopDayField, shopDayRange, shopDaySchema } from './shop-days';

// Orders and department approval (docs/product.md#orders-and-their-states): statuses, the state machine as data, and the request/answer contract.
export const ORDER_STATUSES = [
  'awaiting_approval',
  'pending',
  'in_production',
  'ready_for_pickup',
  'shipped',
  'completed',
  'denied',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type Fulfillment = 'pickup' | 'shipping';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  pending: 'Pending',
  in_production: 'In production',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  completed: 'Completed',
  denied: 'Denied',
  cancelled: 'Cancelled',
};

/**
 * What staff may do from each status (PUT /orders/:id/status). Approvers decide through their links; staff decide
 * an order awaiting approval when nobody else can (the only approver placed it) or to record a decision the
 * department gave them by phone or in person.
 */
export const STAFF_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_approval: ['pending', 'denied', 'cancelled'],
  pending: ['in_production', 'denied', 'cancelled'],
  // Customers call mid-production: staff may still step it back to pending or cancel it, each with a reason.
  in_production: ['ready_for_pickup', 'shipped', 'pending', 'cancelled'],
  ready_for_pickup: ['completed'],
  shipped: ['completed'],
  completed: [],
  denied: [],
  cancelled: [],
};

/** A pickup order is never shipped and a shipped order never waits at the counter. */
const FULFILLMENT_ONLY: Partial<Record<OrderStatus, Fulfillment>> = { ready_for_pickup: 'pickup', shipped: 'shipping' };

export function nextStatuses(status: OrderStatus, fulfillment: Fulfillment): OrderStatus[] {
  return STAFF_TRANSITIONS[status].filter((to) => (FULFILLMENT_ONLY[to] ?? fulfillment) === fulfillment);
}

export const REASON_REQUIRED = {
  stepBack: 'A reason is required to move an order back a step',
  cancelInProduction: 'A reason is required to cancel an order in production',
  editInProduction: 'A reason is required to change an order in production',
} as const;

/** The order is being made: moving it back or cancelling it needs a reason the customer reads (null: none needed). */
export function reasonRequiredFor(from: OrderStatus, to: OrderStatus): string | null {
  if (from !== 'in_production') return null;
  if (to === 'pending') return REASON_REQUIRED.stepBack;
  if (to === 'cancelled') return REASON_REQUIRED.cancelInProduction;
  return null;
}

/** A staff move backwards along the state machine (the order is being made and must change first). */
export const isStepBack = (from: OrderStatus, to: OrderStatus) => from === 'in_production' && to === 'pending';

/**
 * What the customers of a bulk move to `to` are e-mailed, in the words the dialog shows; `from` are the statuses the
 * moving orders are in now. Exactly the mails the server sends (order-statuses.ts, mailsCustomer), no more.
 */
export function customerMailNote(to: OrderStatus, from: readonly OrderStatus[]): string {
  const back = from.includes('in_production');
  switch (to) {
    case 'pending':
      return back && from.every((s) => s === 'in_production')
        ? 'Each customer is e-mailed that production of their order was paused so it can be changed, with your reason.'
        : 'Each customer is e-mailed that their order was approved and is in the queue' +
            (back ? '; an order moved back from production gets a mail saying it was paused, with your reason.' : '.');
    case 'ready_for_pickup':
      return 'Each customer is e-mailed that their order is ready for pickup, with the shop address, hours and anything left to pay.';
    case 'shipped':
      return 'Each customer is e-mailed that their order has shipped, with its tracking number.';
    case 'denied':
      return 'Each customer is e-mailed that their order was denied, with your reason and comments.';
    case 'cancelled':
      return 'Each customer is e-mailed that their order was cancelled, with your reason and comments and what happens to money paid.';
    default:
      return `No e-mail goes to customers when orders move to ${STATUS_LABELS[to].toLowerCase()}; your comments show in each order's timeline.`;
  }
}

/** The approver decides only while approval is awaited. */
export const APPROVER_DECISIONS = { approve: 'pending', deny: 'denied' } as const satisfies Record<string, OrderStatus>;

export const PO_NUMBER_MAX = 50;
export const NOTES_MAX = 1000;
export const REASON_MAX = 1000;
export const INTERNAL_NOTE_MAX = 2000;
export const CARRIER_MAX = 50;
export const TRACKING_NUMBER_MAX = 100;

/** An optional text field: trimmed, at most `max`, and empty means none (null). */
export const optionalTrimmed = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const shippingAddressSchema = z.object({
  address_line1: z
    .string({ error: 'Address is required' })
    .trim()
    .min(1, 'Address is required')
    .max(200, 'Address is too long'),
  address_line2: optionalTrimmed(200, 'Address is too long'),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(100, 'City is too long'),
  state: z.literal(DEFAULT_STATE, { error: 'We ship within Arizona only (state AZ)' }),
  zip_code: zipField,
});

export const checkoutSchema = z
  .object({
    fulfillment: z.enum(['pickup', 'shipping'], { error: 'Choose pickup or shipping' }),
    shipping_address: shippingAddressSchema.optional().nullable(),
    po_number: optionalTrimmed(PO_NUMBER_MAX, `PO number must be at most ${PO_NUMBER_MAX} characters`),
    notes: optionalTrimmed(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`),
    /** Absent: the first method GET /orders/checkout-info lists for this fulfillment. */
    payment_method: z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_REFUSED }).optional().nullable(),
    /**
     * The allowance the quote the customer saw applied (dollars). Never used to price: when the balance has
     * changed since (another order was placed), the order is refused with 409 so the customer sees the new quote.
     */
    expected_allowance: z.number({ error: 'expected_allowance must be a number' }).optional().nullable(),
    /** "Need it by": a shop day no earlier than today plus the lead time (checked at placement); absent: that day. */
    due_date: z.preprocess((v) => (v === '' ? null : v), shopDaySchema.optional().nullable()),
  })
  .superRefine((v, ctx) => {
    if (v.fulfillment === 'shipping' && !v.shipping_address) {
      ctx.addIssue({
        code: 'custom',
        path: ['shipping_address'],
        message: 'A shipping address is required for shipping',
      });
    }
  })
  .transform((v) => ({ ...v, shipping_address: v.fulfillment === 'shipping' ? (v.shipping_address ?? null) : null }));
export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const statusUpdateSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }),
    denial_reason: optionalTrimmed(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
    /** Shown to the customer (timeline and e-mail). */
    comments: optionalTrimmed(REASON_MAX, `Comments must be at most ${REASON_MAX} characters`),
    /** Staff only: never in a customer answer, page or e-mail. */
    internal_note: optionalTrimmed(
      INTERNAL_NOTE_MAX,
      `The internal note must be at most ${INTERNAL_NOTE_MAX} characters`,
    ),
    carrier: carrierField(CARRIER_MAX),
    tracking_number: trackingNumberField(TRACKING_NUMBER_MAX),
    /** Ship or complete an order that still owes money (otherwise 409 UNPAID_BALANCE); the timeline records it. */
    allow_unpaid: z.boolean().optional().default(false),
    /** Ship with a tracking number another order already has (otherwise 409 TRACKING_IN_USE naming that order). */
    allow_tracking_reuse: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'denied' && !v.denial_reason) {
      ctx.addIssue({ code: 'custom', path: ['denial_reason'], message: 'A denial reason is required' });
    }
    if (v.status === 'shipped' && !v.tracking_number) {
      ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: 'Enter the tracking number' });
    }
    const format = v.status === 'shipped' ? trackingFormatProblem(v.carrier, v.tracking_number) : null;
    if (format) ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: format });
  });
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

export const orderItemInputSchema = z.object({
  product_id: rowIdNumber('Choose a product'),
  size: z.string({ error: 'Choose a size' }).trim().min(1, 'Choose a size').max(10, 'Choose a size'),
  quantity: quantitySchema,
  customizations: customizationsSchema,
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;
export const modifyOrderSchema = z.object({
  items: z.array(orderItemInputSchema).min(1, 'An order needs at least one item').max(100, 'Too many items').optional(),
});
export type ModifyOrderInput = z.infer<typeof modifyOrderSchema>;

/** The order's `updated_at` as the approval page showed it: a decision applies to the version the approver saw. */
const seenVersion = z.string().max(40).optional();
export const REMOVED_LINE_REASON = 'Say why this line is removed';
export const EVERY_LINE_REMOVED = 'At least one line must stay: to refuse every line, deny the order instead';
/** A line the approver takes off the order while approving the rest, and why (the customer reads it). */
export const removedLineSchema = z.object({
  line_id: rowIdNumber('Choose a line of this order'),
  reason: z
    .string({ error: REMOVED_LINE_REASON })
    .trim()
    .min(1, REMOVED_LINE_REASON)
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});
export type RemovedLine = z.infer<typeof removedLineSchema>;
export const approveSchema = z.object({
  comments: optionalTrimmed(REASON_MAX, `Comments must be at most ${REASON_MAX} characters`),
  order_updated_at: seenVersion,
  /** Approve the rest of the order without these lines (docs/product.md#approving-line-by-line). */
  removed_lines: z
    .array(removedLineSchema)
    .max(100, 'Too many lines')
    .refine((ls) => new Set(ls.map((l) => l.line_id)).size === ls.length, 'A line is named twice')
    .optional(),
});
export const denySchema = z.object({
  denial_reason: z
    .string({ error: 'A denial reason is required' })
    .trim()
    .min(1, 'A denial reason is required')
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
  comments: optionalTrimmed(REASON_MAX, `Comments must be at most ${REASON_MAX} characters`),
  order_updated_at: seenVersion,
});

// Answers. Money in dollars (docs/architecture.md#the-api).
export const orderCustomizationSchema = z.object({
  /** add_name, us_flag, az_flag or the key of a kind an admin added. */
  type: z.string(),
  /** The kind's label as the line kept it. */
  label: z.string(),
  position: z.enum(POSITIONS),
  text: z.string().nullable(),
  cost: z.number(),
  /** A logo's artwork, its preview and the stitch count priced (`estimated`: before any proof was sent). */
  artwork_id: z.number().optional(),
  preview_url: z.string().optional(),
  stitches: z.number().optional(),
  estimated: z.boolean().optional(),
  /** Staff answers: the logo's proof as the floor sews it (stitches and thread colours). */
  logo: logoOnSheetSchema.optional(),
});
export const orderItemSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  product_slug: z.string(),
  product_image_base: z.string(),
  product_is_multi_image: z.boolean(),
  size: z.string(),
  quantity: z.number(),
  unit_base_price: z.number(),
  unit_customization_price: z.number(),
  total_price: z.number(),
  customizations: z.array(orderCustomizationSchema),
});
export const orderEventSchema = z.object({
  id: z.number(),
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES),
  actor_type: z.enum(['customer', 'staff', 'approver', 'system']),
  actor_email: z.string().nullable(),
  reason: z.string().nullable(),
  comments: z.string().nullable(),
  /** status: a move; note: a staff note alone (never in customer answers); edit: staff changed the lines; payment: money in or out. */
  kind: z.enum(['status', 'note', 'edit', 'payment']),
  /** What a staff edit changed, in words. */
  details: z.string().nullable(),
  /** Present only in staff answers. */
  internal_note: z.string().nullable().optional(),
  created_at: z.string(),
});
export const customerSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
});
export const orderSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  items: z.array(orderItemSchema),
  item_count: z.number(),
  subtotal: z.number(),
  tax_rate: z.number(),
  tax_amount: z.number(),
  tax_exempt_reason: z.string().nullable(),
  shipping_cost: z.number(),
  /** The quote's named adjustments (tax, exemption, shipping), frozen when the order was placed. */
  adjustments: z.array(adjustmentSchema),
  total: z.number(),
  fulfillment: z.enum(['pickup', 'shipping']),
  shipping_address: z
    .object({
      address_line1: z.string(),
      address_line2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zip_code: z.string(),
    })
    .nullable(),
  po_number: z.string().nullable(),
  notes: z.string().nullable(),
  /** The shop day the order is promised for, "2026-12-02" (docs/product.md#due-dates). */
  due_date: z.string(),
  requires_approval: z.boolean(),
  department_name: z.string().nullable(),
  denial_reason: z.string().nullable(),
  modified_from_order_id: z.number().nullable(),
  modified_from_order_number: z.string().nullable(),
  replaced_by_order_id: z.number().nullable(),
  replaced_by_order_number: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The carrier's public tracking page (UPS, USPS, FedEx); null for another carrier. */
  tracking_url: z.string().nullable(),
  events: z.array(orderEventSchema),
  payment: paymentStateSchema,
  customer: customerSchema.optional(),
  /** Staff answers: why it cannot go into production yet (a logo waiting for the customer's proof approval), or null. */
  proof_pending: z.string().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** A row of the staff order list: what the table shows; the whole order comes from GET /orders/admin/:id. */
export const orderSummarySchema = orderSchema
  .pick({
    id: true,
    order_number: true,
    status: true,
    created_at: true,
    updated_at: true,
    item_count: true,
    total: true,
    fulfillment: true,
    requires_approval: true,
    department_name: true,
    po_number: true,
    due_date: true,
  })
  .extend({
    customer: customerSchema,
    payment_status: z.enum(PAYMENT_STATUSES),
    payment_method: z.enum(PAYMENT_METHODS),
    balance: z.number(),
  });
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type OrderItem = z.infer<typeof orderItemSchema>;
export type OrderCustomer = z.infer<typeof customerSchema>;

/** Orders per status plus `all`; pending feeds the admin badges. */
export const statusCountsSchema = z.record(z.string(), z.number());
export type StatusCounts = Record<OrderStatus | 'all', number>;

export const ADMIN_SORTS = ['newest', 'oldest'] as const;
/** The list also sorts by due date, soonest first; the CSV export pages by placement time and keeps newest/oldest. */
export const ADMIN_LIST_SORTS = [...ADMIN_SORTS, 'due'] as const;
/** owed_past_terms: unpaid, leaving out orders on a department's account still within its terms (a setting). */
export const ADMIN_PAYMENT_FILTERS = ['unpaid', 'refund_due', 'owed_past_terms'] as const;
/** Ready for pickup this many days or more and not collected: the Today page's reminder. */
export const UNCOLLECTED_DAYS = 7;
/** Shorter search text finds nothing (every order holds a one-letter match). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN_CHARS} characters`;

/** An empty query value (a cleared filter in a form) means no filter. */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The staff list's filters, shared by the list (GET /orders/admin/all) and its CSV export. */
const adminFilterFields = {
  status: blankAsAbsent(z.enum(ORDER_STATUSES, { error: 'Unknown order status' })),
  fulfillment: blankAsAbsent(z.enum(['pickup', 'shipping'], { error: 'Choose pickup or shipping' })),
  department_id: blankAsAbsent(coercedRowId('Choose a department')),
  /** Shop days (America/Phoenix), both inclusive. */
  from: shopDayField,
  to: shopDayField,
  sort: blankAsAbsent(z.enum(ADMIN_SORTS, { error: 'Sort by newest or oldest' })).transform((v) => v ?? 'newest'),
  search: searchTextField(200),
  /** unpaid: money still owed (unpaid or partially paid) on an order that is not cancelled or denied; refund_due: more held than owed. */
  payment: blankAsAbsent(z.enum(ADMIN_PAYMENT_FILTERS, { error: 'Filter payments by unpaid or refund due' })),
  /** overdue, due today, due from today to Sunday, each only while the order is open (docs/product.md#due-dates). */
  due: blankAsAbsent(z.enum(DUE_FILTERS, { error: 'Filter due dates by overdue, today or week' })),
  /** delivered: shipped or completed. */
  stage: blankAsAbsent(z.enum(['delivered'], { error: 'Filter the stage by delivered' })),
  /** uncollected: ready for pickup for UNCOLLECTED_DAYS days or more. */
  pickup: blankAsAbsent(z.enum(['uncollected'], { error: 'Filter pickups by uncollected' })),
};

export const adminListQuerySchema = z
  .object({
    ...adminFilterFields,
    sort: blankAsAbsent(z.enum(ADMIN_LIST_SORTS, { error: 'Sort by newest, oldest or due date' })).transform(
      (v) => v ?? 'newest',
    ),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .superRefine(shopDayRange());
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const adminExportQuerySchema = z.object(adminFilterFields).superRefine(shopDayRange());
export type AdminFilters = z.infer<typeof adminExportQuerySchema>;

export const TOKEN_STATES = ['open', 'used', 'expired', 'decided'] as const;
export type TokenState = (typeof TOKEN_STATES)[number];
export const approvalViewSchema = z.object({
  state: z.enum(TOKEN_STATES),
  approver_email: z.string(),
  expires_at: z.string(),
  /** What happened to the order once it left awaiting approval (by this or another approver, or staff). */
  decision: z
    .object({
      status: z.enum(ORDER_STATUSES),
      by: z.string().nullable(),
      at: z.string(),
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type ApprovalView = z.infer<typeof approvalViewSchema>;

export const checkoutInfoSchema = z.object({
  department: z.object({ name: z.string(), requires_approval: z.boolean(), tax_exempt: z.boolean() }).nullable(),
  /** The payment methods open to this customer for each fulfillment, the default first. */
  payment_methods: paymentOptionsSchema,
});

export const orderAnswer = z.object({ success: z.literal(true), order: orderSchema });
export const ordersAnswer = z.object({ success: z.literal(true), orders: z.array(orderSchema) });
export const adminOrdersAnswer = z.object({
  success: z.literal(true),
  orders: z.array(orderSummarySchema),
  total: z.number(),
  counts: statusCountsSchema,
});
export const checkoutInfoAnswer = checkoutInfoSchema.extend({ success: z.literal(true) });
/** `language`: the approver's account's, which the page opens in; null when they have none (docs/product.md#languages). */
export const approvalAnswer = z.object({
  success: z.literal(true),
  approval: approvalViewSchema,
  order: orderSchema,
  language: linkLanguageSchema,
});
