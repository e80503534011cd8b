// What other features may use of orders: reading an order and moving it along the state machine.
export { customerName, customersFor, findOrder, orderDto, ownersOf, type LineRow, type OrderRow } from './dto';
export { applyTransition, illegalMove, lockOrder, ORDER_NOT_FOUND, staffTransition, unpaidCheck } from './status';
export { queueNewOrderNotice, type ShopNotice } from './notice';
export { recordEvent } from './events';
export { invoiceToken, orderIdFromToken } from './invoice-token';
export { getAnyOrder, getOwnOrder } from './queries';
export {
  approversFor,
  insertLines,
  isOverAllowance,
  moneyColumns,
  OVER_ALLOWANCE_NOTE,
  type OrderLineInput,
} from './place-order';
export { itemsFromInput, priceItems } from './price-items';
export { approvalRequestMail, customerOrder, customizationText, orderEditedMail } from './mails';
export { adminOrderBy, adminOrderFilters, customerMatch, phoneDigits } from './admin-filters';
export { sizesOf } from './my-sizes';
