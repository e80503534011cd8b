// What the app's wiring uses of approvals: handing orders the way to issue and retire approval links.
export { registerApprovalsWithOrders } from './register';
