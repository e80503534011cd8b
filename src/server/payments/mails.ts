import { formatUsd, toDollars } from '../../shared/money';
import type { Order, OrderCustomer } from '../../shared/orders';
import type { Tx } from '../db/client';
import type { OutgoingMail } from '../mail/outbox';
import { enqueueMail } from '../mail/outbox';
import { renderMail } from '../mail/template';
import { customerOrder, customersFor, findOrder, orderDto, type OrderRow } from '../orders';

export type MoneyChange = { kind: 'refund' | 'credit'; cents: number; reason: string | null };

/** What happened, why, and the order with its account afterwards, in the same words as the customer's order page. */
export function moneyMail(order: Order, customer: OrderCustomer, change: MoneyChange, appUrl: string): OutgoingMail {
  const amount = formatUsd(toDollars(change.cents));
  const title =
    change.kind === 'refund'
      ? `Refund of ${amount} on order ${order.order_number}`
      : `Credit of ${amount} on order ${order.order_number}`;
  const lines = [
    change.kind === 'refund'
      ? `We gave back ${amount} on your order ${order.order_number}.`
      : `We took ${amount} off what your order ${order.order_number} owes.`,
    ...(change.reason ? [`Reason: ${change.reason}`] : []),
  ];
  return {
    to: customer.email,
    subject: title,
    kind: `order_${change.kind}`,
    ...renderMail({ title, blocks: [{ kind: 'lines', lines }, ...customerOrder(order, customer, appUrl)] }),
  };
}

/** The customer's mail when staff refund or credit their order, queued in the same transaction (the outbox). */
export async function queueMoneyMail(tx: Tx, order: OrderRow, change: MoneyChange, appUrl: string) {
  const fresh = (await findOrder(tx, order.id))!;
  const [dto, customers] = await Promise.all([orderDto(tx, fresh), customersFor(tx, [order.userId])]);
  await enqueueMail(tx, moneyMail(dto, customers.get(order.userId)!, change, appUrl));
}
