import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { BUSINESS } from '../../shared/business';
import { ORDER_STATUSES } from '../../shared/orders';
import { LEDGER_KINDS, LEDGER_METHODS, PAYMENT_METHODS } from '../../shared/payments';
import type { MailAttachment } from '../../shared/contact';
import type { AdjustmentKind } from '../../shared/pricing';
import type { KitItemInput } from '../../shared/kits';
import type { PriceRule, StoredDecoration } from '../../shared/decorations';
import type { DecorationKey, Position } from '../../shared/cart-basics';
import type { Language } from '../../shared/languages';
import type { QuantityBreak } from '../../shared/quantity-breaks';
import type { LogoPrices } from '../../shared/logos';
import { ARTWORK_EVENT_KINDS, ARTWORK_FORMATS, ARTWORK_STATUSES, DECIDED_VIA } from '../../shared/artwork';

// The whole data model of docs/product.md#orders-and-their-states. Money is integer cents; rates are parts per million.
const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const roleEnum = pgEnum('role', ['admin', 'employee', 'other']);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const fulfillmentEnum = pgEnum('fulfillment', ['pickup', 'shipping']);
export const messageStatusEnum = pgEnum('message_status', ['pending', 'read', 'replied']);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const outboxStatusEnum = pgEnum('outbox_status', ['pending', 'sending', 'sent', 'failed']);

export const departments = pgTable('departments', {
  id: id(),
  name: text().notNull(),
  domains: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  memberEmails: text('member_emails')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  approverEmails: text('approver_emails')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  requiresApproval: boolean('requires_approval').notNull().default(true),
  taxExempt: boolean('tax_exempt').notNull().default(false),
  /** Each member's allowance per yearly period, in cents; null = no allowance (docs/product.md#allowances). */
  allowanceCents: integer('allowance_cents'),
  /** The day each allowance period starts, 'MM-DD' in the shop's time zone. */
  allowancePeriodStart: text('allowance_period_start').notNull().default('01-01'),
  /** An order over the member's balance waits for approval even when the department otherwise needs none. */
  approvalOverAllowance: boolean('approval_over_allowance').notNull().default(false),
  /** Opt-in: the approvers get a monthly statement e-mail of the department's orders. */
  monthlyStatement: boolean('monthly_statement').notNull().default(false),
  /** The product ids (garment + colour) members may buy; null = the whole catalogue (docs/product.md#department-catalogues). */
  productIds: integer('product_ids').array(),
  /** The products marked as required items of the department's uniform, a subset of productIds. */
  requiredProductIds: integer('required_product_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    role: roleEnum().notNull().default('other'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text(),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text(),
    state: text().notNull().default('AZ'),
    zipCode: text('zip_code'),
    needsProfileCompletion: boolean('needs_profile_completion').notNull().default(true),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** The language the customer reads the shop and its mails in (docs/product.md#languages). */
    language: text().$type<Language>().notNull().default('en'),
    lastLoginAt: tstz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_role_idx').on(t.role),
    check('users_language_known', sql`${t.language} in ('en', 'es')`),
  ],
);

/** One live code per address: a resend replaces the hash and counts towards the resend schedule. */
export const loginCodes = pgTable('login_codes', {
  email: text().primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  wrongTries: integer('wrong_tries').notNull().default(0),
  consumedAt: tstz('consumed_at'),
  resendCount: integer('resend_count').notNull().default(0),
  lastSentAt: tstz('last_sent_at').notNull().defaultNow(),
  windowStartedAt: tstz('window_started_at').notNull().defaultNow(),
});

/** Fixed-window counters shared by every server instance (per-IP and per-account limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull().default(0),
  windowStartedAt: tstz('window_started_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    accessHash: text('access_hash').notNull(),
    accessExpiresAt: tstz('access_expires_at').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    refreshExpiresAt: tstz('refresh_expires_at').notNull(),
    rotatedAt: tstz('rotated_at'),
    revokedAt: tstz('revoked_at'),
    userAgent: text('user_agent'),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_access_uq').on(t.accessHash),
    uniqueIndex('sessions_refresh_uq').on(t.refreshHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const allowedEmails = pgTable(
  'allowed_emails',
  { id: id(), pattern: text().notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('allowed_emails_pattern_uq').on(t.pattern)],
);

export const settings = pgTable('settings', {
  id: integer().primaryKey().default(1),
  taxRatePpm: integer('tax_rate_ppm').notNull(),
  shippingCostCents: integer('shipping_cost_cents').notNull(),
  // Each decoration kind has its own price; the defaults are the single price they replaced.
  nameCostCents: integer('name_cost_cents').notNull().default(600),
  usFlagCostCents: integer('us_flag_cost_cents').notNull().default(600),
  azFlagCostCents: integer('az_flag_cost_cents').notNull().default(600),
  signinPolicy: text('signin_policy', { enum: ['open', 'allowed_list'] })
    .notNull()
    .default('open'),
  notifyStaffOnContact: boolean('notify_staff_on_contact').notNull().default(true),
  /** Where new-order notices go (overrides SHOP_NOTIFY_EMAIL); null: the environment's address, or none. */
  shopNotifyEmail: text('shop_notify_email'),
  /** Working days (Monday to Friday) from today to the earliest due date a customer may ask for. */
  leadTimeDays: integer('lead_time_days').notNull().default(5),
  /** Days a department has to pay an order on its account before it counts as money owed on Today. */
  accountTermsDays: integer('account_terms_days').notNull().default(30),
  /** The shop-wide quantity price breaks (docs/product.md#quantity-price-breaks), used where a garment has none. */
  quantityBreaks: jsonb('quantity_breaks')
    .$type<QuantityBreak[]>()
    .notNull()
    .default(
      sql`'[{"minQuantity":12,"percentOff":5},{"minQuantity":24,"percentOff":10},{"minQuantity":48,"percentOff":15}]'::jsonb`,
    ),
  // The shop's identity, printed on invoices, statements, packing slips and every mail (the seed's values are the
  // shop's own, so nothing prints a placeholder). An empty tax id or logo is left off the page, not printed blank.
  tradingName: text('trading_name').notNull().default(BUSINESS.name),
  legalName: text('legal_name').notNull().default(BUSINESS.legalName),
  street: text().notNull().default(BUSINESS.address.street),
  city: text().notNull().default(BUSINESS.address.city),
  region: text().notNull().default(BUSINESS.address.region),
  postalCode: text('postal_code').notNull().default(BUSINESS.address.postalCode),
  phone: text().notNull().default(BUSINESS.phoneDisplay),
  email: text().notNull().default(BUSINESS.email),
  taxId: text('tax_id'),
  /** A small PNG, JPEG or WebP as a data: URL (the settings schema caps its size). */
  logo: text(),
  /** Customers' logos on garments (docs/product.md#logos-on-garments): the stitch table, the estimate and the fee. */
  logoPrices: jsonb('logo_prices')
    .$type<LogoPrices>()
    .notNull()
    .default(
      sql`'{"bands":[{"upTo":5000,"cents":450},{"upTo":8000,"cents":600},{"upTo":12000,"cents":800}],"extraPerThousandCents":60,"estimateStitches":8000,"digitisingFeeCents":3500}'::jsonb`,
    ),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export type ProductSize = { label: string; upcharge_cents: number };
/** A customisation a garment takes, and on which sides (a cap takes a name but no sleeve patches). */
export type AllowedCustomization = {
  /** A decoration_kinds key: add_name, us_flag, az_flag or a kind an admin added. */
  type: DecorationKey;
  /** decoration_positions keys: left_side/right_side (chest or sleeve), front (a cap), left_leg/right_leg (pants)... */
  sides: Position[];
};
const ALL_CUSTOMIZATIONS: AllowedCustomization[] = (['add_name', 'us_flag', 'az_flag'] as const).map((type) => ({
  type,
  sides: ['left_side', 'right_side'],
}));

export const products = pgTable(
  'products',
  {
    id: id(),
    baseName: text('base_name').notNull(),
    color: text().notNull(),
    colorHex: text('color_hex').notNull(),
    slug: text().notNull(),
    category: text().notNull(),
    description: text().notNull().default(''),
    basePriceCents: integer('base_price_cents').notNull(),
    isMultiImage: boolean('is_multi_image').notNull().default(false),
    imageBase: text('image_base').notNull(),
    sizes: jsonb().$type<ProductSize[]>().notNull(),
    customizations: jsonb().$type<AllowedCustomization[]>().notNull().default(ALL_CUSTOMIZATIONS),
    /** Inches per size per measurement; null until staff enter one. */
    sizeChart: jsonb('size_chart').$type<StoredSizeChart>(),
    /** The garment's own quantity price breaks (the same on all its colours); null: the shop's default. */
    quantityBreaks: jsonb('quantity_breaks').$type<QuantityBreak[]>(),
    active: boolean().notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('products_slug_uq').on(t.slug), index('products_category_idx').on(t.category)],
);

/** Normalised customisation as stored on cart and order lines. */
export type StoredSizeChart = { measures: string[]; rows: { size: string; inches: number[] }[] };

/** A logo (type `logo`) names the customer's artwork (docs/product.md#logos-on-garments). */
export type StoredCustomization = { type: DecorationKey; position: Position; text: string | null; artwork_id?: number };

export const carts = pgTable('carts', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    id: id(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    size: text().notNull(),
    quantity: integer().notNull(),
    customizations: jsonb().$type<StoredCustomization[]>().notNull(),
    /** product, size and the sorted customisations: equal keys merge into one line. */
    mergeKey: text('merge_key').notNull(),
    /** Unit price (base + size upcharge + customisations) when the line was added: the cart says when it changed. */
    unitCentsAtAdd: integer('unit_cents_at_add'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_lines_merge_uq').on(t.cartId, t.mergeKey)],
);

export type ShippingAddress = {
  address_line1: string;
  address_line2: string | null;
  city: string;
  state: string;
  zip_code: string;
};

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * Who placed it: the customer at checkout, the staff member for a phone or walk-in order. Neither ever decides its
     * approval (security round 4, finding 1); rows from before the column are the customer's (migration 0028).
     */
    placedBy: integer('placed_by')
      .notNull()
      .references(() => users.id),
    status: orderStatusEnum().notNull(),
    fulfillment: fulfillmentEnum().notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress | null>(),
    poNumber: text('po_number'),
    notes: text(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    taxRatePpm: integer('tax_rate_ppm').notNull(),
    taxExemptReason: text('tax_exempt_reason'),
    /** The quote's named adjustments (tax, exemption, shipping), frozen at placement, amounts in cents. */
    adjustments: jsonb()
      // artworkId: the artwork a digitising fee was for, so it is charged once (docs/product.md#logos-on-garments).
      .$type<{ kind: AdjustmentKind; label: string; amountCents: number; artworkId?: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    departmentId: integer('department_id').references(() => departments.id),
    denialReason: text('denial_reason'),
    modifiedFromOrderId: integer('modified_from_order_id'),
    replacedByOrderId: integer('replaced_by_order_id'),
    /** The quote this order was placed from; unique, so one quote never makes two orders. */
    quoteId: integer('quote_id').references((): AnyPgColumn => quotes.id),
    /** Set when staff mark a shipping order shipped; shown to the customer with a tracking link. */
    carrier: text(),
    trackingNumber: text('tracking_number'),
    /** How the customer chose to pay at checkout (docs/product.md#how-customers-pay). */
    paymentMethod: paymentMethodEnum('payment_method').notNull().default('pickup'),
    /** The shop day the order is promised for (docs/product.md#due-dates); placement always sets it. */
    dueDate: date('due_date', { mode: 'string' })
      .notNull()
      .default(sql`(now() AT TIME ZONE 'America/Phoenix')::date`),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.orderNumber),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_due_idx').on(t.dueDate, t.id),
    uniqueIndex('orders_quote_uq').on(t.quoteId),
  ],
);

/**
 * Orders per status, kept by a deferred trigger on orders (migration 0001): the staff list shows every count on
 * every request, and counting 100,000 orders each time cost more than the page itself. Each status has
 * ORDER_COUNT_SLOTS rows and a transaction adds to the slot its id picks (migration 0038): with one row, every
 * checkout's commit waited for the previous one to reach the disk. A status's count is the sum of its slots.
 */
export const ORDER_COUNT_SLOTS = 16;
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    status: orderStatusEnum().notNull(),
    slot: smallint().notNull().default(0),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);

/** Customer (inbound) messages per status, kept by a deferred trigger on messages (migration 0002), for the message centre's statistics. */
export const messageStatusCounts = pgTable('message_status_counts', {
  status: messageStatusEnum().primaryKey(),
  n: integer().notNull().default(0),
});

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug').notNull(),
    imageBase: text('image_base').notNull(),
    isMultiImage: boolean('is_multi_image').notNull(),
    size: text().notNull(),
    quantity: integer().notNull(),
    unitBaseCents: integer('unit_base_cents').notNull(),
    unitCustomizationCents: integer('unit_customization_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    customizations: jsonb().$type<StoredCustomization[]>().notNull(),
    /**
     * Each decoration as pricing charged it: kind, its label then, position, text and unit price. Kinds are rows
     * whose prices change and admins add more, so reports and old orders read these, never today's kinds.
     */
    decorations: jsonb().$type<StoredDecoration[]>().notNull().default([]),
    // Superseded by `decorations` (no longer written or read); dropped once every reader has moved.
    unitNameCents: integer('unit_name_cents'),
    unitUsFlagCents: integer('unit_us_flag_cents'),
    unitAzFlagCents: integer('unit_az_flag_cents'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actorType: text('actor_type', { enum: ['customer', 'staff', 'approver', 'system'] }).notNull(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    /** status: a move along the state machine; note: a staff note alone; edit: staff changed the lines (details says what); payment: money in or out. */
    kind: text({ enum: ['status', 'note', 'edit', 'payment'] })
      .notNull()
      .default('status'),
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    reason: text(),
    /** Customer-visible words from staff or the approver. */
    comments: text(),
    /** Staff only: never in a customer answer, page or e-mail. */
    internalNote: text('internal_note'),
    /** What a staff edit changed, in words (customer-visible). */
    details: text(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * One payment for several orders (a department's cheque): the party it came from (a department or a customer, one
 * of the two), how, its reference and amount, and the day it was received. Each order's share is a payments row
 * naming it by allocation_id, so statements show the cheque once with its split.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: id(),
    departmentId: integer('department_id').references(() => departments.id),
    userId: integer('user_id').references(() => users.id),
    method: text({ enum: LEDGER_METHODS }).notNull(),
    reference: text(),
    amountCents: integer('amount_cents').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    recordedBy: integer('recorded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_allocations_department_idx').on(t.departmentId, t.createdAt),
    index('payment_allocations_user_idx').on(t.userId, t.createdAt),
    check('payment_allocations_one_party', sql`(${t.departmentId} is null) <> (${t.userId} is null)`),
    check('payment_allocations_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The payment ledger (owned by src/server/payments): money received (payment), given back (refund) and what staff
 * took off what the order owes (credit, no money moves; method 'other'), positive cents each, never edited.
 * recorded_by is the staff member; null for what Stripe reported. The account is derived: accounts/account.ts.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text({ enum: LEDGER_KINDS }).notNull(),
    method: text({ enum: LEDGER_METHODS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reference: text(),
    /** Why: a refund's or a credit's reason, given by staff. */
    reason: text(),
    recordedBy: integer('recorded_by').references(() => users.id),
    stripeSessionId: text('stripe_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeRefundId: text('stripe_refund_id'),
    /** The payment for several orders this row is one order's share of. */
    allocationId: integer('allocation_id').references(() => paymentAllocations.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.id),
    index('payments_allocation_idx').on(t.allocationId),
    // One payment per Checkout Session, whichever of the webhook or the re-check records it first.
    uniqueIndex('payments_stripe_session_uq')
      .on(t.stripeSessionId)
      .where(sql`${t.kind} = 'payment' and ${t.stripeSessionId} is not null`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The Checkout Sessions the shop created: a webhook for any other session changes nothing. */
export const stripeSessions = pgTable('stripe_sessions', {
  id: text().primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  createdAt: createdAt(),
});

/** Stripe webhook events already handled: a replay finds its id here and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text().notNull(),
  createdAt: createdAt(),
});

/** An Idempotency-Key seen on POST /orders/: the cart it was for and the order it made. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const approvalTokens = pgTable(
  'approval_tokens',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    approverEmail: text('approver_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    decision: text({ enum: ['approved', 'denied'] }),
    /** The first time the link's page was opened (a mail scanner counts too): staff see whether it was. */
    openedAt: tstz('opened_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('approval_tokens_hash_uq').on(t.tokenHash), index('approval_tokens_order_idx').on(t.orderId)],
);

/** One conversation per sender, keyed by the sender's e-mail address. */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    email: text().notNull(),
    name: text().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    archived: boolean().notNull().default(false),
    lastMessageAt: tstz('last_message_at').notNull().defaultNow(),
    /** When the customer last opened it in the shop: staff messages after this are their unread ones. */
    customerSeenAt: tstz('customer_seen_at'),
    /** 128 random bits (base64url) naming the conversation in its reply+<token>@ address; set with the first staff message. */
    replyToken: text('reply_token'),
    /** The staff member looking after it; null = unassigned. */
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** Staff marked it unread again (a reminder): unread until a staff member opens it, whatever its messages' statuses. */
    staffUnread: boolean('staff_unread').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_reply_token_uq').on(t.replyToken),
    // "Assigned to me" reads one staff member's conversations in list order.
    index('conversations_assigned_idx').on(t.assignedTo, t.lastMessageAt.desc(), t.id.desc()),
    // Few conversations are marked unread at a time: the counts and the unread filter read only those.
    index('conversations_staff_unread_idx')
      .on(t.id)
      .where(sql`staff_unread`),
    // A guest's conversation and a signed-in user's are apart even for one address: a guest can never write into,
    // rename or rate-limit a user's conversation by typing their address.
    uniqueIndex('conversations_guest_email_uq')
      .on(t.email)
      .where(sql`user_id is null`),
    uniqueIndex('conversations_user_uq')
      .on(t.userId)
      .where(sql`user_id is not null`),
    index('conversations_last_idx').on(t.archived, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    direction: text({ enum: ['inbound', 'outbound'] }).notNull(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    body: text().notNull(),
    reason: text({ enum: ['general', 'order_question', 'order_problem'] }),
    contactType: text('contact_type', { enum: ['guest', 'user'] }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: text('order_number'),
    /** Inbound messages only; replies are null. */
    status: messageStatusEnum(),
    adminNotes: text('admin_notes'),
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    replyToMessageId: integer('reply_to_message_id'),
    /** How an inbound message arrived: the shop's form or screen, or an e-mailed reply. */
    source: text({ enum: ['web', 'email'] })
      .notNull()
      .default('web'),
    /** E-mailed attachments, listed by name and size; their content is not kept. */
    attachments: jsonb().$type<MailAttachment[]>(),
    readAt: tstz('read_at'),
    repliedAt: tstz('replied_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_status_idx').on(t.status),
    // Unread conversations are counted over the unread messages only, however long the history grows.
    index('messages_pending_idx')
      .on(t.conversationId)
      .where(sql`${t.status} = 'pending' and ${t.direction} = 'inbound'`),
  ],
);

/** Answers staff keep to insert into a reply and edit before sending; admins keep the list. */
export const savedReplies = pgTable('saved_replies', {
  id: id(),
  title: text().notNull(),
  body: text().notNull(),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * Inbound mail that may not join a conversation by itself (docs/security.md#inbound-mail): from an address other than the
 * conversation's, or to a conversation archived for over 90 days. Staff accept it (it becomes a pending message) or discard it.
 */
export const heldMail = pgTable(
  'held_mail',
  {
    id: id(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reason: text({ enum: ['other_address', 'unverified_sender', 'expired'] }).notNull(),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name').notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    attachments: jsonb().$type<MailAttachment[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('held_mail_conversation_idx').on(t.conversationId)],
);

/**
 * Each inbound mail's Message-ID (or, without one, the SHA-256 of the raw message) once per conversation: a replayed
 * webhook body or another SMTP copy of the same mail is dropped, never stored twice (security round 3, finding 4).
 */
export const inboundMailIds = pgTable(
  'inbound_mail_ids',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    mailId: text('mail_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.mailId] })],
);

export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text().notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    kind: text().notNull(),
    /** Where the recipient's answer goes (a conversation's reply+token address) and the Message-ID the mail is sent with. */
    replyTo: text('reply_to'),
    messageId: text('message_id'),
    /** Mails of one key are coalesced: one per window, an unsent one rewritten to the latest (enqueueCoalesced). */
    coalesceKey: text('coalesce_key'),
    status: outboxStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    transport: text(),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
    /** When an admin last resent it: its three days of retries count from here instead of createdAt. */
    requeuedAt: tstz('requeued_at'),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_coalesce_idx')
      .on(t.coalesceKey, t.id.desc())
      .where(sql`${t.coalesceKey} is not null`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Product images (docs/architecture.md#catalogue-images-and-management): every rendered WebP by its URL path, in the database so
 * every instance serves the same files and a backup holds them. Paths are content-addressed and never rewritten.
 */
export const media = pgTable('media', {
  path: text().primaryKey(),
  contentHash: text('content_hash').notNull(),
  size: integer().notNull(),
  bytes: bytea().notNull(),
  createdAt: createdAt(),
});

/** Server-wide secrets kept in the database so every instance on one server shares them. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/** An admin's allowance for one member of a department, in place of the department's amount. */
export const allowanceOverrides = pgTable(
  'allowance_overrides',
  {
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.departmentId, t.userId] }),
    check('allowance_overrides_amount', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * The allowance ledger: each use (positive cents) and each return (negative) is a row, never edited; a member's
 * balance is the period's amount less the period's sum. period_start is the day the period began ('YYYY-MM-DD').
 */
export const allowanceLedger = pgTable(
  'allowance_ledger',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    periodStart: text('period_start').notNull(),
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('allowance_ledger_member_idx').on(t.userId, t.departmentId, t.periodStart),
    index('allowance_ledger_order_idx').on(t.orderId),
  ],
);

/**
 * One row per department and statement month ("2026-10"), written in the same transaction as the approvers'
 * e-mails: the unique key makes the monthly job safe to run on several instances or again after a restart.
 */
export const departmentStatementMails = pgTable(
  'department_statement_mails',
  {
    id: id(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('department_statement_mails_month_uq').on(t.departmentId, t.month)],
);

/**
 * A statement an admin sent by hand ("Send statement now", the month so far): who sent which month when, so a
 * second press warns instead of mailing the approvers twice. Apart from the monthly job's claims, which it must
 * not take: the full month still goes out on the first of the next.
 */
export const departmentStatementSends = pgTable(
  'department_statement_sends',
  {
    id: id(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    recipients: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('department_statement_sends_month_idx').on(t.departmentId, t.month)],
);

/**
 * The scheduled daily backup's claims: the instance whose insert of the day succeeds writes that day's backup, so
 * several instances on one database back it up once (backup/schedule.ts).
 */
export const backupRuns = pgTable('backup_runs', {
  day: text().primaryKey(),
  createdAt: createdAt(),
});

/** Staff notes on a customer (docs/product.md#customer-records): who wrote what when, never shown to the customer. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * Who did what to which record, when and from where: one row per staff or admin write, inserted in the transaction
 * of the change itself (src/server/audit). `changes` holds only the fields that changed, as { field: { before, after } };
 * `input` is what the request asked for. Kept two years (the daily prune).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    ip: text().notNull(),
    requestId: text('request_id').notNull(),
    kind: text().notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    method: text().notNull(),
    route: text().notNull(),
    changes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    input: jsonb().$type<unknown>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_kind_idx').on(t.kind, t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
  ],
);

/** The shop days whose audit prune ran: the instance that inserts the day runs it, the others skip. */
export const auditPruneRuns = pgTable('audit_prune_runs', {
  day: text().primaryKey(),
  createdAt: createdAt(),
});

/**
 * A department's kits (docs/product.md#department-kits): garments its members order together. The items are a small
 * list (at most 12) kept with the kit and checked against the catalogue when saved and again when a member adds it.
 */
export const departmentKits = pgTable(
  'department_kits',
  {
    id: id(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    active: boolean().notNull().default(true),
    items: jsonb().$type<KitItemInput[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('department_kits_department_idx').on(t.departmentId)],
);

/**
 * A customer's request for a price (docs/product.md#quotes): asked from the cart or started by staff, priced by staff
 * (garment unit prices on its lines, a discount and a setup fee here), sent, then accepted (an order, whose quote_id
 * names it) or declined. Expiry is not stored: a sent quote past valid_until reads as expired.
 */
export const quoteStatusEnum = pgEnum('quote_status', ['requested', 'sent', 'accepted', 'declined', 'expired']);

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The customer who asked, or the staff member who started it for them. */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    status: quoteStatusEnum().notNull().default('requested'),
    note: text(),
    needBy: date('need_by', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    discountCents: integer('discount_cents').notNull().default(0),
    setupFeeCents: integer('setup_fee_cents').notNull().default(0),
    /** Staff's words to the customer, sent with the quote. */
    message: text(),
    internalNote: text('internal_note'),
    declineReason: text('decline_reason'),
    sentAt: tstz('sent_at'),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('quotes_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('quotes_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    check('quotes_money_ck', sql`${t.discountCents} >= 0 and ${t.setupFeeCents} >= 0`),
  ],
);

/** A quote's line: what a cart line holds, with the garment's unit price the quote stands by (staff may change it). */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    size: text().notNull(),
    quantity: integer().notNull(),
    customizations: jsonb().$type<StoredCustomization[]>().notNull(),
    /** The garment's price per piece (size upcharge included), decorations apart: the quote's, never the catalogue's of today. */
    unitBaseCents: integer('unit_base_cents').notNull(),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId, t.id),
    check('quote_lines_ck', sql`${t.quantity} between 1 and 999 and ${t.unitBaseCents} >= 0`),
  ],
);

/**
 * Customers' artwork (docs/product.md#artwork-and-proofs): the original file as uploaded and its WebP preview, in the
 * database like product images so one backup carries them. An SVG or PDF is never served as itself to a browser.
 */
export const artworks = pgTable(
  'artworks',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: text({ enum: ARTWORK_STATUSES }).notNull().default('submitted'),
    format: text({ enum: ARTWORK_FORMATS }).notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    original: bytea().notNull(),
    preview: bytea().notNull(),
    /** A PDF's preview is a drawn placeholder, not its first page. */
    previewIsPlaceholder: boolean('preview_is_placeholder').notNull().default(false),
    /** Staff who uploaded it for the customer; null when the customer did. */
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('artworks_user_idx').on(t.userId, t.id), index('artworks_status_idx').on(t.status, t.updatedAt)],
);

/**
 * Every proof round of an artwork, kept after it is decided. The e-mailed link's token is stored only hashed; it is
 * single use and dies with the round's decision, wherever that was made.
 */
export const artworkProofs = pgTable(
  'artwork_proofs',
  {
    id: id(),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    round: integer().notNull(),
    image: bytea().notNull(),
    stitchCount: integer('stitch_count').notNull(),
    threadColours: jsonb('thread_colours').$type<string[]>().notNull(),
    /** Hundredths of an inch. */
    widthHundredths: integer('width_hundredths').notNull(),
    heightHundredths: integer('height_hundredths').notNull(),
    note: text().notNull().default(''),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: tstz('sent_at').notNull().defaultNow(),
    linkTokenHash: text('link_token_hash').notNull(),
    linkExpiresAt: tstz('link_expires_at').notNull(),
    decision: text({ enum: ['approved', 'changes_requested'] }),
    decisionNote: text('decision_note'),
    decidedAt: tstz('decided_at'),
    decidedByEmail: text('decided_by_email'),
    decidedVia: text('decided_via', { enum: DECIDED_VIA }),
  },
  (t) => [
    uniqueIndex('artwork_proofs_round_uq').on(t.artworkId, t.round),
    uniqueIndex('artwork_proofs_link_uq').on(t.linkTokenHash),
  ],
);

/** The artwork's timeline: upload, each proof sent, each decision (who, when, the note). */
export const artworkEvents = pgTable(
  'artwork_events',
  {
    id: id(),
    artworkId: integer('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    kind: text({ enum: ARTWORK_EVENT_KINDS }).notNull(),
    round: integer(),
    actorType: text('actor_type', { enum: ['customer', 'staff', 'link'] }).notNull(),
    actorEmail: text('actor_email').notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [index('artwork_events_artwork_idx').on(t.artworkId, t.id)],
);

/** Where a decoration may go (left chest, a sleeve, the back, a cap's front, a leg): rows, so admins' kinds can use them. */
export const decorationPositions = pgTable('decoration_positions', {
  key: text().primaryKey(),
  label: text().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * A decoration kind (docs/product.md#customisations): SPEC's add_name, us_flag and az_flag are seeded rows; admins add
 * more in /admin. The price rule is per piece; positions are decoration_positions keys. A kind is never deleted
 * (carts and orders name it by key): it is switched off.
 */
export const decorationKinds = pgTable(
  'decoration_kinds',
  {
    id: id(),
    key: text().notNull(),
    label: text().notNull(),
    priceRule: jsonb('price_rule').$type<PriceRule>().notNull(),
    positions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The kind carries a text the customer types (an embroidered name). */
    takesText: boolean('takes_text').notNull().default(false),
    active: boolean().notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('decoration_kinds_key_uq').on(t.key)],
);

/**
 * A customer's saved shipping addresses (docs/product.md#saved-addresses): checkout offers them, the default chosen
 * first; at most one default per customer (the partial unique index). Orders copy the address, so editing or
 * deleting one here never changes an order.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The customer's own name for it ("Station 4"); empty: none. */
    label: text().notNull().default(''),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text('zip_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('customer_addresses_user_idx').on(t.userId),
    uniqueIndex('customer_addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Words a shopper may search by that mean the same garment ("hat", "cap", "headwear"): one row per group, kept by
 * staff in Catalogue (docs/product.md#search-in-the-trades-words). The store reads them with the catalogue.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: id(),
  words: text().array().notNull(),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
