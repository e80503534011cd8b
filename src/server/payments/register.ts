import { formatUsd, toDollars } from '../../shared/money';
import {
  accountDto,
  accountOf,
  chooseMethod,
  hasBalance,
  mayShipWithBalance,
  methodsFor,
  paymentOptions,
  refundDue,
  sumColumnsOf,
  type LedgerRow,
} from '../accounts';
import { registerPayments, type PaymentsPort } from '../orders';
import { accountNow, ledgerRows } from './ledger';

/** Orders reach payments only through this port (orders/payments-port.ts): payments depends on orders, not back. */
const port: PaymentsPort = {
  async paymentsOf(db, rows, forStaff) {
    const ledger = await ledgerRows(
      db,
      rows.map((r) => r.id),
    );
    const byOrder = new Map<number, LedgerRow[]>();
    for (const l of ledger) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
    return new Map(rows.map((o) => [o.id, accountDto(o, byOrder.get(o.id) ?? [], forStaff)]));
  },
  freshPayment: (row) => accountDto(row, [], false),
  sumColumns: sumColumnsOf,
  accountOf: (order, sums) => accountOf(order, sums),
  hasBalance,
  refundDue,
  methodsFor,
  chooseMethod,
  paymentOptions,
  async unpaidRefusal(tx, order, to) {
    if ((to !== 'shipped' && to !== 'completed') || mayShipWithBalance(order)) return null;
    const { account } = await accountNow(tx, order);
    if (account.balanceCents <= 0) return null;
    return `${order.orderNumber} owes ${formatUsd(toDollars(account.balanceCents))}`;
  },
};

/** Called by buildApp before any route runs. */
export function registerPaymentsWithOrders() {
  registerPayments(port);
}
