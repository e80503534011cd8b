// Each component from its own package: the @react-email/components barrel also loads Tailwind, Prism and a Markdown
// parser that no mail uses (0.45 of a shop start's 2.4 CPU-seconds).
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import type { CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BUSINESS } from '../../shared/business';
import { identityAddress } from '../../shared/shop-identity';
import type { Language } from '../../shared/languages';
import { mailWords } from './i18n';
import { mailIdentity } from './shop-identity';

// Every mail the shop sends is drawn by this one template: a list of blocks becomes React Email's table layout,
// and the plain-text part is read back from that same HTML, so both parts always carry the same facts in the same
// order. React Email's components are sync function components, so react-dom's static renderer draws them and mail
// builders stay synchronous inside the caller's transaction.

/** An order line as a mail lists it. */
export type MailItem = { title: string; price: string; extras: string[] };

export type MailBlock =
  /** One paragraph: each entry is its own line. */
  | { kind: 'lines'; lines: string[] }
  /**
   * A link drawn as a button; the text part reads "label: address", with textLabel for a label that reads better
   * in front of a bare address ("Approve: ..." for the "Review and approve" button).
   */
  | { kind: 'button'; label: string; textLabel?: string; href: string; tone?: 'primary' | 'approve' | 'deny' | 'dark' }
  /** A plain link on its own line. */
  | { kind: 'link'; label: string; textLabel?: string; href: string }
  /** Someone else's words (a customer's message): quoted, never laid out as the shop's own text. */
  | { kind: 'quote'; label: string; text: string }
  /** The sign-in code, large. */
  | { kind: 'code'; code: string }
  | { kind: 'items'; items: MailItem[] }
  /** A bulleted list, one entry a line. */
  | { kind: 'list'; lines: string[] }
  /** Figures, right-aligned in HTML (subtotal, adjustments, total). */
  | { kind: 'totals'; lines: string[] }
  /** A quieter remark. */
  | { kind: 'note'; text: string };

export type MailContent = {
  title: string;
  /** The line mail clients show next to the subject; the title when absent. */
  preview?: string;
  blocks: MailBlock[];
  /**
   * full: the shop's address, hours and phone (every mail about an order or a message); short: the name and phone
   * only (sign-in mails stay short).
   */
  footer?: 'full' | 'short';
  /** The reader's language (a customer's or an approver's own setting); English when absent, and for staff. */
  language?: Language;
};

/** The shop's hours, as the landing page shows them; the name, address and phone are the settings' identity. */
export const shopHoursLabel = (language?: Language) =>
  language === 'es' ? mailWords('es')('footer.hoursLabel') : BUSINESS.hours.label;

const TONES = { primary: '#1d4ed8', approve: '#15803d', deny: '#b91c1c', dark: '#111827' } as const;

const s = {
  body: { margin: 0, backgroundColor: '#f3f4f6', fontFamily: 'Arial, Helvetica, sans-serif', color: '#111827' },
  container: { maxWidth: '560px', backgroundColor: '#ffffff', borderRadius: '8px', margin: '24px auto' },
  brand: {
    backgroundColor: '#111827',
    color: '#ffffff',
    padding: '16px 24px',
    fontSize: '18px',
    fontWeight: 'bold',
    borderRadius: '8px 8px 0 0',
  },
  main: { padding: '8px 24px 16px' },
  h1: { fontSize: '20px', margin: '16px 0' },
  p: { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' },
  note: { fontSize: '13px', lineHeight: '20px', margin: '0 0 12px', color: '#4b5563' },
  quote: {
    margin: '0 0 12px',
    padding: '8px 12px',
    borderLeft: '3px solid #e07a1f',
    backgroundColor: '#f9fafb',
    whiteSpace: 'pre-wrap',
  },
  code: {
    fontSize: '32px',
    fontWeight: 'bold',
    letterSpacing: '8px',
    fontFamily: "'Courier New', monospace",
    margin: '0 0 16px',
  },
  button: {
    color: '#ffffff',
    padding: '10px 18px',
    borderRadius: '6px',
    fontWeight: 'bold',
    textDecoration: 'none',
    margin: '0 8px 8px 0',
  },
  items: { margin: '0 0 12px', paddingLeft: '20px', fontSize: '14px', lineHeight: '20px' },
  extra: { color: '#6b7280' },
  totals: { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px', textAlign: 'right' },
  hr: { borderColor: '#e5e7eb', margin: 0 },
  footer: { padding: '12px 24px 16px', fontSize: '12px', lineHeight: '18px', color: '#4b5563' },
} satisfies Record<string, CSSProperties>;

/** Lines of one paragraph, joined by line breaks. */
function Lines({ lines, style }: { lines: string[]; style: CSSProperties }) {
  return (
    <Text style={style}>
      {lines.map((l, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {l}
        </span>
      ))}
    </Text>
  );
}

function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case 'lines':
      return <Lines lines={block.lines} style={s.p} />;
    case 'note':
      return <Lines lines={[block.text]} style={s.note} />;
    case 'totals':
      return <Lines lines={block.lines} style={s.totals} />;
    case 'code':
      return <Text style={s.code}>{block.code}</Text>;
    case 'button':
      return (
        <Text style={s.p}>
          <Button
            href={block.href}
            data-text-label={block.textLabel}
            style={{ ...s.button, backgroundColor: TONES[block.tone ?? 'primary'] }}
          >
            {block.label}
          </Button>
        </Text>
      );
    case 'link':
      return (
        <Text style={s.p}>
          <Link href={block.href} data-text-label={block.textLabel}>
            {block.label}
          </Link>
        </Text>
      );
    case 'quote':
      // Divs, not paragraphs: the label sits on the line right above the quoted lines in the text part too.
      return (
        <div style={{ margin: '0 0 12px' }}>
          <div style={{ ...s.note, margin: '0 0 4px' }}>{block.label}</div>
          <div style={s.quote}>
            {block.text.split(/\r?\n/).map((l, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {`> ${l}`}
              </span>
            ))}
          </div>
        </div>
      );
    case 'list':
      return (
        <ul style={s.items}>
          {block.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      );
    case 'items':
      return (
        <ul style={s.items}>
          {block.items.map((item, i) => (
            <li key={i}>
              {`${item.title}: ${item.price}`}
              {item.extras.map((e, j) => (
                <span key={j} style={s.extra}>
                  <br />
                  {e}
                </span>
              ))}
            </li>
          ))}
        </ul>
      );
  }
}

function ShopMail({ content }: { content: MailContent }) {
  const full = (content.footer ?? 'full') === 'full';
  const shop = mailIdentity();
  const t = mailWords(content.language);
  const phone = t('footer.phone', { phone: shop.phone });
  return (
    <Html lang={content.language ?? 'en'}>
      <Head />
      <Preview>{content.preview ?? content.title}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={s.brand}>{shop.trading_name}</Section>
          <Section style={s.main}>
            <Heading as="h1" style={s.h1}>
              {content.title}
            </Heading>
            {content.blocks.map((b, i) => (
              <Block key={i} block={b} />
            ))}
          </Section>
          <Hr style={s.hr} />
          <Section style={s.footer}>
            <Lines
              style={{ margin: 0 }}
              lines={
                full
                  ? [
                      shop.trading_name,
                      identityAddress(shop),
                      t('footer.hours', { hours: shopHoursLabel(content.language) }),
                      phone,
                    ]
                  : [shop.trading_name, phone]
              }
            />
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

type Elem = { type?: string; data?: string; children?: Elem[]; attribs?: Record<string, string> };
const textOf = (nodes: Elem[] | undefined): string =>
  (nodes ?? []).map((n) => (n.type === 'text' ? (n.data ?? '') : textOf(n.children))).join('');

// Compiled once, as React Email's toPlainText builds them (its selectors first, no wrapping): toPlainText built the
// selector tree again on every call, four fifths of each conversion's CPU, and every order placed converts a mail.
const toMailText = compile({
  wordwrap: false,
  selectors: [
    ...plainTextSelectors,
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 2 } },
    { selector: 'hr', format: 'blockString', options: { string: '--', leadingLineBreaks: 2, trailingLineBreaks: 1 } },
    { selector: 'a', format: 'mailLink' },
    { selector: 'ul', options: { itemPrefix: '- ' } },
  ],
  formatters: {
    mailLink: (elem, walk, builder) => {
      const href = (elem as Elem).attribs?.href ?? '';
      const label = (elem as Elem).attribs?.['data-text-label'] ?? textOf((elem as Elem).children).trim();
      builder.addInline(label === href || !href ? label : `${label}: ${href}`, { noWordTransform: true });
    },
    blockString: (_elem, _walk, builder, options) => {
      builder.openBlock({ leadingLineBreaks: options.leadingLineBreaks ?? 1 });
      builder.addInline(String((options as { string?: string }).string ?? ''));
      builder.closeBlock({ trailingLineBreaks: options.trailingLineBreaks ?? 1 });
    },
  },
});

/**
 * The plain-text part, read from the HTML: paragraphs apart by a blank line, the lines of a paragraph each on their
 * own, a link as "label: address" (the address alone when it is the label), the title as written (not upper case).
 */
export function htmlToMailText(html: string): string {
  return `${toMailText(html)
    .replace(/[ \t]+$/gm, '')
    .trim()}\n`;
}

/** A mail's HTML and plain-text parts from its blocks. */
export function renderMail(content: MailContent): { html: string; text: string } {
  const html = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">${renderToStaticMarkup(<ShopMail content={content} />)}`;
  return { html, text: htmlToMailText(html) };
}
