import { formatUsd, toDollars } from '../../shared/money';
import type { Order, OrderCustomer } from '../../shared/orders';
import { customerWords } from '../mail/layout';
import type { OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/template';
import { customerOrder } from '../orders';
import type { Removed } from './approver-removal';

/**
 * To the member whose approver approved their order without some lines: what went, the approver's reason for each
 * (their words, quoted), and the order as it now stands, priced anew.
 */
export function linesRemovedMail(
  order: Order,
  customer: OrderCustomer,
  opts: { removed: Removed[]; approver: string; totalBeforeCents: number; appUrl: string },
): OutgoingMail {
  const title = `Order ${order.order_number}: lines removed by your approver`;
  const lines = [
    `Your approver (${opts.approver}) approved your order without these lines:`,
    ...opts.removed.map((r) => `Removed: ${r.words}. Reason (from your approver): ${customerWords(r.reason)}`),
    `The order was priced again: total ${formatUsd(toDollars(opts.totalBeforeCents))} -> ${formatUsd(order.total)}.`,
    'To have the removed items after all, place a new order for them.',
  ];
  return {
    to: customer.email,
    subject: title,
    kind: 'order_lines_removed',
    ...renderMail({ title, blocks: [{ kind: 'lines', lines }, ...customerOrder(order, customer, opts.appUrl)] }),
  };
}
