import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PostalMime, { type Address, type Email } from 'postal-mime';
import type { MailAttachment } from '../../../shared/contact';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { conversations, heldMail, inboundMailIds, messages, users } from '../../db/schema';
import { hitLimit } from '../../http/rate-limit';
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
  | {
      outcome: 'held';
      reason: 'other_address' | 'unverified_sender' | 'expired';
      heldId: number;
      conversationId: number;
    }
  | { outcome: 'refused'; reason: 'no_token' | 'unknown_token' }
  | { outcome: 'dropped'; reason: 'too_large' | 'unreadable' | 'loop' | 'no_text' | 'duplicate' | 'rate_limited' };

export type InboundDeps = { db: Db; config: AppConfig; log: FastifyBaseLogger };

/**
 * What the receiving side knows beyond the message: the SMTP envelope. `mailFrom` is the envelope sender (MAIL FROM;
 * '' for the null sender); undefined when the message came without an envelope (the webhook), where the Return-Path
 * header the delivering MTA wrote stands for it.
 */
export type Envelope = { recipients?: string[]; mailFrom?: string };

/** Mail from one sender address per hour, across every conversation (security round 3, finding 4). */
export const INBOUND_SENDER_LIMIT = 20;
const SENDER_WINDOW_S = 3600;

/**
 * PostgreSQL text cannot hold NUL, and jsonb cannot hold \u0000 either: a mail carrying one would fail its insert
 * and be retried by the sender for days (security round 3, finding 5). Cleaned out of everything stored.
 */
const clean = (s: string) => s.replaceAll('\0', '');

/**
 * SPF, DKIM and DMARC as the receiving side judged them: the topmost Authentication-Results header (RFC 8601) is
 * the one our MX added; ones further down came with the mail and prove nothing. Any result given that is not
 * `pass` fails the check; none given passes it (the listener in front may not add one).
 */
function authenticationPasses(email: Email): boolean {
  const top = email.headers.find((h) => h.key === 'authentication-results')?.value ?? '';
  for (const m of top.matchAll(/\b(spf|dkim|dmarc)\s*=\s*([a-z]+)/gi)) {
    if (m[2]!.toLowerCase() !== 'pass') return false;
  }
  return true;
}

const bareAddress = (s: string | undefined) => (/<([^>]*)>/.exec(s ?? '')?.[1] ?? s ?? '').trim().toLowerCase();

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
    name: clean(a.filename ?? 'unnamed'),
    type: clean(a.mimeType),
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
export async function receiveMail(deps: InboundDeps, raw: Buffer, envelope: Envelope = {}): Promise<InboundOutcome> {
  const outcome = await classify(deps, raw, envelope);
  const line = { ...outcome, bytes: raw.length };
  if (outcome.outcome === 'added') deps.log.info(line, 'inbound mail added to its conversation');
  else if (outcome.outcome === 'held') deps.log.warn(line, 'inbound mail held for staff review');
  else deps.log.warn(line, `inbound mail ${outcome.outcome}`);
  return outcome;
}

async function classify(deps: InboundDeps, raw: Buffer, envelope: Envelope): Promise<InboundOutcome> {
  const { db, config } = deps;
  const { recipients } = envelope;
  const domain = config.inbound.replyDomain;
  if (raw.length > INBOUND_MAX_BYTES) return { outcome: 'dropped', reason: 'too_large' };
  let email: Email;
  try {
    email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  } catch {
    return { outcome: 'dropped', reason: 'unreadable' };
  }
  const sender = mailboxes(email.from)[0];
  const from = clean(sender?.address ?? '')
    .trim()
    .toLowerCase();
  if (!from) return { outcome: 'dropped', reason: 'unreadable' };
  if (isLoop(email, from, config)) return { outcome: 'dropped', reason: 'loop' };
  // The envelope sender: the SMTP session's MAIL FROM, else the Return-Path the delivering MTA wrote (webhook).
  const envelopeFrom = clean(envelope.mailFrom ?? bareAddress(email.returnPath)).toLowerCase();

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
  const cut = clean(trimmed);
  const body = cut.length > BODY_MAX ? `${cut.slice(0, BODY_MAX - 1)}…` : cut;
  if (!body && !email.attachments.length) return { outcome: 'dropped', reason: 'no_text' };
  const attachments = attachmentsOf(email);
  const limit = await hitLimit(db, `inbound-sender:${from}`, INBOUND_SENDER_LIMIT, SENDER_WINDOW_S);
  if (!limit.allowed) return { outcome: 'dropped', reason: 'rate_limited' };
  const mailId = email.messageId
    ? clean(email.messageId).trim().slice(0, 998)
    : `sha256:${crypto.createHash('sha256').update(raw).digest('hex')}`;

  return db.transaction(async (tx): Promise<InboundOutcome> => {
    const [c] = await tx.select().from(conversations).where(eq(conversations.replyToken, token)).for('update');
    if (!c) return { outcome: 'refused', reason: 'unknown_token' };
    const first = await tx
      .insert(inboundMailIds)
      .values({ conversationId: c.id, mailId })
      .onConflictDoNothing()
      .returning({ id: inboundMailIds.mailId });
    if (first.length === 0) return { outcome: 'dropped', reason: 'duplicate' };
    const [owner] = c.userId
      ? await tx.select({ email: users.email, active: users.isActive }).from(users).where(eq(users.id, c.userId))
      : [];
    const customer = (owner?.email ?? c.email).toLowerCase();
    const expired = c.archived && Date.now() - c.lastMessageAt.getTime() > EXPIRED_AFTER_DAYS * 86_400_000;
    // Into the conversation only when the header From and the envelope sender are both the customer's address and
    // the receiving side's SPF/DKIM results (where given) pass; a forged From is held (security round 3, finding 3).
    const verified = envelopeFrom === customer && authenticationPasses(email);
    const held = expired ? 'expired' : from !== customer ? 'other_address' : !verified ? 'unverified_sender' : null;
    const name = clean(sender?.name ?? '').trim() || c.name;
    if (held) {
      const [row] = await tx
        .insert(heldMail)
        .values({
          conversationId: c.id,
          reason: held,
          fromAddress: from,
          fromName: name,
          subject: clean(email.subject ?? '').slice(0, 300),
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
