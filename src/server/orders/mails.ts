import { CUSTOMIZATION_LABELS, POSITION_LABELS, type Customization } from '../../shared/cart';
import { adjustmentAmount, formatUsd } from '../../shared/money';
import { customerStatusText } from '../../shared/order-status-words';
import { STATUS_LABELS, type Order, type OrderCustomer, type OrderStatus } from '../../shared/orders';
import type { OutgoingMail } from '../mail/outbox';
import { customerWords, escapeHtml as esc, renderEmail } from '../mail/layout';
import { formatShopDateTime } from '../../shared/time';
import { formatDueDay } from '../../shared/due-date-rules';
import { BUSINESS } from '../../shared/business';
import { customerName } from './dto';

const side = (p: Customization['position']) => POSITION_LABELS[p].toLowerCase();
export const customizationText = (c: Customization) =>
  `${CUSTOMIZATION_LABELS[c.type]}${c.text ? ` ${customerWords(c.text)}` : ''} (${side(c.position)})`;
/** The customer's name as they typed it, quoted and disarmed (security round 3, finding 11). */
const quotedName = (c: OrderCustomer) => customerWords(customerName(c));

/** The order as an approver or customer needs to read it: lines, customisations, totals, PO number. */
export function orderSummary(order: Order, customer: OrderCustomer) {
  const rows = order.items.map((i) => ({
    title: `${i.quantity} x ${i.product_name}, size ${i.size}`,
    extras: i.customizations.map(customizationText),
    price: formatUsd(i.total_price),
  }));
  const delivery =
    order.fulfillment === 'pickup'
      ? 'Pickup at the shop (free)'
      : `Shipping to ${customerWords([order.shipping_address?.address_line1, order.shipping_address?.address_line2, order.shipping_address?.city, `${order.shipping_address?.state} ${order.shipping_address?.zip_code}`].filter(Boolean).join(', '))}`;
  const facts = [
    `Order: ${order.order_number}`,
    // The same words as the customer's badge and timeline in My Orders.
    `Status: ${customerStatusText(order)}`,
    `Placed: ${formatShopDateTime(order.created_at)}`,
    `Ready by (estimate): ${formatDueDay(order.due_date)}`,
    `Customer: ${quotedName(customer)} <${customer.email}>`,
    ...(order.department_name ? [`Department: ${order.department_name}`] : []),
    ...(order.po_number ? [`PO number (from the customer): ${customerWords(order.po_number)}`] : []),
    delivery,
    ...(order.notes ? [`Notes from the customer: ${customerWords(order.notes)}`] : []),
  ];
  // The order's own adjustments, as its details and the checkout show them: one set of figures everywhere.
  const totals = [
    `Subtotal: ${formatUsd(order.subtotal)}`,
    ...order.adjustments.map((a) => `${a.label}: ${adjustmentAmount(a)}`),
    `Total: ${formatUsd(order.total)}`,
  ];
  const text = [
    ...facts,
    '',
    ...rows.flatMap((r) => [`- ${r.title}: ${r.price}`, ...r.extras.map((e) => `    ${e}`)]),
    '',
    ...totals,
  ].join('\n');
  const html = `<p style="margin:0 0 12px">${facts.map(esc).join('<br>')}</p>
<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px">
${rows
  .map(
    (r) =>
      `<tr style="border-bottom:1px solid #e5e7eb"><td>${esc(r.title)}${r.extras.map((e) => `<br><span style="color:#6b7280">${esc(e)}</span>`).join('')}</td><td align="right" valign="top">${esc(r.price)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:12px 0 0;text-align:right">${totals.map(esc).join('<br>')}</p>`;
  return { text, html };
}

const button = (href: string, label: string, color: string) =>
  `<a href="${esc(href)}" style="display:inline-block;background:${color};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;margin:0 8px 8px 0">${esc(label)}</a>`;

const awaitingNotice = (order: Order) =>
  `Your order has been sent to ${order.department_name ?? 'your department'} for approval. We will e-mail you once it is decided.`;

/**
 * A card order that may be paid now (not awaiting approval, a balance left) carries a "Pay now" link to the
 * order page, which starts Stripe Checkout; without the app's URL it says where to pay.
 */
export function payNow(order: Order, appUrl?: string): { text: string; html: string } {
  const due = order.payment.method === 'card' && order.status === 'pending' && order.payment.balance > 0;
  if (!due) return { text: '', html: '' };
  const line = `Pay ${formatUsd(order.payment.balance)} by card online`;
  if (!appUrl) return { text: `${line} from My Orders.\n\n`, html: `<p>${esc(line)} from My Orders.</p>` };
  const link = `${appUrl}/orders?pay=${order.id}`;
  return { text: `${line}: ${link}\n\n`, html: `<p>${esc(line)}.</p><p>${button(link, 'Pay now', '#1d4ed8')}</p>` };
}

/** The signed link to the printable invoice (no login), when the caller has one. */
function invoiceLine(invoiceUrl?: string): { text: string; html: string } {
  if (!invoiceUrl) return { text: '', html: '' };
  return {
    text: `Your invoice: ${invoiceUrl}\n\n`,
    html: `<p><a href="${esc(invoiceUrl)}">View or print your invoice</a></p>`,
  };
}

export function orderReceivedMail(
  order: Order,
  customer: OrderCustomer,
  appUrl?: string,
  invoiceUrl?: string,
): OutgoingMail {
  const s = orderSummary(order, customer);
  const next =
    order.status === 'awaiting_approval'
      ? awaitingNotice(order)
      : order.payment.method === 'invoice'
        ? `Your invoice for ${formatUsd(order.payment.balance)} is linked below: pay it from My Orders when card payment is offered there, or by phone or cheque. We ship once it is paid.`
        : 'We will start on it shortly and e-mail you when it is ready.';
  const title = `Order ${order.order_number} received`;
  const pay = payNow(order, appUrl);
  const invoice = invoiceLine(invoiceUrl);
  const body = renderEmail({
    title,
    bodyText: `Thank you for your order.\n${next}\n\n${pay.text}${s.text}${invoice.text}`,
    bodyHtml: `<p>Thank you for your order.</p><p>${esc(next)}</p>${pay.html}${s.html}${invoice.html}`,
  });
  return { to: customer.email, subject: title, kind: 'order_received', ...body };
}

/** The approver's view of the cost, each figure labelled (payments' split of the order: order.payment.split). */
export function approverCost(order: Order): string[] {
  const c = order.payment.split;
  return [
    `Order total: ${formatUsd(c.order_total)}`,
    `Paid from the allowance: ${formatUsd(c.allowance)}`,
    `On the department's account: ${formatUsd(c.department_account)}`,
    `The member pays: ${formatUsd(c.member_pays)}`,
  ];
}

export function approvalRequestMail(
  order: Order,
  customer: OrderCustomer,
  approver: string,
  token: string,
  appUrl: string,
  /** Why an order already sent comes again (a staff edit that grew its total); earlier links no longer work. */
  again?: string,
): OutgoingMail {
  const s = orderSummary(order, customer);
  const approve = `${appUrl}/approval/${token}`;
  const deny = `${appUrl}/denial/${token}`;
  const title = `Approval needed: order ${order.order_number}`;
  const placed = again
    ? `${again} The order of the customer ${quotedName(customer)} needs your approval again for ${order.department_name ?? 'your department'}; links from earlier e-mails no longer work.`
    : `The customer ${quotedName(customer)} placed an order that needs your approval for ${order.department_name ?? 'your department'}.`;
  const intro = `${placed} Opening a link shows the order; nothing is decided until you press the button there. The links work once and expire in 7 days.`;
  const cost = approverCost(order);
  const body = renderEmail({
    title,
    bodyText: `${intro}\n\n${cost.join('\n')}\n\nApprove: ${approve}\nDeny: ${deny}\n\n${s.text}`,
    bodyHtml: `<p>${esc(intro)}</p><p>${cost.map(esc).join('<br>')}</p><p>${button(approve, 'Review and approve', '#15803d')}${button(deny, 'Review and deny', '#b91c1c')}</p>${s.html}`,
  });
  return { to: approver, subject: title, kind: 'approval_request', ...body };
}

const STATUS_NEWS: Partial<Record<OrderStatus, string>> = {
  pending: 'Your order was approved and is now in our queue.',
  denied: 'Your order was denied. You can modify it and send it again from My Orders.',
  ready_for_pickup: 'Your order is ready for pickup at the shop.',
  shipped: 'Your order has shipped.',
  cancelled: 'Your order was cancelled.',
};

/**
 * What the order's account means for the customer, in words, read from the account payments derived (order.payment);
 * nothing here computes money. Used by the cancellation, refund, credit and ready-for-pickup mails.
 */
export function moneyNews(order: Order): string[] {
  const p = order.payment;
  if (p.refund_due)
    return [`The ${formatUsd(p.refund_due_amount)} paid above what the order owes will be refunded to you.`];
  if (p.status === 'refunded') return ['The money you paid has been given back. Nothing is owed on this order.'];
  if (p.balance > 0 && p.method === 'account') {
    return [`${formatUsd(p.balance)} goes on ${order.department_name ?? 'your department'}'s account.`];
  }
  if (p.balance > 0) return [`Balance due: ${formatUsd(p.balance)}.`];
  if (p.amount_paid > 0) return [`Paid: ${formatUsd(p.amount_paid)}. Nothing more is owed.`];
  return ['Nothing is owed on this order.'];
}

/** Where and when to collect, and what to bring. */
function pickupLines(order: Order): string[] {
  if (order.status !== 'ready_for_pickup') return [];
  const a = BUSINESS.address;
  const p = order.payment;
  const owed =
    p.balance > 0 && p.method !== 'account'
      ? `Please bring ${formatUsd(p.balance)}: the balance to pay when you collect it.`
      : 'Nothing to pay when you collect it.';
  return [owed, `Collect it at ${a.street}, ${a.city}, ${BUSINESS.hours.label}.`];
}
export const NOTIFY_STATUSES = Object.keys(STATUS_NEWS) as OrderStatus[];

/** The carrier, the tracking number and the carrier's tracking page, once a shipping order has shipped. */
function shipmentLines(order: Order): string[] {
  if (order.status !== 'shipped' || !order.tracking_number) return [];
  return [
    ...(order.carrier ? [`Carrier: ${order.carrier}`] : []),
    `Tracking number: ${order.tracking_number}`,
    ...(order.tracking_url ? [`Track your package: ${order.tracking_url}`] : []),
  ];
}

export function statusMail(
  order: Order,
  customer: OrderCustomer,
  opts: {
    reason?: string | null;
    comments?: string | null;
    approvedBy?: string | null;
    /** Moved back out of production, to be changed before it is made. */
    steppedBack?: boolean;
    appUrl?: string;
  },
): OutgoingMail {
  const s = orderSummary(order, customer);
  const heading = opts.steppedBack
    ? 'moved back from production'
    : order.status === 'pending' && opts.approvedBy
      ? 'approved'
      : STATUS_LABELS[order.status].toLowerCase();
  const title = `Order ${order.order_number} ${heading}`;
  const news = opts.steppedBack
    ? 'We paused production of your order and moved it back to our queue, so it can be changed before it is made.'
    : STATUS_NEWS[order.status];
  const lines = [
    news ?? `Your order is now: ${customerStatusText(order)}.`,
    ...(opts.reason ? [`Reason: ${opts.reason}`] : []),
    ...(opts.comments ? [`Comments: ${opts.comments}`] : []),
    ...shipmentLines(order),
    ...pickupLines(order),
    ...(order.status === 'cancelled' ? moneyNews(order) : []),
  ];
  // Approval is when a card order becomes payable.
  const pay = opts.approvedBy ? payNow(order, opts.appUrl) : { text: '', html: '' };
  const body = renderEmail({
    title,
    bodyText: `${lines.join('\n')}\n\n${pay.text}${s.text}`,
    bodyHtml: `${lines.map((l) => `<p>${esc(l)}</p>`).join('')}${pay.html}${s.html}`,
  });
  return { to: customer.email, subject: title, kind: `order_${order.status}`, ...body };
}

/** The shop's own notice of an order ready to make: a new pending order or one a department just approved. */
export function newOrderNoticeMail(
  order: Order,
  customer: OrderCustomer,
  to: string,
  why: 'placed' | 'approved',
  appUrl: string,
): OutgoingMail {
  const s = orderSummary(order, customer);
  const link = `${appUrl}/admin/orders?order=${order.id}`;
  const title = why === 'placed' ? `New order ${order.order_number}` : `Order ${order.order_number} approved`;
  const intro =
    why === 'placed'
      ? `The customer ${quotedName(customer)} placed an order; it is pending and ready for production.`
      : `${order.department_name ?? 'The department'} approved this order; it is pending and ready for production.`;
  const body = renderEmail({
    title,
    bodyText: `${intro}\n\nOpen it: ${link}\n\n${s.text}`,
    bodyHtml: `<p>${esc(intro)}</p><p>${button(link, 'Open the order', '#111827')}</p>${s.html}`,
  });
  return { to, subject: title, kind: 'shop_new_order', ...body };
}

/** A staff edit of the lines: what changed, the new lines and totals, staff's comments (never the internal note). */
export function orderEditedMail(
  order: Order,
  customer: OrderCustomer,
  opts: { details: string; comments: string | null; reason?: string | null },
): OutgoingMail {
  const s = orderSummary(order, customer);
  const title = `Order ${order.order_number} changed`;
  const lines = [
    'The shop changed the items of your order.',
    ...(opts.reason ? [`Reason: ${opts.reason}`] : []),
    `Changes: ${opts.details}`,
    ...(opts.comments ? [`Comments: ${opts.comments}`] : []),
    ...(order.status === 'awaiting_approval' ? [awaitingNotice(order)] : []),
  ];
  const body = renderEmail({
    title,
    bodyText: `${lines.join('\n')}\n\n${s.text}`,
    bodyHtml: `${lines.map((l) => `<p>${esc(l)}</p>`).join('')}${s.html}`,
  });
  return { to: customer.email, subject: title, kind: 'order_edited', ...body };
}
