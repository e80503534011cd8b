import { LANGUAGE_LOCALES, type Language } from '../../shared/languages';
import { mailWords } from '../mail/i18n';
import type { OutgoingMail } from '../mail/outbox';
import { customerWords } from '../mail/layout';
import { renderMail, type MailContent } from '../mail/template';

const mail = (to: string, kind: string, content: MailContent): OutgoingMail => ({
  to,
  subject: content.title,
  kind,
  ...renderMail(content),
});

/** "December 10, 2026" / "10 de diciembre de 2026", the shop's day. */
const day = (d: Date, language?: Language) =>
  d.toLocaleDateString(language === 'es' ? LANGUAGE_LOCALES.es : 'en-US', {
    timeZone: 'America/Phoenix',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** To the customer: a proof to review, with the signed link (one use) and the way in through the shop. */
export function proofReadyMail(m: {
  to: string;
  artworkName: string;
  artworkId: number;
  round: number;
  proof: { stitch_count: number; thread_colours: string[]; width_in: number; height_in: number; note: string };
  link: string;
  appUrl: string;
  expiresAt: Date;
  /** The customer's language (their account's). */
  language?: Language;
}): OutgoingMail {
  const { language } = m;
  const t = mailWords(language);
  const name = customerWords(m.artworkName);
  const inches = (n: number) => t('proof.inches', { n: Number(n.toFixed(2)) });
  const review = t('proof.review');
  return mail(m.to, 'artwork_proof', {
    title: t('proof.title', { name }),
    preview: t('proof.preview'),
    footer: 'full',
    language,
    blocks: [
      { kind: 'lines', lines: [t('proof.intro', { name, round: m.round }), t('proof.decide')] },
      { kind: 'button', label: review, textLabel: review, href: m.link, tone: 'primary' },
      {
        kind: 'list',
        lines: [
          t('proof.size', { width: inches(m.proof.width_in), height: inches(m.proof.height_in) }),
          t('proof.stitches', { count: m.proof.stitch_count.toLocaleString(LANGUAGE_LOCALES[language ?? 'en']) }),
          t('proof.colours', { colours: m.proof.thread_colours.join(', ') }),
        ],
      },
      ...(m.proof.note ? [{ kind: 'lines' as const, lines: [t('proof.note', { note: m.proof.note })] }] : []),
      { kind: 'link', label: t('proof.signIn'), href: `${m.appUrl}/artwork/${m.artworkId}` },
      { kind: 'note', text: t('proof.once', { day: day(m.expiresAt, language) }) },
    ],
  });
}

/** To the shop: the customer approved a proof or asked for changes. */
export function decisionNoticeMail(m: {
  to: string;
  artworkName: string;
  artworkId: number;
  round: number;
  approved: boolean;
  note: string | null;
  customer: string;
  via: 'shop' | 'link';
  appUrl: string;
}): OutgoingMail {
  const name = customerWords(m.artworkName);
  const title = m.approved ? `Proof approved: ${name}` : `Changes requested: ${name}`;
  const where = m.via === 'link' ? 'from the e-mailed link' : 'in the shop';
  return mail(m.to, 'shop_artwork_decision', {
    title,
    blocks: [
      {
        kind: 'lines',
        lines: [
          `${customerWords(m.customer)} ${m.approved ? 'approved' : 'asked for changes to'} proof ${m.round} of ${name} ${where}.`,
        ],
      },
      ...(m.note ? [{ kind: 'quote' as const, label: 'What the customer wrote', text: m.note }] : []),
      {
        kind: 'button',
        label: 'Open the artwork',
        textLabel: 'Open it',
        href: `${m.appUrl}/admin/artwork/${m.artworkId}`,
        tone: 'dark',
      },
    ],
  });
}
