import { formatDueDay } from '../../shared/due-date-rules';
import type { Order, OrderCustomer } from '../../shared/orders';
import type { OutgoingMail } from '../mail/outbox';
import { escapeHtml as esc, renderEmail } from '../mail/layout';
import { orderSummary } from './mails';

/** Staff moved the day the order is promised for: the old and new day, staff's comments, the order as it stands. */
export function dueDateChangedMail(
  order: Order,
  customer: OrderCustomer,
  opts: { was: string; comments: string | null },
): OutgoingMail {
  const s = orderSummary(order, customer);
  const title = `Order ${order.order_number}: new due date`;
  const lines = [
    `The shop changed when your order will be ready: ${formatDueDay(order.due_date)} (it was ${formatDueDay(opts.was)}).`,
    ...(opts.comments ? [`Comments: ${opts.comments}`] : []),
  ];
  const body = renderEmail({
    title,
    bodyText: `${lines.join('\n')}\n\n${s.text}`,
    bodyHtml: `${lines.map((l) => `<p>${esc(l)}</p>`).join('')}${s.html}`,
  });
  return { to: customer.email, subject: title, kind: 'order_due_date', ...body };
}
