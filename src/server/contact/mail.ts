import { REASON_LABELS, type ContactReason } from '../../shared/contact';
import { BUSINESS } from '../../shared/business';
import type { Language } from '../../shared/languages';
import { mailWords } from '../mail/i18n';
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
export function contactReceiptMail(msg: { email: string; body: string }, language?: Language): OutgoingMail {
  const t = mailWords(language);
  const title = t('contact.title');
  const { html, text } = renderMail({
    title,
    preview: t('contact.preview', { shop: BUSINESS.name }),
    language,
    blocks: [
      { kind: 'lines', lines: [t('contact.intro', { shop: BUSINESS.name })] },
      { kind: 'quote', label: t('contact.yourMessage'), text: disarmedLines(msg.body) },
      { kind: 'note', text: t('contact.addTo') },
      { kind: 'note', text: t('contact.hurry', { phone: BUSINESS.phoneDisplay }) },
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
  /** The customer's language (their account's), English for a guest nobody knows. */
  language?: Language;
  /** An order the reply is about: the subject names it. */
  orderNumber?: string | null;
  /** A message the shop starts (not an answer to theirs): the subject says it comes from the shop. */
  fromShop?: boolean;
}): OutgoingMail {
  const { language } = opts;
  const t = mailWords(language);
  const { html, text } = renderMail({
    title: t('reply.title', { shop: BUSINESS.name }),
    language,
    blocks: [
      { kind: 'lines', lines: [t('reply.hello', { name: customerWords(opts.name) })] },
      ...paragraphs(opts.reply),
      opts.messagesUrl
        ? { kind: 'link', label: t('reply.conversation'), href: opts.messagesUrl }
        : { kind: 'note', text: t('reply.answer') },
      ...(opts.original
        ? [{ kind: 'quote' as const, label: t('contact.yourMessage'), text: disarmedLines(opts.original) }]
        : []),
    ],
  });
  const subject = opts.orderNumber
    ? t('reply.aboutOrder', { number: opts.orderNumber, shop: BUSINESS.name })
    : opts.fromShop
      ? t('reply.fromShop', { shop: BUSINESS.name })
      : t('reply.subject', { shop: BUSINESS.name });
  return { to: opts.to, subject, text, html, kind: 'contact_reply' };
}
