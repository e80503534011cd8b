import type { Language } from '../../shared/languages';
import { formatMoneyIn } from '../../shared/locale-format';
import { toDollars } from '../../shared/money';
import type { Order, OrderCustomer } from '../../shared/orders';
import { LEDGER_METHOD_LABELS } from '../../shared/payments';
import type { Tx } from '../db/client';
import { mailWords } from '../mail/i18n';
import type { OutgoingMail } from '../mail/outbox';
import { enqueueMail } from '../mail/outbox';
import { renderMail } from '../mail/template';
import { customerLanguage, customerOrder, customersFor, findOrder, orderDto, type OrderRow } from '../orders';

export type MoneyChange = { kind: 'refund' | 'credit'; cents: number; reason: string | null };

/** What happened, why, and the order with its account afterwards, in the same words as the customer's order page. */
export function moneyMail(
  order: Order,
  customer: OrderCustomer,
  change: MoneyChange,
  appUrl: string,
  language?: Language,
): OutgoingMail {
  const t = mailWords(language);
  const facts = { amount: formatMoneyIn(language ?? 'en', toDollars(change.cents)), number: order.order_number };
  const title = t(`payment.${change.kind}Title`, facts);
  const lines = [
    t(`payment.${change.kind}News`, facts),
    ...(change.reason ? [t('status.reason', { reason: change.reason })] : []),
  ];
  return {
    to: customer.email,
    subject: title,
    kind: `order_${change.kind}`,
    ...renderMail({
      title,
      language,
      blocks: [
        { kind: 'lines', lines },
        ...customerOrder(order, customer, appUrl, language),
        { kind: 'totals', lines: accountLines(order, change, language) },
      ],
    }),
  };
}

/**
 * The order's account after the change, line by line so it reconciles: the total, each credit (this one named), what
 * is owed, what was paid, each refund (this one named) and what is left. Every figure is the payments module's
 * (order.payment), never recomputed; the ledger entries are only listed.
 */
export function accountLines(order: Order, change?: MoneyChange, language?: Language): string[] {
  const p = order.payment;
  const t = mailWords(language);
  const usd = (dollars: number) => formatMoneyIn(language ?? 'en', dollars);
  const method = (m: keyof typeof LEDGER_METHOD_LABELS) =>
    language === 'es' ? t(`account.method.${m}`) : LEDGER_METHOD_LABELS[m].toLowerCase();
  const credits = p.entries.filter((e) => e.kind === 'credit');
  const paid = p.entries.filter((e) => e.kind === 'payment');
  const refunds = p.entries.filter((e) => e.kind === 'refund');
  const newest = (list: typeof p.entries, kind: MoneyChange['kind']) =>
    change?.kind === kind ? list.at(-1)?.id : undefined;
  const creditNow = newest(credits, 'credit');
  const refundNow = newest(refunds, 'refund');
  return [
    t('account.total', { amount: usd(order.total) }),
    ...credits.map((c) => t(c.id === creditNow ? 'account.thisCredit' : 'account.credit', { amount: usd(c.amount) })),
    t('account.owed', { amount: usd(p.amount_due) }),
    ...paid.map((e) => t('account.paid', { method: method(e.method), amount: usd(e.amount) })),
    ...refunds.map((r) => t(r.id === refundNow ? 'account.thisRefund' : 'account.refunded', { amount: usd(r.amount) })),
    p.refund_due
      ? t('account.toRefund', { amount: usd(p.refund_due_amount) })
      : t('account.left', { amount: usd(p.balance) }),
  ];
}

/** The customer's receipt once a card payment online is recorded: what was paid and what is left. */
export function receiptMail(
  order: Order,
  customer: OrderCustomer,
  cents: number,
  appUrl: string,
  language?: Language,
): OutgoingMail {
  const t = mailWords(language);
  const facts = { amount: formatMoneyIn(language ?? 'en', toDollars(cents)), number: order.order_number };
  const title = t('payment.receiptTitle', facts);
  return {
    to: customer.email,
    subject: title,
    kind: 'order_receipt',
    ...renderMail({
      title,
      language,
      blocks: [
        { kind: 'lines', lines: [t('payment.receiptThanks', facts)] },
        ...customerOrder(order, customer, appUrl, language),
        { kind: 'totals', lines: accountLines(order, undefined, language) },
      ],
    }),
  };
}

/** The receipt of a card payment online, queued in the transaction that records it (the outbox). */
export async function queueReceiptMail(tx: Tx, orderId: number, userId: number, cents: number, appUrl: string) {
  const fresh = (await findOrder(tx, orderId))!;
  const [dto, customers] = await Promise.all([orderDto(tx, fresh), customersFor(tx, [userId])]);
  const language = await customerLanguage(tx, userId);
  await enqueueMail(tx, receiptMail(dto, customers.get(userId)!, cents, appUrl, language));
}

/** The customer's mail when staff refund or credit their order, queued in the same transaction (the outbox). */
export async function queueMoneyMail(tx: Tx, order: OrderRow, change: MoneyChange, appUrl: string) {
  const fresh = (await findOrder(tx, order.id))!;
  const [dto, customers] = await Promise.all([orderDto(tx, fresh), customersFor(tx, [order.userId])]);
  const language = await customerLanguage(tx, order.userId);
  await enqueueMail(tx, moneyMail(dto, customers.get(order.userId)!, change, appUrl, language));
}
