import { formatUsd, toDollars } from '../../shared/money';
import type { Order, OrderCustomer } from '../../shared/orders';
import { LEDGER_METHOD_LABELS } from '../../shared/payments';
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
    ...renderMail({
      title,
      blocks: [
        { kind: 'lines', lines },
        ...customerOrder(order, customer, appUrl),
        { kind: 'totals', lines: accountLines(order, change) },
      ],
    }),
  };
}

/**
 * The order's account after the change, line by line so it reconciles: the total, each credit (this one named), what
 * is owed, what was paid, each refund (this one named) and what is left. Every figure is the payments module's
 * (order.payment), never recomputed; the ledger entries are only listed.
 */
export function accountLines(order: Order, change?: MoneyChange): string[] {
  const p = order.payment;
  const usd = (dollars: number) => formatUsd(dollars);
  const credits = p.entries.filter((e) => e.kind === 'credit');
  const paid = p.entries.filter((e) => e.kind === 'payment');
  const refunds = p.entries.filter((e) => e.kind === 'refund');
  const newest = (list: typeof p.entries, kind: MoneyChange['kind']) =>
    change?.kind === kind ? list.at(-1)?.id : undefined;
  const creditNow = newest(credits, 'credit');
  const refundNow = newest(refunds, 'refund');
  return [
    `Order total: ${usd(order.total)}`,
    ...credits.map((c) => `${c.id === creditNow ? 'This credit' : 'Credit'}: -${usd(c.amount)}`),
    `Owed: ${usd(p.amount_due)}`,
    ...paid.map((e) => `Paid (${LEDGER_METHOD_LABELS[e.method].toLowerCase()}): ${usd(e.amount)}`),
    ...refunds.map((r) => `${r.id === refundNow ? 'This refund' : 'Refunded'}: -${usd(r.amount)}`),
    p.refund_due ? `To be refunded to you: ${usd(p.refund_due_amount)}` : `Left to pay: ${usd(p.balance)}`,
  ];
}

/** The customer's receipt once a card payment online is recorded: what was paid and what is left. */
export function receiptMail(order: Order, customer: OrderCustomer, cents: number, appUrl: string): OutgoingMail {
  const amount = formatUsd(toDollars(cents));
  const title = `Receipt: ${amount} paid on order ${order.order_number}`;
  return {
    to: customer.email,
    subject: title,
    kind: 'order_receipt',
    ...renderMail({
      title,
      blocks: [
        { kind: 'lines', lines: [`Thank you: we received ${amount} by card for your order ${order.order_number}.`] },
        ...customerOrder(order, customer, appUrl),
        { kind: 'totals', lines: accountLines(order) },
      ],
    }),
  };
}

/** The receipt of a card payment online, queued in the transaction that records it (the outbox). */
export async function queueReceiptMail(tx: Tx, orderId: number, userId: number, cents: number, appUrl: string) {
  const fresh = (await findOrder(tx, orderId))!;
  const [dto, customers] = await Promise.all([orderDto(tx, fresh), customersFor(tx, [userId])]);
  await enqueueMail(tx, receiptMail(dto, customers.get(userId)!, cents, appUrl));
}

/** The customer's mail when staff refund or credit their order, queued in the same transaction (the outbox). */
export async function queueMoneyMail(tx: Tx, order: OrderRow, change: MoneyChange, appUrl: string) {
  const fresh = (await findOrder(tx, order.id))!;
  const [dto, customers] = await Promise.all([orderDto(tx, fresh), customersFor(tx, [order.userId])]);
  await enqueueMail(tx, moneyMail(dto, customers.get(order.userId)!, change, appUrl));
}
