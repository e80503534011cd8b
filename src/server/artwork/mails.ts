import type { OutgoingMail } from '../mail/outbox';
import { customerWords } from '../mail/layout';
import { renderMail, type MailContent } from '../mail/template';

const mail = (to: string, kind: string, content: MailContent): OutgoingMail => ({
  to,
  subject: content.title,
  kind,
  ...renderMail(content),
});

const inches = (n: number) => `${Number(n.toFixed(2))} in`;
const day = (d: Date) =>
  d.toLocaleDateString('en-US', { timeZone: 'America/Phoenix', month: 'long', day: 'numeric', year: 'numeric' });

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
}): OutgoingMail {
  const title = `Your proof is ready: ${customerWords(m.artworkName)}`;
  return mail(m.to, 'artwork_proof', {
    title,
    preview: 'Review the embroidery proof and approve it or ask for changes.',
    footer: 'full',
    blocks: [
      {
        kind: 'lines',
        lines: [
          `We digitised your artwork ${customerWords(m.artworkName)} for embroidery. Proof ${m.round} is ready for you to review.`,
          'Approve it, or tell us what to change.',
        ],
      },
      { kind: 'button', label: 'Review the proof', textLabel: 'Review the proof', href: m.link, tone: 'primary' },
      {
        kind: 'list',
        lines: [
          `Size: ${inches(m.proof.width_in)} wide x ${inches(m.proof.height_in)} high`,
          `Stitches: ${m.proof.stitch_count.toLocaleString('en-US')}`,
          `Thread colours: ${m.proof.thread_colours.join(', ')}`,
        ],
      },
      ...(m.proof.note ? [{ kind: 'lines' as const, lines: [`Note from the shop: ${m.proof.note}`] }] : []),
      { kind: 'link', label: 'Or sign in and open My artwork', href: `${m.appUrl}/artwork/${m.artworkId}` },
      {
        kind: 'note',
        text: `The button works once, until ${day(m.expiresAt)}, and stops working when the proof is decided.`,
      },
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
