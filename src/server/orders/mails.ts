import { CUSTOMIZATION_LABELS } from '../../shared/cart';
import { adjustmentAmount, formatUsd } from '../../shared/money';
import { STATUS_LABELS, type Order, type OrderCustomer, type OrderStatus } from '../../shared/orders';
import type { OutgoingMail } from '../mail/outbox';
import { escapeHtml as esc, renderEmail } from '../mail/layout';
import { customerName } from './dto';

const side = (p: string) => (p === 'left_side' ? 'left' : 'right');
const customizationText = (c: Order['items'][number]['customizations'][number]) =>
  `${CUSTOMIZATION_LABELS[c.type]}${c.text ? ` "${c.text}"` : ''} (${side(c.position)})`;

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
      : `Shipping to ${[order.shipping_address?.address_line1, order.shipping_address?.address_line2, order.shipping_address?.city, `${order.shipping_address?.state} ${order.shipping_address?.zip_code}`].filter(Boolean).join(', ')}`;
  const facts = [
    `Order: ${order.order_number}`,
    `Customer: ${customerName(customer)} <${customer.email}>`,
    ...(order.department_name ? [`Department: ${order.department_name}`] : []),
    ...(order.po_number ? [`PO number: ${order.po_number}`] : []),
    delivery,
    ...(order.notes ? [`Notes: ${order.notes}`] : []),
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

export function orderReceivedMail(order: Order, customer: OrderCustomer): OutgoingMail {
  const s = orderSummary(order, customer);
  const next =
    order.status === 'awaiting_approval'
      ? `Your order has been sent to ${order.department_name ?? 'your department'} for approval. We will e-mail you once it is decided.`
      : 'We will start on it shortly and e-mail you when it is ready.';
  const title = `Order ${order.order_number} received`;
  const body = renderEmail({
    title,
    bodyText: `Thank you for your order.\n${next}\n\n${s.text}`,
    bodyHtml: `<p>Thank you for your order.</p><p>${esc(next)}</p>${s.html}`,
  });
  return { to: customer.email, subject: title, kind: 'order_received', ...body };
}

export function approvalRequestMail(
  order: Order,
  customer: OrderCustomer,
  approver: string,
  token: string,
  appUrl: string,
): OutgoingMail {
  const s = orderSummary(order, customer);
  const approve = `${appUrl}/approval/${token}`;
  const deny = `${appUrl}/denial/${token}`;
  const title = `Approval needed: order ${order.order_number}`;
  const intro = `${customerName(customer)} placed an order that needs your approval for ${order.department_name ?? 'your department'}. Opening a link shows the order; nothing is decided until you press the button there. The links work once and expire in 7 days.`;
  const body = renderEmail({
    title,
    bodyText: `${intro}\n\nApprove: ${approve}\nDeny: ${deny}\n\n${s.text}`,
    bodyHtml: `<p>${esc(intro)}</p><p>${button(approve, 'Review and approve', '#15803d')}${button(deny, 'Review and deny', '#b91c1c')}</p>${s.html}`,
  });
  return { to: approver, subject: title, kind: 'approval_request', ...body };
}

const STATUS_NEWS: Partial<Record<OrderStatus, string>> = {
  pending: 'Your order was approved and is now in our queue.',
  denied: 'Your order was denied. You can modify it and send it again from My Orders.',
  ready_for_pickup: 'Your order is ready for pickup at the shop.',
  shipped: 'Your order has shipped.',
};
export const NOTIFY_STATUSES = Object.keys(STATUS_NEWS) as OrderStatus[];

export function statusMail(
  order: Order,
  customer: OrderCustomer,
  opts: { reason?: string | null; comments?: string | null; approvedBy?: string | null },
): OutgoingMail {
  const s = orderSummary(order, customer);
  const heading =
    order.status === 'pending' && opts.approvedBy ? 'approved' : STATUS_LABELS[order.status].toLowerCase();
  const title = `Order ${order.order_number} ${heading}`;
  const lines = [
    STATUS_NEWS[order.status] ?? `Your order is now ${STATUS_LABELS[order.status].toLowerCase()}.`,
    ...(opts.reason ? [`Reason: ${opts.reason}`] : []),
    ...(opts.comments ? [`Comments: ${opts.comments}`] : []),
  ];
  const body = renderEmail({
    title,
    bodyText: `${lines.join('\n')}\n\n${s.text}`,
    bodyHtml: `${lines.map((l) => `<p>${esc(l)}</p>`).join('')}${s.html}`,
  });
  return { to: customer.email, subject: title, kind: `order_${order.status}`, ...body };
}
