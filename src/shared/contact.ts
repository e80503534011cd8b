import { z } from 'zod';
import { contactNameField, emailField, messageField, optionalPhoneField, rowIdNumber } from './fields';
import { signInLanguage } from './language-schema';

// docs/architecture.md#the-api contact payloads and the contact form rules (docs/product.md#validation-messages). The modal forms and POST /contact use these same schemas.
export const CONTACT_REASONS = ['general', 'order_question', 'order_problem'] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

export const REASON_LABELS: Record<ContactReason, string> = {
  general: 'General Question',
  order_question: 'Question About an Order',
  order_problem: 'Problem With an Order',
};

export const reasonNeedsOrder = (reason: unknown) => reason === 'order_question' || reason === 'order_problem';

export const SEND_FAILED = 'Failed to send message. Please try again.';
export const HONEYPOT_REFUSED = 'Your message could not be sent.';

/** Hidden "website" field: people never see it, form-filling bots do. Anything in it refuses the message. */
const honeypot = z.string().max(0, HONEYPOT_REFUSED).optional();
const recaptchaToken = z.string().max(4096).nullable().optional();

export const generalContactSchema = z.object({
  name: contactNameField,
  email: emailField,
  phone: optionalPhoneField,
  message: messageField,
  recaptcha_token: recaptchaToken,
  website: honeypot,
  /** The language of the page the guest wrote from: their receipt is written in it (docs/product.md#languages). */
  language: signInLanguage,
});
export type GeneralContactInput = z.input<typeof generalContactSchema>;
export type GeneralContactPayload = z.output<typeof generalContactSchema>;

/** A select gives '' or a numeric string; JSON gives a number or null. */
const orderIdField = z
  .union([z.number(), z.string()])
  .nullable()
  .optional()
  .transform((v) => (v === '' || v === null || v === undefined ? null : Number(v)))
  .refine((v) => v === null || rowIdNumber().safeParse(v).success, 'Please select an order');

export const userContactSchema = z
  .object({
    name: contactNameField,
    email: emailField,
    message: messageField,
    contact_type: z.literal('user').default('user'),
    reason: z.enum(CONTACT_REASONS, { error: 'Please select a reason' }),
    order_id: orderIdField,
    order_number: z.string().trim().max(64).nullable().optional(),
    recaptcha_token: recaptchaToken,
    website: honeypot,
  })
  .superRefine((v, ctx) => {
    if (reasonNeedsOrder(v.reason) && v.order_id === null) {
      ctx.addIssue({ code: 'custom', path: ['order_id'], message: 'Please select an order' });
    }
  });
export type UserContactInput = z.input<typeof userContactSchema>;
export type UserContactPayload = z.output<typeof userContactSchema>;

export type ContactPayload = (GeneralContactPayload & { contact_type?: undefined }) | UserContactPayload;

/**
 * POST /contact accepts either payload: contact_type 'user' selects the signed-in form's rules, anything
 * else the general form's. Issues are forwarded unchanged so each field keeps its docs/product.md#validation-messages message.
 */
export const contactRequestSchema = z
  .looseObject({ contact_type: z.unknown().optional() })
  .transform((raw, ctx): ContactPayload => {
    const parsed = raw.contact_type === 'user' ? userContactSchema.safeParse(raw) : generalContactSchema.safeParse(raw);
    if (parsed.success) return parsed.data as ContactPayload;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });

export const REPLY_MAX = 5000;
export const replySchema = z.object({
  message: z
    .string({ error: 'Reply message is required' })
    .trim()
    .min(1, 'Reply message is required')
    .max(REPLY_MAX, `Reply must be at most ${REPLY_MAX} characters`),
  admin_notes: z
    .string()
    .trim()
    .max(REPLY_MAX, `Admin notes must be at most ${REPLY_MAX} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ReplyInput = z.input<typeof replySchema>;

export const MESSAGE_STATUSES = ['pending', 'read', 'replied'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const mailAttachmentSchema = z.object({ name: z.string(), size: z.number(), type: z.string() });
/** An e-mailed attachment as the shop keeps it: its name, size in bytes and MIME type, not its content. */
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

// ---- Answers of the contact endpoints (docs/architecture.md#the-api contact message, conversation and thread responses). ----
const directionSchema = z.enum(['inbound', 'outbound']);

export const contactMessageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  direction: directionSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  reason: z.enum(CONTACT_REASONS).nullable(),
  contact_type: z.enum(['guest', 'user']).nullable(),
  order_id: z.number().nullable(),
  order_number: z.string().nullable(),
  /** Inbound only: pending, read or replied. Staff replies carry null. */
  status: z.enum(MESSAGE_STATUSES).nullable(),
  /** Staff replies only; internal, never e-mailed. */
  admin_notes: z.string().nullable(),
  staff_user_id: z.number().nullable(),
  reply_to_message_id: z.number().nullable(),
  /** web: the shop's form or Messages screen; email: an e-mailed reply. */
  source: z.enum(['web', 'email']),
  attachments: z.array(mailAttachmentSchema).nullable(),
  read_at: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactStatisticsSchema = z.object({
  pending: z.number(),
  read: z.number(),
  replied: z.number(),
  total: z.number(),
  /** Conversations with an unread message or marked unread by staff. */
  total_conversations_with_unread: z.number(),
  /** Conversations staff marked unread that hold no unread message: the admin badge counts them with the pending messages. */
  marked_unread: z.number(),
});
export type ContactStatistics = z.infer<typeof contactStatisticsSchema>;

/** A staff member as the message centre names them (assignees). */
export const staffMemberSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Who looks after a conversation and whether staff marked it unread: on list rows and threads alike. */
const staffFields = {
  assignee: staffMemberSchema.nullable(),
  /** Marked unread by staff: unread until a staff member opens it, even with no unread message. */
  marked_unread: z.boolean(),
};

/** A row of the staff conversation list. */
export const conversationSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  user_id: z.number().nullable(),
  archived: z.boolean(),
  ...staffFields,
  unread_count: z.number(),
  message_count: z.number(),
  needs_reply: z.boolean(),
  last_message: z
    .object({ id: z.number(), body: z.string(), created_at: z.string(), direction: directionSchema })
    .nullable(),
  last_reason: z.enum(CONTACT_REASONS).nullable(),
  last_order_number: z.string().nullable(),
  last_message_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A conversation with every message in it, customer messages and staff replies, oldest first. */
export const threadSchema = z.object({
  conversation: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    user_id: z.number().nullable(),
    archived: z.boolean(),
    ...staffFields,
    last_message_at: z.string(),
    created_at: z.string(),
  }),
  messages: z.array(contactMessageSchema),
});
export type Thread = z.infer<typeof threadSchema>;

export const paginationSchema = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  total_pages: z.number(),
});

const ok = { success: z.literal(true) };
export const contactSentAnswer = z.object({ ...ok, message: z.string(), id: z.number(), conversation_id: z.number() });
export const messagesAnswer = z.object({
  ...ok,
  messages: z.array(contactMessageSchema),
  statistics: contactStatisticsSchema,
  pagination: paginationSchema,
});
export const conversationsAnswer = z.object({
  ...ok,
  conversations: z.array(conversationSchema),
  statistics: contactStatisticsSchema,
  pagination: paginationSchema,
});
export const statisticsAnswer = z.object({ ...ok, statistics: contactStatisticsSchema });
export const threadAnswer = z.object({ ...ok, ...threadSchema.shape });
export const messageAnswer = z.object({ ...ok, message: contactMessageSchema });
export const markReadAnswer = z.object({
  ...ok,
  updated: z.number(),
  message: contactMessageSchema,
  statistics: contactStatisticsSchema,
});
export const replySentAnswer = z.object({ ...ok, message: z.string(), reply: contactMessageSchema });

/** Inbound mail held for staff review (docs/security.md#inbound-mail): from another address, or to an expired conversation. */
export const heldMailSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  reason: z.enum(['other_address', 'unverified_sender', 'expired']),
  from_address: z.string(),
  from_name: z.string(),
  subject: z.string(),
  body: z.string(),
  attachments: z.array(mailAttachmentSchema).nullable(),
  created_at: z.string(),
});
export type HeldMail = z.infer<typeof heldMailSchema>;
export const HELD_REASON_TEXT: Record<HeldMail['reason'], string> = {
  other_address: 'Sent from an address other than the customer’s',
  unverified_sender: 'Its sender could not be verified as the customer (envelope sender, SPF or DKIM)',
  expired: 'Sent to a conversation archived for over 90 days',
};
export const heldListAnswer = z.object({ ...ok, held: z.array(heldMailSchema) });
export const heldAcceptedAnswer = z.object({ ...ok, message: contactMessageSchema });
export const inboundAnswer = z.object({
  ...ok,
  outcome: z.enum(['added', 'held', 'refused', 'dropped']),
  reason: z.string().nullable(),
});

/** Staff start or continue the customer's conversation about an order: the same rules as a staff reply. */
export const messageCustomerSchema = replySchema.pick({ message: true });
export type MessageCustomerInput = z.input<typeof messageCustomerSchema>;
/** Every message that names the order, both ways, oldest first, and the conversation the customer's one is. */
export const orderMessagesAnswer = z.object({
  ...ok,
  messages: z.array(contactMessageSchema),
  conversation_id: z.number().nullable(),
});
export const customerMessagedAnswer = z.object({
  ...ok,
  message: z.string(),
  reply: contactMessageSchema,
  conversation_id: z.number(),
});

/** PUT /contact/conversations/:id/assignee: a staff member's id, or null for unassigned. */
export const assignSchema = z.object({
  user_id: rowIdNumber('Choose a staff member or Unassigned').nullable(),
});
export type AssignInput = z.input<typeof assignSchema>;
export const staffMembersAnswer = z.object({ ...ok, staff: z.array(staffMemberSchema) });
export const conversationChangedAnswer = z.object({
  ...ok,
  message: z.string(),
  conversation: threadSchema.shape.conversation,
  statistics: contactStatisticsSchema,
});
