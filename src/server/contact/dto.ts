import { z } from 'zod';
import { CONTACT_REASONS, MESSAGE_STATUSES } from '../../shared/contact';
import type { messages } from '../db/schema';

// Response shapes of the contact endpoints (SPEC §3 contact message, conversation and thread responses).
export const messageDtoSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  direction: z.enum(['inbound', 'outbound']),
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
  read_at: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type MessageDto = z.infer<typeof messageDtoSchema>;

type MessageRow = typeof messages.$inferSelect;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const messageDto = (m: MessageRow): MessageDto => ({
  id: m.id,
  conversation_id: m.conversationId,
  direction: m.direction,
  name: m.name,
  email: m.email,
  phone: m.phone,
  message: m.body,
  reason: m.reason,
  contact_type: m.contactType,
  order_id: m.orderId,
  order_number: m.orderNumber,
  status: m.status,
  admin_notes: m.adminNotes,
  staff_user_id: m.staffUserId,
  reply_to_message_id: m.replyToMessageId,
  read_at: iso(m.readAt),
  replied_at: iso(m.repliedAt),
  created_at: iso(m.createdAt)!,
});

export const statisticsSchema = z.object({
  pending: z.number(),
  read: z.number(),
  replied: z.number(),
  total: z.number(),
  total_conversations_with_unread: z.number(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const conversationDtoSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  user_id: z.number().nullable(),
  archived: z.boolean(),
  unread_count: z.number(),
  message_count: z.number(),
  needs_reply: z.boolean(),
  last_message: z
    .object({ id: z.number(), body: z.string(), created_at: z.string(), direction: z.enum(['inbound', 'outbound']) })
    .nullable(),
  last_reason: z.enum(CONTACT_REASONS).nullable(),
  last_order_number: z.string().nullable(),
  last_message_at: z.string(),
});
export type ConversationDto = z.infer<typeof conversationDtoSchema>;

export const paginationSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number(), total_pages: z.number() });
export const pagination = (page: number, perPage: number, total: number) => ({
  page,
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});
