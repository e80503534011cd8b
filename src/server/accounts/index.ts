// What an order owes and how it may be paid, below orders so orders read it directly: the account rule (account.ts),
// its SQL twin (ledger-sql.ts, sum-columns.ts) and the ways to pay (methods.ts). Writing the ledger is payments'.
export {
  accountColumns,
  accountDto,
  accountOf,
  creditableCents,
  OWES_NOTHING,
  refundableCents,
  splitRefund,
  sumLedger,
  type Account,
  type LedgerRow,
} from './account';
export { accountNow, ledgerRows, paymentsOf, unpaidRefusal } from './ledger-read';
export { hasBalance, refundDue } from './ledger-sql';
export { chooseMethod, methodsFor, paymentOptions } from './methods';
export { chargedGoodsSql, saleValueCents, saleValueSql } from './sale-value';
export { sumColumnsOf } from './sum-columns';
