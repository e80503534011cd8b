// What other features may use of orders: reading an order and moving it along the state machine.
export { customerName, customersFor, findOrder, orderDto, ownersOf, type LineRow, type OrderRow } from './dto';
export { applyTransition, illegalMove, lockOrder, ORDER_NOT_FOUND, staffTransition, unpaidCheck } from './status';
export { queueNewOrderNotice, type ShopContext, type ShopNotice } from './notice';
export { recordEvent } from './events';
export { invoiceToken, orderIdFromToken } from './invoice-token';
export { checkoutInfo, getAnyOrder, getOwnOrder } from './queries';
export { claimKey, recordKey, requestHash } from './checkout';
export { idempotencyKey } from './routes';
export {
  approversFor,
  insertLines,
  isOverAllowance,
  moneyColumns,
  OVER_ALLOWANCE_NOTE,
  placeOrder,
  type OrderLineInput,
} from './place-order';
export { itemsFromInput, priceItems } from './price-items';
export { approvalRequestMail, customerOrder, customizationText, orderEditedMail } from './mails';
export { addressLanguage, approverLanguages, customerLanguage } from './customer-language';
export { adminOrderBy, adminOrderFilters, customerMatch, phoneDigits } from './admin-filters';
export { sizesOf } from './my-sizes';
export { logosOnSheet, logoWords } from './logos-on-sheet';
export { pendingProofs, proofPendingText } from './proof-pending';
export { ordersUsingTracking, otherOrders, trackingInUseMessage, trackingReuseCheck } from './tracking-in-use';
