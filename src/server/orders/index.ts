// What other features may use of orders: reading an order and moving it along the state machine.
export { customersFor, findOrder, orderDto, type OrderRow } from './dto';
export { applyTransition, lockOrder } from './status';
