import { decorationLabel, POSITION_LABELS, type Customization } from '../../shared/cart';
import { adjustmentAmount, formatUsd } from '../../shared/money';
import { customerStatusText } from '../../shared/order-status-words';
import type { StatusWhere } from '../../shared/order-statuses';
import { STATUS_LABELS, type Order, type OrderCustomer, type OrderStatus } from '../../shared/orders';
import type { OutgoingMail } from '../mail/outbox';
import { customerWords } from '../mail/layout';
import { renderMail, type MailBlock, type MailContent } from '../mail/template';
import { formatShopDateTime } from '../../shared/time';
import { formatDueDay } from '../../shared/due-date-rules';
import { BUSINESS } from '../../shared/business';
import { mailIdentity } from '../mail/shop-identity';
import { customerName } from './dto';

const side = (p: Customization['position']) => POSITION_LABELS[p].toLowerCase();
export const customizationText = (c: Customization & { label?: string }) =>
  `${c.label ?? decorationLabel(c.type)}${c.text ? ` ${customerWords(c.text)}` : ''} (${side(c.position)})`;
/** The customer's name as they typed it, quoted and disarmed (security round 3, finding 11). */
const quotedName = (c: OrderCustomer) => customerWords(customerName(c));

/** The order as an approver or customer needs to read it: lines, customisations, totals, PO number. */
export function orderSummary(order: Order, customer: OrderCustomer): MailBlock[] {
  const items = order.items.map((i) => ({
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
  return [
    { kind: 'lines', lines: facts },
    { kind: 'items', items },
    { kind: 'totals', lines: totals },
  ];
}

/** The customer's own page of the order (My Orders opens it), at this shop's own address (APP_URL), never the public site's. */
export const orderLink = (order: Order, appUrl: string) => `${appUrl}/orders?order=${order.id}`;

/**
 * What every mail to a customer about their order carries: the link to it, the order and its estimate, and what is
 * owed (payments' own words, never recomputed here). The shop's address and hours are in every mail's footer.
 */
export function customerOrder(order: Order, customer: OrderCustomer, appUrl: string): MailBlock[] {
  return [
    ...orderSummary(order, customer),
    { kind: 'lines', lines: moneyNews(order) },
    { kind: 'button', label: 'View your order', textLabel: 'Your order', href: orderLink(order, appUrl), tone: 'dark' },
  ];
}

const awaitingNotice = (order: Order) =>
  `Your order has been sent to ${order.department_name ?? 'your department'} for approval. We will e-mail you once it is decided.`;

/**
 * A card order that may be paid now (not awaiting approval, a balance left) carries a "Pay now" link to the
 * order page, which starts Stripe Checkout.
 */
export function payNow(order: Order, appUrl: string): MailBlock[] {
  const due = order.payment.method === 'card' && order.status === 'pending' && order.payment.balance > 0;
  if (!due) return [];
  const line = `Pay ${formatUsd(order.payment.balance)} by card online`;
  return [{ kind: 'button', label: line, href: `${appUrl}/orders?pay=${order.id}`, tone: 'primary' }];
}

/** The signed link to the printable invoice (no login), when the caller has one. */
function invoiceLine(invoiceUrl?: string): MailBlock[] {
  if (!invoiceUrl) return [];
  return [{ kind: 'link', label: 'View or print your invoice', textLabel: 'Your invoice', href: invoiceUrl }];
}

const mail = (to: string, kind: string, content: MailContent): OutgoingMail => ({
  to,
  subject: content.title,
  kind,
  ...renderMail(content),
});

export function orderReceivedMail(
  order: Order,
  customer: OrderCustomer,
  appUrl: string,
  invoiceUrl?: string,
): OutgoingMail {
  const next =
    order.status === 'awaiting_approval'
      ? awaitingNotice(order)
      : order.payment.method === 'invoice'
        ? `Your invoice for ${formatUsd(order.payment.balance)} is linked below: pay it from My Orders when card payment is offered there, or by phone or cheque. We ship once it is paid.`
        : 'We will start on it shortly and e-mail you when it is ready.';
  return mail(customer.email, 'order_received', {
    title: `Order ${order.order_number} received`,
    blocks: [
      { kind: 'lines', lines: ['Thank you for your order.', next] },
      ...payNow(order, appUrl),
      ...customerOrder(order, customer, appUrl),
      ...invoiceLine(invoiceUrl),
    ],
  });
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
  const approve = `${appUrl}/approval/${token}`;
  const deny = `${appUrl}/denial/${token}`;
  const title = `Approval needed: order ${order.order_number}`;
  const placed = again
    ? `${again} The order of the customer ${quotedName(customer)} needs your approval again for ${order.department_name ?? 'your department'}; links from earlier e-mails no longer work.`
    : `The customer ${quotedName(customer)} placed an order that needs your approval for ${order.department_name ?? 'your department'}.`;
  const intro = `${placed} Opening a link shows the order; nothing is decided until you press the button there. The links work once and expire in 7 days.`;
  const cost = approverCost(order);
  return mail(approver, 'approval_request', {
    title,
    blocks: [
      { kind: 'lines', lines: [intro] },
      { kind: 'lines', lines: cost },
      { kind: 'button', label: 'Review and approve', textLabel: 'Approve', href: approve, tone: 'approve' },
      { kind: 'button', label: 'Review and deny', textLabel: 'Deny', href: deny, tone: 'deny' },
      ...orderSummary(order, customer),
    ],
  });
}

/** What each status that mails the customer (the status table's mailsCustomer) tells them: one for each, no other. */
const MAILED_NEWS: Record<StatusWhere<'mailsCustomer'>, string> = {
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
  const a = mailIdentity().address;
  const p = order.payment;
  const owed =
    p.balance > 0 && p.method !== 'account'
      ? `Please bring ${formatUsd(p.balance)}: the balance to pay when you collect it.`
      : 'Nothing to pay when you collect it.';
  return [owed, `Collect it at ${a.street}, ${a.city}, ${BUSINESS.hours.label}.`];
}
const STATUS_NEWS: Partial<Record<OrderStatus, string>> = MAILED_NEWS;
export const NOTIFY_STATUSES = Object.keys(MAILED_NEWS) as OrderStatus[];

/** The carrier, the tracking number and the carrier's tracking page, once a shipping order has shipped. */
function shipmentLines(order: Order): string[] {
  if (order.status !== 'shipped' || !order.tracking_number) return [];
  return [...(order.carrier ? [`Carrier: ${order.carrier}`] : []), `Tracking number: ${order.tracking_number}`];
}

/** The carrier's tracking page, as a link of its own. */
function trackingLink(order: Order): MailBlock[] {
  if (order.status !== 'shipped' || !order.tracking_number || !order.tracking_url) return [];
  return [{ kind: 'link', label: 'Track your package', href: order.tracking_url }];
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
    appUrl: string;
  },
): OutgoingMail {
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
  ];
  // Approval is when a card order becomes payable.
  const pay = opts.approvedBy ? payNow(order, opts.appUrl) : [];
  return mail(customer.email, `order_${order.status}`, {
    title,
    blocks: [{ kind: 'lines', lines }, ...trackingLink(order), ...pay, ...customerOrder(order, customer, opts.appUrl)],
  });
}

/** The shop's own notice of an order ready to make: a new pending order or one a department just approved. */
export function newOrderNoticeMail(
  order: Order,
  customer: OrderCustomer,
  to: string,
  why: 'placed' | 'approved',
  appUrl: string,
): OutgoingMail {
  const link = `${appUrl}/admin/orders?order=${order.id}`;
  const title = why === 'placed' ? `New order ${order.order_number}` : `Order ${order.order_number} approved`;
  const intro =
    why === 'placed'
      ? `The customer ${quotedName(customer)} placed an order; it is pending and ready for production.`
      : `${order.department_name ?? 'The department'} approved this order; it is pending and ready for production.`;
  return mail(to, 'shop_new_order', {
    title,
    blocks: [
      { kind: 'lines', lines: [intro] },
      { kind: 'button', label: 'Open the order', textLabel: 'Open it', href: link, tone: 'dark' },
      ...orderSummary(order, customer),
    ],
  });
}

/** A staff edit of the lines: what changed, the new lines and totals, staff's comments (never the internal note). */
export function orderEditedMail(
  order: Order,
  customer: OrderCustomer,
  opts: { details: string; comments: string | null; reason?: string | null; appUrl: string },
): OutgoingMail {
  const title = `Order ${order.order_number} changed`;
  const lines = [
    'The shop changed the items of your order.',
    ...(opts.reason ? [`Reason: ${opts.reason}`] : []),
    `Changes: ${opts.details}`,
    ...(opts.comments ? [`Comments: ${opts.comments}`] : []),
    ...(order.status === 'awaiting_approval' ? [awaitingNotice(order)] : []),
  ];
  return mail(customer.email, 'order_edited', {
    title,
    blocks: [{ kind: 'lines', lines }, ...customerOrder(order, customer, opts.appUrl)],
  });
}
