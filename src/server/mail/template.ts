import type { CSSProperties } from 'react';
import { BUSINESS } from '../../shared/business';
import { identityAddress, type ShopIdentity } from '../../shared/shop-identity';
import type { Language } from '../../shared/languages';
import { mailWords } from './i18n';
import { escapeHtml } from './layout';
import { mailIdentity } from './shop-identity';

// Every mail the shop sends is drawn by this one template: a list of blocks becomes the HTML React Email's table
// layout gave (Body, Container, Section, Text, Button, Link, Hr, Preview), and the plain text is drawn from the same
// blocks, so both parts carry the same facts in the same order. It is written as strings because each order placed
// renders its mails inside the checkout request, and React with React Email, then html-to-text parsing the text back
// out of the HTML, were most of checkout's CPU (docs/performance.md, "The mail render as strings"). Builders stay
// synchronous inside the caller's transaction.

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
  footerLines: { margin: 0 },
} satisfies Record<string, CSSProperties>;

/** A style by its React names (camelCase; mso- ones too). */
type Style = Record<string, string | number | undefined>;

/** A style attribute's value as React writes it: kebab-case names, 0 bare, other numbers in px, values escaped. */
const css = (style: Style) =>
  Object.entries(style)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const value = typeof v === 'number' ? (v === 0 ? '0' : `${v}px`) : escapeHtml(String(v).trim());
      return `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`;
    })
    .join(';');

/** The CSS shorthand's four sides from one to four values, in px for a button's padding. */
function sides(value: string) {
  const [top, right = top, bottom = top, left = right] = value.trim().split(/\s+/) as [string, ...string[]];
  return { top, right, bottom, left };
}

/**
 * A paragraph's style as React Email's Text gave it: 14px/24px unless set, then the margin again side by side (for
 * Outlook), in its order: top, bottom, left, right for a single value, else top, right, bottom, left.
 */
function textStyle(style: Style & { margin: string | number }): Style {
  const { top, right, bottom, left } = sides(String(style.margin));
  const one = typeof style.margin === 'number' ? style.margin : top;
  const margins = /\S\s+\S/.test(String(style.margin))
    ? { marginTop: top, marginRight: right, marginBottom: bottom, marginLeft: left }
    : { marginTop: one, marginBottom: one, marginLeft: one, marginRight: one };
  return { fontSize: '14px', lineHeight: '24px', ...style, ...margins };
}

/**
 * React Email's Button: its padding again side by side in px, and Outlook's spacers (hair spaces as wide as the side
 * padding at a font width of at most 500 %, the text raised by the vertical padding in pt).
 */
function buttonParts(style: typeof s.button) {
  const pad = sides(style.padding);
  const px = (v: string) => Number.parseFloat(v);
  const [top, right, bottom, left] = [px(pad.top), px(pad.right), px(pad.bottom), px(pad.left)];
  const spacer = (px: number) => {
    const spaces = Math.ceil(px / 10);
    return { width: spaces ? (px / spaces / 2) * 100 : 0, spaces: '&#8202;'.repeat(spaces) };
  };
  const [l, r] = [spacer(left), spacer(right)];
  const defaults = { lineHeight: '100%', textDecoration: 'none', display: 'inline-block', maxWidth: '100%' };
  const sidesPx = { paddingTop: top, paddingRight: right, paddingBottom: bottom, paddingLeft: left };
  const open = (color: string) =>
    css({ ...defaults, msoPaddingAlt: '0px', ...style, backgroundColor: color, ...sidesPx });
  const label = css({ maxWidth: '100%', display: 'inline-block', lineHeight: '120%', msoPaddingAlt: '0px' });
  return {
    style: {
      primary: open(TONES.primary),
      approve: open(TONES.approve),
      deny: open(TONES.deny),
      dark: open(TONES.dark),
    },
    before: `<span><!--[if mso]><i style="mso-font-width:${l.width}%;mso-text-raise:${((top + bottom) * 3) / 4}" hidden>${l.spaces}</i><![endif]--></span><span style="${label};mso-text-raise:${(bottom * 3) / 4}px">`,
    after: `</span><span><!--[if mso]><i style="mso-font-width:${r.width}%" hidden>${r.spaces}&#8203;</i><![endif]--></span>`,
  };
}

/** Every style attribute, written once. */
const STYLE = {
  bodyTag: css({ backgroundColor: s.body.backgroundColor, margin: 0 }),
  body: css(s.body),
  container: css(s.container),
  brand: css(s.brand),
  main: css(s.main),
  h1: css(s.h1),
  p: css(textStyle(s.p)),
  note: css(textStyle(s.note)),
  totals: css(textStyle(s.totals)),
  code: css(textStyle(s.code)),
  link: css({ color: '#067df7', textDecorationLine: 'none' }),
  quoteBox: css({ margin: '0 0 12px' }),
  quoteLabel: css({ ...s.note, margin: '0 0 4px' }),
  quote: css(s.quote),
  items: css(s.items),
  extra: css(s.extra),
  hr: css({ width: '100%', border: 'none', borderTop: '1px solid #eaeaea', ...s.hr }),
  footer: css(s.footer),
  footerLines: css(textStyle(s.footerLines)),
};
const BUTTON = buttonParts(s.button);

const TABLE = 'align="center" width="100%" border="0" cellPadding="0" cellSpacing="0" role="presentation"';
const section = (style: string, inner: string) =>
  `<table ${TABLE} style="${style}"><tbody><tr><td>${inner}</td></tr></tbody></table>`;

/** React Email's Preview: up to 150 characters, padded with invisible ones so the client shows no body text. */
function preview(text: string): string {
  const shown = text.substring(0, 150);
  const pad =
    shown.length < 150 ? `<div>${'\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff'.repeat(150 - shown.length)}</div>` : '';
  return `<div style="display:none;overflow:hidden;line-height:1px;opacity:0;max-height:0;max-width:0" data-skip-in-text="true">${escapeHtml(shown)}${pad}</div>`;
}

/** React's test for a javascript: address (leading controls and spaces, tabs and newlines inside the word). */
const JAVASCRIPT_URL =
  // eslint-disable-next-line no-control-regex -- the C0 controls are what browsers skip before a scheme
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
/** An href as React wrote it: a javascript: address replaced by one that only throws. */
const safeHref = (href: string) =>
  JAVASCRIPT_URL.test(href)
    ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"
    : href;

/** Lines of one paragraph, joined by line breaks. */
const spans = (lines: string[], prefix = '') =>
  lines.map((l, i) => `<span>${i > 0 ? '<br/>' : ''}${escapeHtml(prefix + l)}</span>`).join('');

// The plain text keeps the layout the HTML-to-text conversion gave: within a paragraph, runs of HTML whitespace are
// one space and each line is its own; between blocks, the larger of the line breaks the two ask for (a paragraph two,
// a div one), where an empty block still counts.

/** A laid-out block of the text part: its text, the line breaks it wants before and after. */
type TextBlock = { text: string; before: number; after: number };

const words = (s: string) =>
  s
    .split(/[ \t\r\n\f\u200b]+/)
    .filter((w) => w !== '')
    .join(' ');
const textLines = (lines: string[], before: number, after: number, prefix = ''): TextBlock => ({
  text: lines.map((l) => words(prefix + l)).join('\n'),
  before,
  after,
});

/** Blocks inside a block, each apart from the one before by the larger of their line breaks. */
function stack(before: number, after: number, blocks: TextBlock[]): TextBlock {
  let text = '';
  let pending = 0;
  for (const b of blocks) {
    const breaks = Math.max(pending, b.before);
    if (text) text += '\n'.repeat(breaks) + b.text;
    else [text, before] = [b.text, breaks];
    pending = b.after;
  }
  return { text, before, after: Math.max(pending, after) };
}

/**
 * A bulleted list: none at all when empty, else its entries a line apart, each continued line indented, and asking for
 * only one line break before it (so it follows a quote on the next line).
 */
const bullets = (entries: string[][]): TextBlock[] =>
  entries.length
    ? [{ text: entries.map((e) => `- ${e.map(words).join('\n  ')}`).join('\n'), before: 1, after: 2 }]
    : [];

/**
 * A button's or link's text: "label: address", the label alone when it is the address or there is none; the label
 * trimmed, the textLabel as given.
 */
function linkText(block: { label: string; textLabel?: string; href: string }): TextBlock {
  const href = safeHref(block.href);
  const label = block.textLabel ?? block.label.trim();
  return textLines([label === href || !href ? label : `${label}: ${href}`], 2, 2);
}

function drawBlock(block: MailBlock): { html: string; text: TextBlock[] } {
  const linkAttributes = (b: { href: string; textLabel?: string }) =>
    `href="${escapeHtml(safeHref(b.href))}"${b.textLabel === undefined ? '' : ` data-text-label="${escapeHtml(b.textLabel)}"`}`;
  switch (block.kind) {
    case 'lines':
      return { html: `<p style="${STYLE.p}">${spans(block.lines)}</p>`, text: [textLines(block.lines, 2, 2)] };
    case 'note':
      return { html: `<p style="${STYLE.note}">${spans([block.text])}</p>`, text: [textLines([block.text], 2, 2)] };
    case 'totals':
      return { html: `<p style="${STYLE.totals}">${spans(block.lines)}</p>`, text: [textLines(block.lines, 2, 2)] };
    case 'code':
      return { html: `<p style="${STYLE.code}">${escapeHtml(block.code)}</p>`, text: [textLines([block.code], 2, 2)] };
    case 'button':
      return {
        html: `<p style="${STYLE.p}"><a ${linkAttributes(block)} style="${BUTTON.style[block.tone ?? 'primary']}" target="_blank">${BUTTON.before}${escapeHtml(block.label)}${BUTTON.after}</a></p>`,
        text: [linkText(block)],
      };
    case 'link':
      return {
        html: `<p style="${STYLE.p}"><a ${linkAttributes(block)} style="${STYLE.link}" target="_blank">${escapeHtml(block.label)}</a></p>`,
        text: [linkText(block)],
      };
    case 'quote': {
      // Divs, not paragraphs: the label sits on the line right above the quoted lines in the text part too.
      const lines = block.text.split(/\r?\n/);
      return {
        html: `<div style="${STYLE.quoteBox}"><div style="${STYLE.quoteLabel}">${escapeHtml(block.label)}</div><div style="${STYLE.quote}">${spans(lines, '> ')}</div></div>`,
        text: [stack(1, 1, [textLines([block.label], 1, 1), textLines(lines, 1, 1, '> ')])],
      };
    }
    case 'list':
      return {
        html: `<ul style="${STYLE.items}">${block.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
        text: bullets(block.lines.map((l) => [l])),
      };
    case 'items':
      return {
        html: `<ul style="${STYLE.items}">${block.items
          .map(
            (item) =>
              `<li>${escapeHtml(`${item.title}: ${item.price}`)}${item.extras.map((e) => `<span style="${STYLE.extra}"><br/>${escapeHtml(e)}</span>`).join('')}</li>`,
          )
          .join('')}</ul>`,
        text: bullets(block.items.map((item) => [`${item.title}: ${item.price}`, ...item.extras])),
      };
  }
}

// The footer's lines for the shop's identity of the moment, by language and length, kept until the identity changes:
// its i18next look-ups were a quarter of the CPU of a render without them.
let footers: { shop: ShopIdentity | null; lines: Map<string, string[]> } = { shop: null, lines: new Map() };
function footerLines(shop: ShopIdentity, language: Language | undefined, kind: 'full' | 'short'): string[] {
  if (footers.shop !== shop) footers = { shop, lines: new Map() };
  const key = `${language}:${kind}`;
  let lines = footers.lines.get(key);
  if (!lines) {
    const t = mailWords(language);
    const phone = t('footer.phone', { phone: shop.phone });
    lines =
      kind === 'full'
        ? [shop.trading_name, identityAddress(shop), t('footer.hours', { hours: shopHoursLabel(language) }), phone]
        : [shop.trading_name, phone];
    footers.lines.set(key, lines);
  }
  return lines;
}

/** A mail's HTML and plain-text parts from its blocks. */
export function renderMail(content: MailContent): { html: string; text: string } {
  const shop = mailIdentity();
  const footer = footerLines(shop, content.language, content.footer ?? 'full');
  const blocks = content.blocks.map(drawBlock);
  const html =
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">' +
    `<html dir="ltr" lang="${escapeHtml(content.language ?? 'en')}"><head><meta content="text/html; charset=UTF-8" http-equiv="Content-Type"/><meta name="x-apple-disable-message-reformatting"/></head>` +
    `<body style="${STYLE.bodyTag}">${preview(content.preview ?? content.title)}` +
    `<table border="0" width="100%" cellPadding="0" cellSpacing="0" role="presentation" align="center"><tbody><tr><td style="${STYLE.body}">` +
    `<table ${TABLE} style="${STYLE.container}"><tbody><tr style="width:100%"><td>` +
    section(STYLE.brand, escapeHtml(shop.trading_name)) +
    section(
      STYLE.main,
      `<h1 style="${STYLE.h1}">${escapeHtml(content.title)}</h1>${blocks.map((b) => b.html).join('')}`,
    ) +
    `<hr style="${STYLE.hr}"/>` +
    section(STYLE.footer, `<p style="${STYLE.footerLines}">${spans(footer)}</p>`) +
    '</td></tr></tbody></table></td></tr></tbody></table></body></html>';
  // Each table of the layout is a block two line breaks from its neighbours, as a paragraph is; the rule is "--".
  const { text } = stack(2, 2, [
    textLines([shop.trading_name], 2, 2),
    stack(2, 2, [textLines([content.title], 1, 2), ...blocks.flatMap((b) => b.text)]),
    { text: '--', before: 2, after: 1 },
    stack(2, 2, [textLines(footer, 2, 2)]),
  ]);
  return { html, text: `${text.replace(/[ \t]+$/gm, '').trim()}\n` };
}
