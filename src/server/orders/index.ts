// What other features may use of orders: reading an order and moving it along the state machine.
export { customersFor, findOrder, ledgerRows, orderDto, type OrderRow } from './dto';
export { applyTransition, illegalMove, lockOrder, ORDER_NOT_FOUND, staffTransition } from './status';
export { queueNewOrderNotice, type ShopNotice } from './notice';
export { recordEvent } from './events';
export { invoiceToken, orderIdFromToken } from './invoice-token';
export { getAnyOrder, getOwnOrder } from './queries';
export { netPaidCents, type LedgerRow } from './payment-state';
export { ledgerSums } from './payment-sql';
export { approversFor } from './place-order';
export { approvalRequestMail } from './mails';
export { csvCell, dollarsText } from './export-csv';
