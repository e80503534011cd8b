import { decorationLabel, POSITION_LABELS } from '../../shared/cart';
import { adjustmentAmount, formatUsd } from '../../shared/money';
import type { QuoteDetail } from '../../shared/quotes';
import { formatDueDay } from '../../shared/due-date-rules';
import { customerWords } from '../mail/layout';
import type { OutgoingMail } from '../mail/outbox';
import { renderMail, type MailBlock, type MailContent } from '../mail/template';

const mail = (to: string, kind: string, content: MailContent): OutgoingMail => ({
  to,
  subject: content.title,
  kind,
  ...renderMail(content),
});

const extras = (l: QuoteDetail['lines'][number]) =>
  l.customizations.map(
    (c) =>
      `${decorationLabel(c.type)}${c.text ? ` ${customerWords(c.text)}` : ''} (${POSITION_LABELS[c.position].toLowerCase()})`,
  );

/** The quote's lines and figures, as its page and the printed quote show them. */
function quoteSummary(q: QuoteDetail): MailBlock[] {
  return [
    {
      kind: 'items',
      items: q.lines.map((l) => ({
        title: `${l.quantity} x ${l.product_name}, size ${l.size}, ${formatUsd(l.unit_price)} each`,
        extras: extras(l),
        price: formatUsd(l.total_price),
      })),
    },
    {
      kind: 'totals',
      lines: [
        `Subtotal: ${formatUsd(q.subtotal)}`,
        ...q.adjustments.map((a) => `${a.label}: ${adjustmentAmount(a)}`),
        `Total: ${formatUsd(q.total)}`,
      ],
    },
  ];
}

/** To the customer when staff send (or send again) a priced quote: the figures, the quote in the shop and its signed print link. */
export function quoteSentMail(q: QuoteDetail, link: string, appUrl: string): OutgoingMail {
  return mail(q.customer.email, 'quote_sent', {
    title: `Your quote ${q.quote_number} is ready`,
    blocks: [
      {
        kind: 'lines',
        lines: [
          'Thank you for asking. Here is our price.',
          ...(q.valid_until ? [`Valid until ${formatDueDay(q.valid_until)}.`] : []),
        ],
      },
      ...(q.message ? [{ kind: 'quote' as const, label: 'From the shop', text: q.message }] : []),
      ...quoteSummary(q),
      // The quote in the shop, where it is accepted: a signed-out customer signs in there and comes back to it.
      {
        kind: 'button',
        label: 'View, accept or decline the quote',
        textLabel: 'Your quote in the shop',
        href: `${appUrl}/quotes/${q.id}`,
      },
      { kind: 'link', label: 'Print the quote', href: link },
    ],
  });
}

const WHAT = {
  requested: 'asked for a quote',
  accepted: 'accepted a quote',
  declined: 'declined a quote',
} as const;

/** To the shop when a customer asks for, accepts or declines a quote. */
export function quoteNoticeMail(
  q: QuoteDetail,
  why: keyof typeof WHAT,
  to: string,
  appUrl: string,
  orderNumber?: string,
): OutgoingMail {
  const who = customerWords(q.customer.name ?? q.customer.email);
  return mail(to, `quote_${why}_notice`, {
    title: `Quote ${q.quote_number}: ${who} ${WHAT[why]}`,
    blocks: [
      {
        kind: 'lines',
        lines: [
          `Customer: ${who} <${q.customer.email}>`,
          ...(q.need_by ? [`Needed by: ${formatDueDay(q.need_by)}`] : []),
          ...(orderNumber ? [`Order placed: ${orderNumber}`] : []),
        ],
      },
      ...(q.note ? [{ kind: 'quote' as const, label: 'The customer wrote', text: q.note }] : []),
      ...(q.decline_reason ? [{ kind: 'quote' as const, label: 'Why they declined', text: q.decline_reason }] : []),
      ...quoteSummary(q),
      { kind: 'button', label: 'Open the quote', href: `${appUrl}/admin/quotes/${q.id}`, tone: 'dark' },
    ],
  });
}
