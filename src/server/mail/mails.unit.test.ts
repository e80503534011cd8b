import { describe, expect, it } from 'vitest';
import { pinEmail, signInRestrictedEmail } from '../auth/pin-email';
import { contactReceiptMail, replyMail, staffNotification } from '../contact/mail';
import { statementMail } from '../department-reports/monthly-statements';
import { dueDateChangedMail } from '../due-dates/due-date-mail';
import {
  approvalRequestMail,
  newOrderNoticeMail,
  orderEditedMail,
  orderReceivedMail,
  statusMail,
} from '../orders/mails';
import { moneyMail } from '../payments/mails';
import type { OutgoingMail } from './outbox';
import { sampleCustomer, sampleOrder } from '../test/sample-order';

// Every kind of mail the shop sends, rendered from the one template: its plain text read line by line (each fact on
// its own line, no glued lines, links last on their line), and its HTML carrying the same facts and links.

const APP = 'http://shop.test';

const customer = sampleCustomer;
const order = sampleOrder;

const ORDER_LINK = `${APP}/orders?order=7`;
/** What every customer mail about an order says, each on a line of its own. */
const ORDER_FACTS = [
  'Order: CSU-20261126-0007',
  'Ready by (estimate): Wed, Dec 2, 2026',
  '- 2 x Duty Polo - Navy, size M: $100.00',
  'Subtotal: $100.00',
  'Total: $115.80',
  `Your order: ${ORDER_LINK}`,
];
const FOOTER = [
  'Copper State Uniforms',
  '2150 W Grant St, Phoenix, AZ 85009',
  'Open Monday to Friday, 08:00-17:00',
  'Phone (602) 555-0148',
];

type Case = { mail: OutgoingMail; kind: string; lines: string[]; short?: boolean };

const shipped = order({
  status: 'shipped',
  carrier: 'UPS',
  tracking_number: '1Z999AA10123456784',
  tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
});
const statementRow = {
  orderNumber: 'CSU-20261103-0001',
  createdAt: new Date('2026-11-03T17:00:00Z'),
  status: 'pending' as const,
  totalCents: 4000,
  allowanceCents: 6000,
  email: 'dana@example.test',
  first: 'Dana',
  last: 'Ramirez',
};

const CASES: Record<string, Case> = {
  'sign-in code': {
    mail: pinEmail('dana@example.test', '482913'),
    kind: 'login_code',
    lines: ['Your sign-in code', 'Your Copper State Uniforms sign-in code is:', '482913'],
    short: true,
  },
  'sign-in restricted': {
    mail: signInRestrictedEmail('dana@example.test'),
    kind: 'signin_restricted',
    lines: ['Sign-in request', 'If you need access, reply to this e-mail or call us at (602) 555-0148.'],
    short: true,
  },
  'order received, card': {
    mail: orderReceivedMail(order(), customer, APP, `${APP}/invoice/tok`),
    kind: 'order_received',
    lines: [
      'Order CSU-20261126-0007 received',
      'Thank you for your order.',
      'We will start on it shortly and e-mail you when it is ready.',
      // Worded for both cases: the customer may be paying at Stripe as it is sent.
      `Not paid by card yet? Finish paying $115.80 online: ${APP}/orders?pay=7`,
      ...ORDER_FACTS,
      'To pay by card: $115.80. Paid online already? Your receipt comes by e-mail.',
      `Your invoice: ${APP}/invoice/tok`,
    ],
  },
  'approval request': {
    mail: approvalRequestMail(
      order({ status: 'awaiting_approval', department_name: 'Mesa Fire' }, { method: 'account' }),
      customer,
      'chief@mesa.gov',
      'tok123',
      APP,
    ),
    kind: 'approval_request',
    lines: [
      'Approval needed: order CSU-20261126-0007',
      'Order total: $115.80',
      `Approve: ${APP}/approval/tok123`,
      `Deny: ${APP}/denial/tok123`,
      'Department: Mesa Fire',
    ],
  },
  approved: {
    mail: statusMail(order(), customer, { approvedBy: 'chief@mesa.gov', appUrl: APP }),
    kind: 'order_pending',
    lines: ['Order CSU-20261126-0007 approved', 'Your order was approved and is now in our queue.', ...ORDER_FACTS],
  },
  denied: {
    mail: statusMail(order({ status: 'denied' }, { balance: 0, amount_due: 0 }), customer, {
      reason: 'Over budget',
      appUrl: APP,
    }),
    kind: 'order_denied',
    lines: ['Your order was denied. You can modify it and send it again from My Orders.', 'Reason: Over budget'],
  },
  'ready for pickup': {
    mail: statusMail(order({ status: 'ready_for_pickup', fulfillment: 'pickup' }, { method: 'pickup' }), customer, {
      appUrl: APP,
    }),
    kind: 'order_ready_for_pickup',
    lines: [
      'Please bring $115.80: the balance to pay when you collect it.',
      'Collect it at 2150 W Grant St, Phoenix, Monday to Friday, 08:00-17:00.',
      'Pickup at the shop (free)',
      ...ORDER_FACTS,
    ],
  },
  shipped: {
    mail: statusMail(shipped, customer, { comments: 'On its way', appUrl: APP }),
    kind: 'order_shipped',
    lines: [
      'Your order has shipped.',
      'Comments: On its way',
      'Carrier: UPS',
      'Tracking number: 1Z999AA10123456784',
      'Track your package: https://www.ups.com/track?tracknum=1Z999AA10123456784',
    ],
  },
  cancelled: {
    mail: statusMail(order({ status: 'cancelled' }, { amount_paid: 115.8, balance: 0, status: 'refunded' }), customer, {
      reason: 'Customer asked',
      appUrl: APP,
    }),
    kind: 'order_cancelled',
    lines: ['Your order was cancelled.', 'Reason: Customer asked', ...ORDER_FACTS],
  },
  'moved back from production': {
    mail: statusMail(order(), customer, { steppedBack: true, reason: 'Name spelled wrong', appUrl: APP }),
    kind: 'order_pending',
    lines: ['Order CSU-20261126-0007 moved back from production', 'Reason: Name spelled wrong'],
  },
  'shop notice of a new order': {
    mail: newOrderNoticeMail(order(), customer, 'staff@shop.test', 'placed', APP),
    kind: 'shop_new_order',
    lines: [
      'New order CSU-20261126-0007',
      `Open it: ${APP}/admin/orders?order=7`,
      'Customer: "Dana Ramirez" <dana@example.test>',
    ],
  },
  'order edited': {
    mail: orderEditedMail(order(), customer, { details: 'Polo M -> L', comments: 'As asked', appUrl: APP }),
    kind: 'order_edited',
    lines: ['Order CSU-20261126-0007 changed', 'Changes: Polo M -> L', 'Comments: As asked', ...ORDER_FACTS],
  },
  'new due date': {
    mail: dueDateChangedMail(order(), customer, { was: '2026-11-30', comments: null, appUrl: APP }),
    kind: 'order_due_date',
    lines: [
      'The shop changed when your order will be ready: Wed, Dec 2, 2026 (it was Mon, Nov 30, 2026).',
      ...ORDER_FACTS,
    ],
  },
  refund: {
    mail: moneyMail(
      order({}, { amount_paid: 100, balance: 15.8, status: 'partially_refunded' }),
      customer,
      { kind: 'refund', cents: 1580, reason: 'Late' },
      APP,
    ),
    kind: 'order_refund',
    lines: [
      'Refund of $15.80 on order CSU-20261126-0007',
      'We gave back $15.80 on your order CSU-20261126-0007.',
      'Reason: Late',
      'Balance due: $15.80.',
      ...ORDER_FACTS,
    ],
  },
  credit: {
    mail: moneyMail(order({}, { balance: 105.8 }), customer, { kind: 'credit', cents: 1000, reason: 'Sorry' }, APP),
    kind: 'order_credit',
    lines: [
      'We took $10.00 off what your order CSU-20261126-0007 owes.',
      'To pay by card: $105.80. Paid online already? Your receipt comes by e-mail.',
      ...ORDER_FACTS,
      'Order total: $115.80',
      'Left to pay: $105.80',
    ],
  },
  'staff notice of a message': {
    mail: staffNotification(
      ['staff@shop.test'],
      {
        conversationId: 3,
        name: 'Mary',
        email: 'mary@example.test',
        phone: '6025550199',
        body: 'Hello team,\nDo you do caps?',
        reason: null,
        orderNumber: null,
      },
      APP,
    )[0]!,
    kind: 'contact_staff_notification',
    lines: [
      'From: "Mary" <mary@example.test>',
      'Phone: 6025550199',
      'Their message:',
      '> Hello team,',
      '> Do you do caps?',
      `Open the conversation: ${APP}/admin/messages/3`,
    ],
  },
  'reply to a message': {
    mail: replyMail({
      to: 'mary@example.test',
      name: 'Mary',
      reply: 'Yes, we do.\nFrom $18.\n\nBest, the shop',
      original: 'Do you do caps?',
      messagesUrl: `${APP}/messages`,
    }),
    kind: 'contact_reply',
    lines: [
      'Hello "Mary",',
      'Yes, we do.',
      'From $18.',
      'Best, the shop',
      `You can answer this e-mail, or read and answer the whole conversation in the shop: ${APP}/messages`,
      'Your message:',
      '> Do you do caps?',
    ],
  },
  'contact receipt': {
    mail: contactReceiptMail({ email: 'mary@example.test', body: 'Do you do caps?\nThanks' }),
    kind: 'contact_receipt',
    lines: ['We received your message', 'Your message:', '> Do you do caps?', '> Thanks'],
  },
  'department statement': {
    mail: statementMail('Mesa Fire', '2026-11', [statementRow], 'chief@mesa.gov'),
    kind: 'department_statement',
    lines: [
      'Mesa Fire: orders in November 2026',
      '- CSU-20261103-0001 · Nov 3, 2026 · "Dana Ramirez" · Pending · $100.00 (allowance $60.00, member pays $40.00)',
    ],
  },
};

const decode = (s: string) =>
  s
    .replace(/&nbsp;|&#xA0;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The HTML's words as a reader sees them: tags gone, entities decoded, one space between words. */
const visibleText = (html: string) =>
  decode(html.replace(/<head>[\s\S]*?<\/head>/, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1]!));
const URL_RE = /https?:\/\/\S+/g;

describe.each(Object.entries(CASES))('the %s mail', (_name, c) => {
  const lines = c.mail.text.split('\n');

  it('is of its kind and reads line by line: each fact on its own line', () => {
    expect(c.mail.kind).toBe(c.kind);
    for (const line of c.lines) expect(lines, `missing line: ${line}\n---\n${c.mail.text}`).toContain(line);
    // Nothing glued: an amount or a link never runs into the next words, a link ends its line.
    expect(c.mail.text).not.toMatch(/\$\d+\.\d\d[A-Za-z]/);
    expect(c.mail.text).not.toMatch(/[A-Za-z.)]https?:\/\//);
    for (const line of lines) {
      for (const url of line.match(URL_RE) ?? []) expect(line.endsWith(url), line).toBe(true);
    }
    expect(c.mail.text).not.toMatch(/<\/?[a-z]+[ >]|&amp;|&quot;|&#/);
    expect(c.mail.text).not.toMatch(/\n{3,}/);
    expect(c.mail.text.endsWith('\n')).toBe(true);
    // The title first (after the shop's name), the shop's own lines last.
    expect(lines.slice(0, 2)).toEqual(['Copper State Uniforms', '']);
    expect(c.mail.html).toContain(`>${lines[2]}</h1>`);
    const footer = c.short ? ['Copper State Uniforms', 'Phone (602) 555-0148'] : FOOTER;
    expect(lines.slice(-footer.length - 1, -1)).toEqual(footer);
  });

  it('carries the same facts and links in its HTML as in its text', () => {
    const html = c.mail.html;
    const seen = visibleText(html);
    const links = hrefs(html);
    for (const raw of lines) {
      const line = raw.replace(/^(- |> )/, '').trim();
      if (!line || line === '--') continue;
      const urls = line.match(URL_RE) ?? [];
      for (const url of urls) expect(links, `link of "${raw}"`).toContain(url);
      // A link's line says its label in HTML as a button or link; the rest of every line is in the HTML's words.
      if (urls.length === 0) expect(seen, `HTML lacks "${line}"`).toContain(line);
    }
    // And no link in the HTML that the text part does not give.
    for (const href of links) expect(c.mail.text, `text lacks ${href}`).toContain(href);
  });
});

describe('customer mails about an order', () => {
  it('all carry the link to the order, the estimate, what is owed and the shop address and hours', () => {
    const customerKinds = Object.values(CASES).filter(
      (c) => c.mail.to === customer.email && c.kind.startsWith('order_'),
    );
    expect(customerKinds.length).toBeGreaterThanOrEqual(10);
    for (const c of customerKinds) {
      const lines = c.mail.text.split('\n');
      expect(lines).toContain(`Your order: ${ORDER_LINK}`);
      expect(lines).toContain('Ready by (estimate): Wed, Dec 2, 2026');
      expect(
        lines.some((l) =>
          /^(Balance due: \$|To pay by card: \$|Nothing is owed|Paid: \$|The money you paid|\$[\d.]+ goes on)/.test(l),
        ),
      ).toBe(true);
      expect(lines).toContain('2150 W Grant St, Phoenix, AZ 85009');
      expect(lines).toContain('Open Monday to Friday, 08:00-17:00');
      expect(c.mail.html).toContain(`href="${ORDER_LINK}"`);
    }
  });

  it('escapes what a customer typed in the HTML', () => {
    const mail = orderReceivedMail(order({ notes: '<script>alert(1)</script> & more' }), customer, APP);
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Notes from the customer: "<script>alert(1)</script> & more"');
  });

  it('keeps the sign-in code mail short: no order, no address, the code alone on its line', () => {
    const mail = CASES['sign-in code']!.mail;
    expect(mail.text.split('\n').filter(Boolean).length).toBeLessThanOrEqual(10);
    expect(mail.text).not.toContain('Grant St');
  });
});
