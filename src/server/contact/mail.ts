import { REASON_LABELS, type ContactReason } from '../../shared/contact';
import { BUSINESS } from '../../shared/business';
import type { OutgoingMail } from '../mail/outbox';
import { customerWords, disarmLinks } from '../mail/layout';
import { renderMail, type MailBlock } from '../mail/template';

/** Someone's multi-line text as paragraphs: a blank line between paragraphs, single line breaks kept. */
const paragraphs = (text: string): MailBlock[] =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ kind: 'lines', lines: p.split(/\r?\n/) }));

/** Someone's message with its web addresses disarmed, line by line, for a quote in a mail to the address they typed. */
const disarmedLines = (text: string) => text.split(/\r?\n/).map(disarmLinks).join('\n');

type Incoming = {
  conversationId: number;
  name: string;
  email: string;
  phone: string | null;
  body: string;
  reason: ContactReason | null;
  orderNumber: string | null;
};

/** Tells staff a message arrived; links to the conversation in the message centre. */
export function staffNotification(to: string[], msg: Incoming, appUrl: string): OutgoingMail[] {
  const link = new URL(`/admin/messages/${msg.conversationId}`, appUrl).toString();
  const facts = [
    `From: ${customerWords(msg.name)} <${msg.email}>`,
    ...(msg.phone ? [`Phone: ${msg.phone}`] : []),
    ...(msg.reason ? [`Reason: ${REASON_LABELS[msg.reason]}`] : []),
    ...(msg.orderNumber ? [`Order: ${msg.orderNumber}`] : []),
  ];
  const { html, text } = renderMail({
    title: 'New contact message',
    blocks: [
      { kind: 'lines', lines: facts },
      // The customer's words, quoted: never laid out as the shop's own text (security round 3, finding 11).
      { kind: 'quote', label: 'Their message:', text: msg.body },
      { kind: 'link', label: 'Open the conversation', href: link },
    ],
  });
  const subject = `New message from ${customerWords(msg.name)}${msg.reason && msg.reason !== 'general' ? ` (${REASON_LABELS[msg.reason]})` : ''}`;
  return to.map((address) => ({ to: address, subject, text, html, kind: 'contact_staff_notification' }));
}

/**
 * The receipt a guest gets for a message sent through the contact form: that it arrived, what they wrote, and how
 * to reach the shop. Anyone can type any address into the form, so the mail greets nobody by the typed name and
 * every web address in the quoted message is disarmed: it cannot carry someone's link to a stranger's inbox.
 */
export function contactReceiptMail(msg: { email: string; body: string }): OutgoingMail {
  const title = 'We received your message';
  const { html, text } = renderMail({
    title,
    preview: `Thank you for writing to ${BUSINESS.name}.`,
    blocks: [
      {
        kind: 'lines',
        lines: [
          `Thank you for writing to ${BUSINESS.name}. Your message reached us; we will answer by e-mail to this address.`,
        ],
      },
      { kind: 'quote', label: 'Your message:', text: disarmedLines(msg.body) },
      { kind: 'note', text: 'You can answer this e-mail to add to your message.' },
      { kind: 'note', text: `In a hurry? Call us at ${BUSINESS.phoneDisplay} while we are open.` },
    ],
  });
  return { to: msg.email, subject: `${title} - ${BUSINESS.name}`, text, html, kind: 'contact_receipt' };
}

/**
 * The staff reply to the sender. Admin notes are internal: they are not a parameter, so they cannot leak here. The
 * conversation's name and their quoted message are what someone typed, perhaps a guest writing under another's
 * address: the name is quoted and the message's web addresses disarmed, as in the receipt (security round 4, finding 3).
 */
export function replyMail(opts: {
  to: string;
  name: string;
  reply: string;
  original: string | null;
  /** The customer's Messages screen, for a conversation of a signed-in customer. */
  messagesUrl: string | null;
}): OutgoingMail {
  const { html, text } = renderMail({
    title: `Reply from ${BUSINESS.name}`,
    blocks: [
      { kind: 'lines', lines: [`Hello ${customerWords(opts.name)},`] },
      ...paragraphs(opts.reply),
      opts.messagesUrl
        ? {
            kind: 'link',
            label: 'You can answer this e-mail, or read and answer the whole conversation in the shop',
            href: opts.messagesUrl,
          }
        : { kind: 'note', text: 'You can answer this e-mail.' },
      ...(opts.original
        ? [{ kind: 'quote' as const, label: 'Your message:', text: disarmedLines(opts.original) }]
        : []),
    ],
  });
  return { to: opts.to, subject: `Re: your message to ${BUSINESS.name}`, text, html, kind: 'contact_reply' };
}
