import type { SQL } from 'drizzle-orm';
import type { CheckoutInput, Fulfillment, Order, OrderStatus } from '../../shared/orders';
import type { PaymentMethod, PaymentOptions, PaymentStatus } from '../../shared/payments';
import type { Executor } from '../db/client';
import type { OrderRow } from './dto';

// Orders do not hold payment code: what an order owes, how it may be paid and the ledger belong to
// src/server/payments, which depends on orders. Where an order's answer, list, export or move needs money, it asks
// through this port, which payments registers when the app is built (payments/register.ts, called from src/server/wiring.ts).

export type LedgerSumsCents = { paidCents: number; refundedCents: number; creditedCents: number };

/** What orders may read of an order's account. */
export type AccountView = { status: PaymentStatus; owedCents: number; netPaidCents: number; balanceCents: number };

export interface PaymentsPort {
  /** The `payment` of each order's answer, by order id (one ledger query for them all). */
  paymentsOf(db: Executor, rows: OrderRow[], forStaff: boolean): Promise<Map<number, Order['payment']>>;
  /** The `payment` of an order that has no ledger yet (just placed). */
  freshPayment(row: OrderRow): Order['payment'];
  /** The ledger sums of the query's current orders row, as columns (correlated to orders.id, payments_order_idx). */
  sumColumns(): {
    paidCents: SQL.Aliased<number>;
    refundedCents: SQL.Aliased<number>;
    creditedCents: SQL.Aliased<number>;
  };
  accountOf(order: { status: OrderStatus; totalCents: number }, sums: LedgerSumsCents): AccountView;
  /** The "unpaid" filter: the order has a balance. */
  hasBalance(): SQL;
  /** The "refund due" filter: more net paid than owed. */
  refundDue(): SQL;
  methodsFor(fulfillment: Fulfillment, memberOfDepartment: boolean, cardEnabled: boolean): PaymentMethod[];
  chooseMethod(
    delivery: Pick<CheckoutInput, 'fulfillment' | 'payment_method'>,
    memberOfDepartment: boolean,
    cardEnabled: boolean,
  ): PaymentMethod;
  paymentOptions(memberOfDepartment: boolean, cardEnabled: boolean): PaymentOptions;
  /** The 409 UNPAID_BALANCE message when moving the order to `to` would ship or complete it with a balance, else null. */
  unpaidRefusal(db: Executor, order: OrderRow, to: OrderStatus): Promise<string | null>;
}

let port: PaymentsPort | null = null;

export function registerPayments(p: PaymentsPort) {
  port = p;
}

export function paymentsPort(): PaymentsPort {
  if (!port) throw new Error('The payments module is not registered: buildApp registers it (payments/register.ts)');
  return port;
}
