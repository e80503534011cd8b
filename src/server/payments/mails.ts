import { formatUsd, toDollars } from '../../shared/money';
import type { Tx } from '../db/client';
import { escapeHtml as esc, renderEmail } from '../mail/layout';
import { enqueueMail } from '../mail/outbox';
import { customersFor, findOrder, moneyNews, orderDto, type OrderRow } from '../orders';

type MoneyChange = { kind: 'refund' | 'credit'; cents: number; reason: string | null };

/**
 * The customer's mail when staff refund or credit their order, queued in the same transaction (the outbox): what
 * happened, why, and the order's account afterwards in the same words as their order page.
 */
export async function queueMoneyMail(tx: Tx, order: OrderRow, change: MoneyChange) {
  const fresh = (await findOrder(tx, order.id))!;
  const [dto, customers] = await Promise.all([orderDto(tx, fresh), customersFor(tx, [order.userId])]);
  const customer = customers.get(order.userId)!;
  const amount = formatUsd(toDollars(change.cents));
  const title =
    change.kind === 'refund'
      ? `Refund of ${amount} on order ${dto.order_number}`
      : `Credit of ${amount} on order ${dto.order_number}`;
  const lines = [
    change.kind === 'refund'
      ? `We gave back ${amount} on your order ${dto.order_number}.`
      : `We took ${amount} off what your order ${dto.order_number} owes.`,
    ...(change.reason ? [`Reason: ${change.reason}`] : []),
    ...moneyNews(dto),
  ];
  const body = renderEmail({
    title,
    bodyText: lines.join('\n'),
    bodyHtml: lines.map((l) => `<p>${esc(l)}</p>`).join(''),
  });
  await enqueueMail(tx, { to: customer.email, subject: title, kind: `order_${change.kind}`, ...body });
}
