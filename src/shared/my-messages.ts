import { z } from 'zod';
import { messageField } from './fields';
import { mailAttachmentSchema } from './contact';

// The customer's own conversations (GET /contact/mine...): what they wrote and what staff answered. Staff-only
// fields (internal notes, statuses, staff addresses) are not part of these shapes, so they cannot be answered.

/** A reply from the Messages screen follows the contact form's message rules (docs/product.md#validation-messages). */
export const customerReplySchema = z.object({ message: messageField });
export type CustomerReplyInput = z.input<typeof customerReplySchema>;

export const myMessageSchema = z.object({
  id: z.number(),
  /** inbound: the customer's; outbound: the shop's. */
  direction: z.enum(['inbound', 'outbound']),
  /** The customer's name, or the staff member's for the shop's messages. */
  name: z.string(),
  message: z.string(),
  order_id: z.number().nullable(),
  order_number: z.string().nullable(),
  source: z.enum(['web', 'email']),
  attachments: z.array(mailAttachmentSchema).nullable(),
  /**
   * Written through the guest form, without signing in: never shown as the customer's own words ("You"). New guest
   * messages stay in their own conversation; this marks any that joined a customer's conversation before that rule.
   */
  signed_out: z.boolean(),
  created_at: z.string(),
});
export type MyMessage = z.infer<typeof myMessageSchema>;

export const myConversationSchema = z.object({
  id: z.number(),
  last_message_at: z.string(),
  message_count: z.number(),
  /** Staff messages since the customer last opened the conversation. */
  unread_count: z.number(),
  last_message: z
    .object({ body: z.string(), direction: z.enum(['inbound', 'outbound']), created_at: z.string() })
    .nullable(),
});
export type MyConversation = z.infer<typeof myConversationSchema>;

const ok = { success: z.literal(true) };
export const myConversationsAnswer = z.object({
  ...ok,
  conversations: z.array(myConversationSchema),
  unread_count: z.number(),
});
export type MyConversationsAnswer = z.infer<typeof myConversationsAnswer>;
export const myThreadAnswer = z.object({
  ...ok,
  conversation: z.object({ id: z.number(), created_at: z.string(), last_message_at: z.string() }),
  messages: z.array(myMessageSchema),
});
export type MyThreadAnswer = z.infer<typeof myThreadAnswer>;
export const myReplyAnswer = z.object({ ...ok, message: z.string(), reply: myMessageSchema });
