import { REASON_LABELS, type ContactReason } from '../../shared/contact';
import { BUSINESS } from '../../shared/business';
import type { OutgoingMail } from '../mail/outbox';
import { customerWords, escapeHtml, quotedBlock, renderEmail } from '../mail/layout';

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px;white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('');

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
    ['From', `${customerWords(msg.name)} <${msg.email}>`],
    ...(msg.phone ? [['Phone', msg.phone]] : []),
    ...(msg.reason ? [['Reason', REASON_LABELS[msg.reason]]] : []),
    ...(msg.orderNumber ? [['Order', msg.orderNumber]] : []),
  ];
  const { html, text } = renderEmail({
    title: 'New contact message',
    bodyHtml:
      facts
        .map(([k, v]) => `<p style="margin:0 0 4px"><strong>${escapeHtml(k!)}:</strong> ${escapeHtml(v!)}</p>`)
        .join('') +
      `<div style="margin:16px 0;padding:12px;background:#f9fafb;border-left:3px solid #e07a1f">${paragraphs(msg.body)}</div>` +
      `<p><a href="${escapeHtml(link)}">Open the conversation</a></p>`,
    // The customer's words, quoted: never laid out as the shop's own text (security round 3, finding 11).
    bodyText: `${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nTheir message:\n${quotedBlock(msg.body)}\n\nOpen the conversation: ${link}`,
  });
  const subject = `New message from ${msg.name}${msg.reason && msg.reason !== 'general' ? ` (${REASON_LABELS[msg.reason]})` : ''}`;
  return to.map((address) => ({ to: address, subject, text, html, kind: 'contact_staff_notification' }));
}

/** The staff reply to the sender. Admin notes are internal: they are not a parameter, so they cannot leak here. */
export function replyMail(opts: {
  to: string;
  name: string;
  reply: string;
  original: string | null;
  /** The customer's Messages screen, for a conversation of a signed-in customer. */
  messagesUrl: string | null;
}): OutgoingMail {
  const quoted = opts.original ? `\n\n> ${opts.original.split('\n').join('\n> ')}` : '';
  const more = opts.messagesUrl
    ? `You can answer this e-mail, or read and answer the whole conversation in the shop: ${opts.messagesUrl}`
    : 'You can answer this e-mail.';
  const { html, text } = renderEmail({
    title: `Reply from ${BUSINESS.name}`,
    bodyHtml:
      `<p style="margin:0 0 12px">Hello ${escapeHtml(opts.name)},</p>${paragraphs(opts.reply)}` +
      `<p style="margin:16px 0 0;color:#4b5563;font-size:13px">${
        opts.messagesUrl
          ? `You can answer this e-mail, or read and answer the whole conversation <a href="${escapeHtml(opts.messagesUrl)}">in the shop</a>.`
          : 'You can answer this e-mail.'
      }</p>` +
      (opts.original
        ? `<p style="margin:16px 0 4px;color:#6b7280;font-size:13px">Your message:</p><blockquote style="margin:0;padding:8px 12px;border-left:3px solid #d1d5db;color:#4b5563">${paragraphs(opts.original)}</blockquote>`
        : ''),
    bodyText: `Hello ${opts.name},\n\n${opts.reply}\n\n${more}${quoted}`,
  });
  return { to: opts.to, subject: `Re: your message to ${BUSINESS.name}`, text, html, kind: 'contact_reply' };
}
