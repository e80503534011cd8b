import { formatDueDay } from '../../shared/due-date-rules';
import type { Order, OrderCustomer } from '../../shared/orders';
import type { OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/template';
import { customerOrder } from '../orders';

/** Staff moved the day the order is promised for: the old and new day, staff's comments, the order as it stands. */
export function dueDateChangedMail(
  order: Order,
  customer: OrderCustomer,
  opts: { was: string; comments: string | null; appUrl: string },
): OutgoingMail {
  const title = `Order ${order.order_number}: new due date`;
  const lines = [
    `The shop changed when your order will be ready: ${formatDueDay(order.due_date)} (it was ${formatDueDay(opts.was)}).`,
    ...(opts.comments ? [`Comments: ${opts.comments}`] : []),
  ];
  return {
    to: customer.email,
    subject: title,
    kind: 'order_due_date',
    ...renderMail({ title, blocks: [{ kind: 'lines', lines }, ...customerOrder(order, customer, opts.appUrl)] }),
  };
}
