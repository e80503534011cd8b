import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Tx } from '../../db/client';
import { conversations } from '../../db/schema';

// A conversation's reply address is reply+<token>@REPLY_DOMAIN: 128 random bits, base64url (22 characters), made
// with its first staff message and kept, so every later answer to any of its mails lands in the same conversation.
const TOKEN_RE = /^reply\+([A-Za-z0-9_-]{22})@(.+)$/;

export const replyAddress = (token: string, domain: string) => `reply+${token}@${domain}`;

/** The token an address names, if it is one of ours; null for any other address (wrong domain included). */
export function tokenOf(address: string, domain: string): string | null {
  const m = TOKEN_RE.exec(address.trim().replace(/^<|>$/g, ''));
  return m && m[2]!.toLowerCase() === domain ? m[1]! : null;
}

/** The conversation's token, made now when it has none (inside the caller's transaction, its row locked). */
export async function ensureReplyToken(tx: Tx, conversation: { id: number; replyToken: string | null }) {
  if (conversation.replyToken) return conversation.replyToken;
  const token = crypto.randomBytes(16).toString('base64url');
  await tx.update(conversations).set({ replyToken: token }).where(eq(conversations.id, conversation.id));
  return token;
}

/** A Message-ID of ours: a mail coming back with one is our own (a loop), never a customer's answer. */
export const OWN_MESSAGE_ID_PREFIX = 'csu.';
export const newMessageId = (domain: string) => `<${OWN_MESSAGE_ID_PREFIX}${crypto.randomUUID()}@${domain}>`;
export const isOwnMessageId = (id: string | undefined, domain: string) =>
  !!id &&
  id.trim().toLowerCase().startsWith(`<${OWN_MESSAGE_ID_PREFIX}`) &&
  id.trim().toLowerCase().endsWith(`@${domain}>`);

/**
 * Reply-To and Message-ID of a staff mail in a conversation: its reply+token address when e-mailed replies can come back
 * (the SMTP listener or the webhook is on); without either, no Reply-To, so answers reach MAIL_FROM as before.
 */
export async function replyHeaders(
  tx: Tx,
  conversation: { id: number; replyToken: string | null },
  config: AppConfig,
): Promise<{ replyTo?: string; messageId: string }> {
  const domain = config.inbound.replyDomain;
  const messageId = newMessageId(domain);
  if (config.inbound.smtpPort === null && config.inbound.secret === null) return { messageId };
  return { replyTo: replyAddress(await ensureReplyToken(tx, conversation), domain), messageId };
}
