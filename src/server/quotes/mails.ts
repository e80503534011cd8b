import { decorationLabel, POSITION_LABELS } from '../../shared/cart';
import type { Language } from '../../shared/languages';
import { formatDayIn, formatMoneyIn } from '../../shared/locale-format';
import { adjustmentAmount } from '../../shared/money';
import type { QuoteDetail } from '../../shared/quotes';
import { formatDueDay } from '../../shared/due-date-rules';
import { mailWords, sharedWords } from '../mail/i18n';
import { customerWords } from '../mail/layout';
import type { OutgoingMail } from '../mail/outbox';
import { renderMail, type MailBlock, type MailContent } from '../mail/template';

const mail = (to: string, kind: string, content: MailContent): OutgoingMail => ({
  to,
  subject: content.title,
  kind,
  ...renderMail(content),
});

const extras = (l: QuoteDetail['lines'][number], language?: Language) => {
  const words = sharedWords(language);
  return l.customizations.map(
    (c) =>
      `${words(decorationLabel(c.type))}${c.text ? ` ${customerWords(c.text)}` : ''} (${words(POSITION_LABELS[c.position]).toLowerCase()})`,
  );
};

/** The quote's lines and figures, as its page and the printed quote show them; the shop's notices stay English. */
function quoteSummary(q: QuoteDetail, language?: Language): MailBlock[] {
  const t = mailWords(language);
  const money = (dollars: number) => formatMoneyIn(language ?? 'en', dollars);
  // The same figures as the order mails: Spanish writes each adjustment's amount as its money.
  const adjustment = (a: QuoteDetail['adjustments'][number]) =>
    language === 'es' ? money(a.amount) : adjustmentAmount(a);
  return [
    {
      kind: 'items',
      items: q.lines.map((l) => ({
        title: t('quote.line', {
          quantity: l.quantity,
          product: l.product_name,
          size: l.size,
          price: money(l.unit_price),
        }),
        extras: extras(l, language),
        price: money(l.total_price),
      })),
    },
    {
      kind: 'totals',
      lines: [
        t('order.subtotal', { amount: money(q.subtotal) }),
        ...q.adjustments.map((a) =>
          t('order.adjustment', { label: sharedWords(language)(a.label), amount: adjustment(a) }),
        ),
        t('order.total', { amount: money(q.total) }),
      ],
    },
  ];
}

/** To the customer when staff send (or send again) a priced quote: the figures, the quote in the shop and its signed print link. */
export function quoteSentMail(q: QuoteDetail, link: string, appUrl: string, language?: Language): OutgoingMail {
  const t = mailWords(language);
  return mail(q.customer.email, 'quote_sent', {
    title: t('quote.title', { number: q.quote_number }),
    language,
    blocks: [
      {
        kind: 'lines',
        lines: [
          t('quote.thanks'),
          ...(q.valid_until ? [t('quote.validUntil', { day: formatDayIn(language ?? 'en', q.valid_until) })] : []),
        ],
      },
      ...(q.message ? [{ kind: 'quote' as const, label: t('quote.fromShop'), text: q.message }] : []),
      ...quoteSummary(q, language),
      // The quote in the shop, where it is accepted: a signed-out customer signs in there and comes back to it.
      { kind: 'button', label: t('quote.view'), textLabel: t('quote.viewText'), href: `${appUrl}/quotes/${q.id}` },
      { kind: 'link', label: t('quote.print'), href: link },
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
