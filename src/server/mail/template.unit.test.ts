import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMail, type MailContent } from './template';

// The template writes its HTML as strings; these two mails are pinned to the bytes React Email's components and
// html-to-text gave them before (template-fixtures/, written by that renderer), so a change to a style, an attribute,
// the escaping or the text layout shows here. Every mail of the unit and API tests and 15,000 random contents were
// compared the same way when the renderer changed (docs/performance.md, "The mail render as strings").

/** An order received with every kind of block, markup and quotes in the words, a link that is its own address. */
const order: MailContent = {
  title: 'We received your order',
  preview: 'Order CSU-20261126-0007: $115.80',
  blocks: [
    { kind: 'lines', lines: ['Hi Dana,', "We've received your order & it's <being> reviewed."] },
    { kind: 'lines', lines: ['Order: CSU-20261126-0007', 'Ready by (estimate): Wed, Dec 2, 2026'] },
    {
      kind: 'items',
      items: [
        { title: '2 x Duty Polo - Navy, size M', price: '$100.00', extras: ['Embroidered name: "Dana"', 'Left chest'] },
        { title: '1 x Cap', price: '$15.80', extras: [] },
      ],
    },
    { kind: 'totals', lines: ['Subtotal: $100.00', 'Total: $115.80'] },
    {
      kind: 'button',
      label: 'Review and approve',
      textLabel: 'Approve',
      href: 'http://shop.test/approve?o=7&t="a"',
      tone: 'approve',
    },
    { kind: 'button', label: 'Your order', href: 'http://shop.test/orders?order=7' },
    { kind: 'link', label: 'http://shop.test/help', href: 'http://shop.test/help' },
    { kind: 'quote', label: 'Dana wrote:', text: 'Please  hurry\r\nthanks\n' },
    { kind: 'list', lines: ['First', ''] },
    { kind: 'note', text: 'Questions? Reply to this mail.' },
  ],
};

/** A short sign-in mail in Spanish: no preview (the title is), empty lists, a blocked address, an empty label. */
const signIn: MailContent = {
  title: 'Código\u200b de  acceso',
  blocks: [
    { kind: 'code', code: '123 456' },
    { kind: 'items', items: [] },
    { kind: 'list', lines: [] },
    { kind: 'lines', lines: [] },
    { kind: 'link', label: ' Abrir ', href: 'javascript:alert(1)' },
    { kind: 'button', label: 'Entrar', textLabel: '', href: '', tone: 'dark' },
  ],
  footer: 'short',
  language: 'es',
};

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'template-fixtures', name), 'utf8');

describe('renderMail', () => {
  it.each([
    ['order-received', order],
    ['sign-in-es', signIn],
  ] as const)('%s: the HTML and the text byte for byte as pinned', (name, content) => {
    const mail = renderMail(content);
    expect(mail.html).toBe(fixture(`${name}.html`));
    expect(mail.text).toBe(fixture(`${name}.txt`));
  });
});
