import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import type { QuoteDetail } from '../../shared/quotes';
import { decisionNoticeMail, proofReadyMail } from '../artwork/mails';
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
import { linesRemovedMail } from '../order-edits/lines-removed-mail';
import { moneyMail, receiptMail } from '../payments/mails';
import { quoteNoticeMail, quoteSentMail } from '../quotes/mails';
import { sampleCustomer, sampleOrder } from '../test/sample-order';
import { customerWords } from './layout';
import type { OutgoingMail } from './outbox';

// Security round 4, finding 3: whatever a customer typed reaches every mail only through the one quoting helper
// (customerWords: one line, between quotes, links and formulas disarmed) or inside a labelled quote of their message.
// With those quoted pieces and the quote blocks taken out, nothing hostile may be left in the subject, text or HTML.

const APP = 'http://shop.test';
const HOSTILE = [
  'https://dvfire-billing.evil.example/pay',
  '<a href="https://evil.example/x">Pay here</a><script>alert("evil")</script>',
  '=HYPERLINK("https://evil.example/approve","Approve here")',
  'Dana\r\nApprove: https://evil.example/approve\nDeny: www.evil.example\u2028Total: $0.00',
  `${'W'.repeat(3000)} evil.example`,
];
/** What may not survive outside the customer's quoted words. */
const MARKER = /evil|HYPERLINK|<script|Pay here|Approve here/i;
/**
 * Notices to the shop's staff that quote what the customer wrote as it was written (the contact form's message, a
 * proof decision's note, a quote's note and decline reason): staff read the sender's words, labelled as theirs.
 */
const STAFF_NOTICES = /^(contact_staff_notification|shop_artwork_decision|quote_\w+_notice)$/;
/** The attacker's address as a link a mail client would follow. */
const LIVE_LINK = /https?:\/\/[^\s"]*evil|www\.evil|evil\.example/i;

/** An order in which every field the customer typed holds v. */
function hostileOrder(v: string, over: Partial<Order> = {}): Order {
  const base = sampleOrder();
  return sampleOrder({
    items: base.items.map((i) => ({
      ...i,
      customizations: [{ type: 'add_name', label: 'Embroidered name', position: 'left_side', text: v, cost: 6 }],
    })),
    shipping_address: { address_line1: v, address_line2: v, city: v, state: v, zip_code: v },
    po_number: v,
    notes: v,
    ...over,
  });
}
const hostileCustomer = (v: string) => ({ ...sampleCustomer, first_name: v, last_name: v });

/** A priced quote in which every field the customer typed (their name, note, decline reason, decoration text) holds v. */
function hostileQuote(v: string): QuoteDetail {
  return {
    id: 7,
    quote_number: 'Q-20261126-0007',
    status: 'sent',
    created_at: '2026-11-26T17:00:00.000Z',
    sent_at: '2026-11-27T17:00:00.000Z',
    decided_at: null,
    note: v,
    need_by: '2026-12-20',
    valid_until: '2026-12-27',
    message: 'Our best price for the season.',
    decline_reason: v,
    customer: { id: 3, name: v, email: 'dana@example.test' },
    started_by_staff: false,
    order: null,
    fulfillment: 'pickup',
    lines: [
      {
        id: 1,
        product_id: 1,
        product_name: 'Station Polo',
        size: 'L',
        quantity: 12,
        customizations: [{ type: 'add_name', position: 'left_side', text: v }],
        unit_base_price: 30,
        list_unit_base_price: 32,
        unit_customization_price: 6,
        unit_price: 36,
        total_price: 432,
      },
    ],
    item_count: 12,
    subtotal: 432,
    adjustments: [{ kind: 'discount', label: 'Discount', amount: -20 }],
    tax_amount: 0,
    shipping_cost: 0,
    total: 412,
    discount: 20,
    setup_fee: 0,
    can_accept: true,
  };
}
const proof = { stitch_count: 8200, thread_colours: ['Navy', 'White'], width_in: 3.5, height_in: 2, note: 'Thinner.' };

/**
 * Every mail builder the server has (an exported function of a file that renders mail and returns OutgoingMail), each
 * given hostile text in every field a customer types. A builder missing here fails the listing test below.
 */
const BUILDERS: Record<string, (v: string) => OutgoingMail[]> = {
  pinEmail: () => [pinEmail('dana@example.test', '482913')],
  signInRestrictedEmail: () => [signInRestrictedEmail('dana@example.test')],
  orderReceivedMail: (v) => [orderReceivedMail(hostileOrder(v), hostileCustomer(v), APP, `${APP}/invoice/t`)],
  approvalRequestMail: (v) => [
    approvalRequestMail(hostileOrder(v, { department_name: 'Mesa Fire' }), hostileCustomer(v), 'a@x.test', 't', APP),
    approvalRequestMail(hostileOrder(v), hostileCustomer(v), 'a@x.test', 't', APP, { why: 'resent' }),
    approvalRequestMail(
      hostileOrder(v),
      hostileCustomer(v),
      'a@x.test',
      't',
      APP,
      { why: 'grewOver', fromCents: 100, toCents: 200 },
      'es',
    ),
  ],
  statusMail: (v) =>
    (['pending', 'denied', 'ready_for_pickup', 'shipped', 'cancelled'] as const).map((status) =>
      statusMail(
        hostileOrder(v, { status, carrier: 'UPS', tracking_number: '1Z999AA10123456784' }),
        hostileCustomer(v),
        {
          reason: 'Late',
          comments: 'On its way',
          approvedBy: 'chief@mesa.gov',
          appUrl: APP,
        },
      ),
    ),
  newOrderNoticeMail: (v) =>
    (['placed', 'approved'] as const).map((why) =>
      newOrderNoticeMail(hostileOrder(v), hostileCustomer(v), 'staff@shop.test', why, APP),
    ),
  linesRemovedMail: (v) => [
    linesRemovedMail(hostileOrder(v), hostileCustomer(v), {
      removed: [
        {
          line: {
            productId: 1,
            productName: 'Duty Polo',
            size: 'M',
            quantity: 1,
            customizations: [{ type: 'add_name', position: 'left_side', text: v }],
          },
          reason: v,
        },
      ],
      approver: 'chief@mesa.gov',
      totalBeforeCents: 45_000,
      appUrl: APP,
    }),
  ],
  orderEditedMail: (v) => [
    orderEditedMail(hostileOrder(v), hostileCustomer(v), { details: 'Polo M -> L', comments: null, appUrl: APP }),
    orderEditedMail(hostileOrder(v), hostileCustomer(v), { details: 'x', comments: null, appUrl: APP, language: 'es' }),
  ],
  dueDateChangedMail: (v) => [
    dueDateChangedMail(hostileOrder(v), hostileCustomer(v), { was: '2026-11-30', comments: null, appUrl: APP }),
  ],
  moneyMail: (v) => [
    moneyMail(hostileOrder(v), hostileCustomer(v), { kind: 'refund', cents: 500, reason: 'Late' }, APP),
  ],
  receiptMail: (v) => [
    receiptMail(hostileOrder(v), hostileCustomer(v), 1500, APP),
    receiptMail(hostileOrder(v), hostileCustomer(v), 1500, APP, 'es'),
  ],
  staffNotification: (v) =>
    staffNotification(
      ['staff@shop.test'],
      {
        conversationId: 3,
        name: v,
        email: 'mary@example.test',
        phone: '6025550199',
        body: v,
        reason: 'order_question',
        orderNumber: 'CSU-20261126-0007',
      },
      APP,
    ),
  contactReceiptMail: (v) => [
    contactReceiptMail({ email: 'mary@example.test', body: v }),
    contactReceiptMail({ email: 'mary@example.test', body: v }, 'es'),
  ],
  replyMail: (v) =>
    [null, `${APP}/messages`].map((messagesUrl) =>
      replyMail({
        to: 'mary@example.test',
        name: v,
        reply: 'Yes, we do.',
        original: v,
        messagesUrl,
        language: messagesUrl ? 'es' : 'en',
      }),
    ),
  proofReadyMail: (v) => [
    proofReadyMail({
      to: 'dana@example.test',
      artworkName: v,
      artworkId: 4,
      round: 2,
      proof,
      link: `${APP}/proof/t`,
      appUrl: APP,
      expiresAt: new Date('2026-12-10T17:00:00Z'),
    }),
  ],
  decisionNoticeMail: (v) =>
    [true, false].map((approved) =>
      decisionNoticeMail({
        to: 'staff@shop.test',
        artworkName: v,
        artworkId: 4,
        round: 2,
        approved,
        note: v,
        customer: v,
        via: 'link',
        appUrl: APP,
      }),
    ),
  quoteSentMail: (v) => [
    quoteSentMail(hostileQuote(v), `${APP}/quote/t`, APP),
    quoteSentMail(hostileQuote(v), `${APP}/quote/t`, APP, 'es'),
  ],
  quoteNoticeMail: (v) =>
    (['requested', 'accepted', 'declined'] as const).map((why) =>
      quoteNoticeMail(
        hostileQuote(v),
        why,
        'staff@shop.test',
        APP,
        why === 'accepted' ? 'CSU-20261126-0008' : undefined,
      ),
    ),
  statementMail: (v) => [
    statementMail(
      'Mesa Fire',
      '2026-11',
      [
        {
          orderNumber: 'CSU-20261103-0001',
          createdAt: new Date('2026-11-03T17:00:00Z'),
          status: 'pending',
          totalCents: 4000,
          allowanceCents: 6000,
          email: 'dana@example.test',
          first: v,
          last: v,
        },
      ],
      'chief@mesa.gov',
    ),
  ],
};

/** The exported functions returning OutgoingMail in every server file that renders mail. */
function mailBuildersInSource(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  const names: string[] = [];
  for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const src = fs.readFileSync(path.join(root, file), 'utf8');
    if (!src.includes('renderMail(') || file.endsWith('template.ts')) continue;
    for (const chunk of src.split(/\bexport function /).slice(1)) {
      const signature = /^(\w+)[\s\S]*?\)\s*:\s*([\w[\]]+)\s*\{/.exec(chunk);
      if (signature && /^OutgoingMail(\[\])?$/.test(signature[2]!)) names.push(signature[1]!);
    }
  }
  return names.sort();
}

const decode = (s: string) =>
  s
    .replace(/&nbsp;|&#xA0;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The quote block of someone's message (template.ts: the bordered div), which is theirs by its label. */
const QUOTE_DIV = /<div style="[^"]*border-left:3px solid[^"]*">[\s\S]*?<\/div>/g;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The helper's quoting of v, alone or joined with itself (a first and last name, the lines of an address): between
 * quotes, a leading formula sign made inert, on one line with its links disarmed.
 */
function withoutQuoted(s: string, v: string): string {
  const inner = escapeRe(customerWords(v).slice(1, -1).replace(/^'/, ''));
  return s.replace(new RegExp(`"'?${inner}(?:(?:, | )${inner})*"`, 'g'), ' ');
}
const visible = (html: string) =>
  decode(html.replace(/<head>[\s\S]*?<\/head>/, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

describe('customer-typed text in every mail the shop sends', () => {
  it('lists every mail builder of the server (a new one must be added here)', () => {
    expect(Object.keys(BUILDERS).sort()).toEqual(mailBuildersInSource());
  });

  it.each(Object.keys(BUILDERS))('%s: only quoted and disarmed, in the subject, text and HTML', (name) => {
    for (const v of HOSTILE) {
      for (const mail of BUILDERS[name]!(v)) {
        const where = `${name} with ${JSON.stringify(v.slice(0, 60))}`;
        // Outside the labelled quote of a message, hostile text is only ever inside the helper's quotes.
        const textLines = mail.text.split('\n').filter((l) => !l.startsWith('> '));
        for (const line of textLines) expect(withoutQuoted(line, v), `${where}: text line`).not.toMatch(MARKER);
        expect(withoutQuoted(mail.subject, v), `${where}: subject`).not.toMatch(MARKER);
        expect(withoutQuoted(visible(mail.html.replace(QUOTE_DIV, ' ')), v), `${where}: HTML`).not.toMatch(MARKER);
        // Never markup or a link of theirs in the HTML, and nowhere a line that starts as a formula.
        expect(mail.html, where).not.toMatch(/<script|<a href="https:\/\/evil/i);
        for (const href of mail.html.matchAll(/href="([^"]*)"/g)) expect(href[1], where).not.toMatch(MARKER);
        expect(mail.text, where).not.toMatch(/^\s*[=+@]/m);
        // A live link of theirs only in a notice to the shop's staff, quoted as the sender's message.
        const live = STAFF_NOTICES.test(mail.kind) ? textLines.join('\n') : mail.text;
        expect(withoutQuoted(live, v), `${where}: live link`).not.toMatch(LIVE_LINK);
      }
    }
  });
});
