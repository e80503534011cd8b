import type { ContactReason, MessageStatus } from '@shared/contact';

// Shapes of the staff contact answers (SPEC §3 conversation and thread responses).
export type Statistics = { pending: number; read: number; replied: number; total: number; total_conversations_with_unread: number };

export type ConversationSummary = {
  id: number;
  name: string;
  email: string;
  user_id: number | null;
  archived: boolean;
  unread_count: number;
  message_count: number;
  needs_reply: boolean;
  last_message: { id: number; body: string; created_at: string; direction: 'inbound' | 'outbound' } | null;
  last_reason: ContactReason | null;
  last_order_number: string | null;
  last_message_at: string;
};

export type ThreadMessage = {
  id: number;
  conversation_id: number;
  direction: 'inbound' | 'outbound';
  name: string;
  email: string;
  phone: string | null;
  message: string;
  reason: ContactReason | null;
  contact_type: 'guest' | 'user' | null;
  order_id: number | null;
  order_number: string | null;
  status: MessageStatus | null;
  admin_notes: string | null;
  created_at: string;
};

export type Thread = {
  conversation: { id: number; name: string; email: string; user_id: number | null; archived: boolean; last_message_at: string };
  messages: ThreadMessage[];
};

/** Every contact query lives under this key; mutations invalidate it together with the shell's ['admin-counts']. */
export const CONTACT_KEY = ['contact'] as const;
export const ADMIN_COUNTS_KEY = ['admin-counts'] as const;
