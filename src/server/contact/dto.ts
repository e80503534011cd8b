import type { ContactMessage } from '../../shared/contact';
import type { messages } from '../db/schema';

// Response shapes of the contact endpoints (docs/architecture.md#the-api contact message, conversation and thread responses).
type MessageRow = typeof messages.$inferSelect;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const messageDto = (m: MessageRow): ContactMessage => ({
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
  source: m.source,
  attachments: m.attachments,
  read_at: iso(m.readAt),
  replied_at: iso(m.repliedAt),
  created_at: iso(m.createdAt)!,
});

export const pagination = (page: number, perPage: number, total: number) => ({
  page,
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});
