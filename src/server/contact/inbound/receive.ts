import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PostalMime, { type Address, type Email } from 'postal-mime';
import type { MailAttachment } from '../../../shared/contact';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { conversations, heldMail, messages, users } from '../../db/schema';
import { notifyStaff } from '../submit';
import { isOwnMessageId, tokenOf } from './reply-address';
import { htmlMailText } from './html-text';
import { trimReply } from './trim';

// An e-mailed answer to a staff message (docs/security.md#inbound-mail). One path for the SMTP listener and the
// webhook: the mail joins its conversation as a pending message, is held for staff, or is refused or dropped with a log line.

export const INBOUND_MAX_BYTES = 10 * 1024 * 1024;
/** A conversation archived and quiet for longer than this no longer takes mail by itself: it is held. */
export const EXPIRED_AFTER_DAYS = 90;
/** Longer mail is cut here: the thread is for reading, not for archiving whole documents. */
const BODY_MAX = 20_000;

export type InboundOutcome =
  | { outcome: 'added'; messageId: number; conversationId: number }
  | { outcome: 'held'; reason: 'other_address' | 'expired'; heldId: number; conversationId: number }
  | { outcome: 'refused'; reason: 'no_token' | 'unknown_token' }
  | { outcome: 'dropped'; reason: 'too_large' | 'unreadable' | 'loop' | 'no_text' };

export type InboundDeps = { db: Db; config: AppConfig; log: FastifyBaseLogger };

const mailboxes = (list: Address[] | Address | undefined): { address: string; name: string }[] =>
  (Array.isArray(list) ? list : list ? [list] : []).flatMap((a) =>
    'group' in a && a.group
      ? a.group.map((m) => ({ address: m.address, name: m.name }))
      : 'address' in a
        ? [{ address: a.address ?? '', name: a.name }]
        : [],
  );

const header = (email: Email, key: string) => email.headers.find((h) => h.key === key)?.value.trim();

/** Auto-replies, bulk mail and our own mail coming back: answering them (or storing them) could loop for ever. */
function isLoop(email: Email, from: string, config: AppConfig): boolean {
  const domain = config.inbound.replyDomain;
  const auto = header(email, 'auto-submitted')?.toLowerCase();
  if (auto && auto !== 'no') return true;
  if (['x-autoreply', 'x-autorespond', 'x-autoresponder'].some((k) => header(email, k) !== undefined)) return true;
  const precedence = header(email, 'precedence')?.toLowerCase();
  if (precedence && ['bulk', 'auto_reply', 'junk', 'list'].includes(precedence)) return true;
  if (isOwnMessageId(email.messageId, domain)) return true;
  const ownFrom = /<([^>]+)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return from === ownFrom.trim().toLowerCase() || tokenOf(from, domain) !== null;
}

const attachmentsOf = (email: Email): MailAttachment[] | null => {
  const list = email.attachments.map((a) => ({
    name: a.filename ?? 'unnamed',
    type: a.mimeType,
    size: typeof a.content === 'string' ? Buffer.byteLength(a.content) : a.content.byteLength,
  }));
  return list.length ? list : null;
};

/** Is this an address the listener takes mail for (at RCPT TO): one of ours naming a conversation that exists? */
export async function knownRecipient(db: Db, domain: string, address: string): Promise<boolean> {
  const token = tokenOf(address, domain);
  if (!token) return false;
  const [c] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.replyToken, token));
  return c !== undefined;
}

/**
 * Takes one raw message. `recipients` are the envelope's (SMTP); without them the To, Cc and Delivered-To headers
 * are read (a provider's inbound parse). Only a token of ours chooses the conversation, never the sender's address.
 */
export async function receiveMail(deps: InboundDeps, raw: Buffer, recipients?: string[]): Promise<InboundOutcome> {
  const outcome = await classify(deps, raw, recipients);
  const line = { ...outcome, bytes: raw.length };
  if (outcome.outcome === 'added') deps.log.info(line, 'inbound mail added to its conversation');
  else if (outcome.outcome === 'held') deps.log.warn(line, 'inbound mail held for staff review');
  else deps.log.warn(line, `inbound mail ${outcome.outcome}`);
  return outcome;
}

async function classify(deps: InboundDeps, raw: Buffer, recipients?: string[]): Promise<InboundOutcome> {
  const { db, config } = deps;
  const domain = config.inbound.replyDomain;
  if (raw.length > INBOUND_MAX_BYTES) return { outcome: 'dropped', reason: 'too_large' };
  let email: Email;
  try {
    email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  } catch {
    return { outcome: 'dropped', reason: 'unreadable' };
  }
  const sender = mailboxes(email.from)[0];
  const from = sender?.address.trim().toLowerCase() ?? '';
  if (!from) return { outcome: 'dropped', reason: 'unreadable' };
  if (isLoop(email, from, config)) return { outcome: 'dropped', reason: 'loop' };

  const addresses = recipients ?? [
    ...mailboxes(email.to).map((m) => m.address),
    ...mailboxes(email.cc).map((m) => m.address),
    ...(email.deliveredTo ? [email.deliveredTo] : []),
  ];
  const token = addresses.map((a) => tokenOf(a, domain)).find((t) => t !== null);
  if (!token) return { outcome: 'refused', reason: 'no_token' };
  // The HTML is read only when the text part is missing or blank. A photo sent with no words still arrives.
  const text = email.text?.trim() || !email.html ? (email.text ?? '') : htmlMailText(email.html);
  const trimmed = trimReply(text);
  const body = trimmed.length > BODY_MAX ? `${trimmed.slice(0, BODY_MAX - 1)}…` : trimmed;
  if (!body && !email.attachments.length) return { outcome: 'dropped', reason: 'no_text' };
  const attachments = attachmentsOf(email);

  return db.transaction(async (tx): Promise<InboundOutcome> => {
    const [c] = await tx.select().from(conversations).where(eq(conversations.replyToken, token)).for('update');
    if (!c) return { outcome: 'refused', reason: 'unknown_token' };
    const [owner] = c.userId
      ? await tx.select({ email: users.email, active: users.isActive }).from(users).where(eq(users.id, c.userId))
      : [];
    const customer = (owner?.email ?? c.email).toLowerCase();
    const expired = c.archived && Date.now() - c.lastMessageAt.getTime() > EXPIRED_AFTER_DAYS * 86_400_000;
    const held = expired ? 'expired' : from !== customer ? 'other_address' : null;
    const name = sender?.name?.trim() || c.name;
    if (held) {
      const [row] = await tx
        .insert(heldMail)
        .values({
          conversationId: c.id,
          reason: held,
          fromAddress: from,
          fromName: name,
          subject: (email.subject ?? '').slice(0, 300),
          body,
          attachments,
        })
        .returning({ id: heldMail.id });
      return { outcome: 'held', reason: held, heldId: row!.id, conversationId: c.id };
    }
    const [m] = await tx
      .insert(messages)
      .values({
        conversationId: c.id,
        direction: 'inbound',
        name,
        email: from,
        body,
        contactType: c.userId ? 'user' : 'guest',
        status: 'pending',
        source: 'email',
        attachments,
      })
      .returning({ id: messages.id });
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`now()`, archived: false })
      .where(and(eq(conversations.id, c.id)));
    await notifyStaff(
      tx,
      { conversationId: c.id, name, email: from, phone: null, body, reason: null, orderNumber: null },
      config.appUrl,
    );
    return { outcome: 'added', messageId: m!.id, conversationId: c.id };
  });
}
