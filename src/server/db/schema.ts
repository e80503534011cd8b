import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../shared/orders';
import type { AdjustmentKind } from '../../shared/pricing';

// The whole data model of docs/product.md#orders-and-their-states. Money is integer cents; rates are parts per million.
const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const roleEnum = pgEnum('role', ['admin', 'employee', 'other']);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const fulfillmentEnum = pgEnum('fulfillment', ['pickup', 'shipping']);
export const messageStatusEnum = pgEnum('message_status', ['pending', 'read', 'replied']);
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
    lastLoginAt: tstz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_role_idx').on(t.role)],
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
  customizationCostCents: integer('customization_cost_cents').notNull(),
  signinPolicy: text('signin_policy', { enum: ['open', 'allowed_list'] })
    .notNull()
    .default('open'),
  notifyStaffOnContact: boolean('notify_staff_on_contact').notNull().default(true),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export type ProductSize = { label: string; upcharge_cents: number };

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
    active: boolean().notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('products_slug_uq').on(t.slug), index('products_category_idx').on(t.category)],
);

/** Normalised customisation as stored on cart and order lines. */
export type StoredCustomization = {
  type: 'add_name' | 'us_flag' | 'az_flag';
  position: 'left_side' | 'right_side';
  text: string | null;
};

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
      .$type<{ kind: AdjustmentKind; label: string; amountCents: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    departmentId: integer('department_id').references(() => departments.id),
    denialReason: text('denial_reason'),
    modifiedFromOrderId: integer('modified_from_order_id'),
    replacedByOrderId: integer('replaced_by_order_id'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.orderNumber),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Orders per status, kept by a deferred trigger on orders (migration 0001): the staff list shows every count on
 * every request, and counting 100,000 orders each time cost more than the page itself.
 */
export const orderStatusCounts = pgTable('order_status_counts', {
  status: orderStatusEnum().primaryKey(),
  n: integer().notNull().default(0),
});

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
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    reason: text(),
    comments: text(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

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
    createdAt: createdAt(),
  },
  (t) => [
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

export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text().notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    kind: text().notNull(),
    status: outboxStatusEnum().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    transport: text(),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Server-wide secrets kept in the database so every instance on one server shares them. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
