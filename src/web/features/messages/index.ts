// What other parts of the web client may use of messages: the customer's unread count for the profile menu's badge,
// and the staff order view's messages section (lazy: its code loads when an order is opened).
export { useMyConversations } from './api/mine';
export { OrderMessages } from './order-messages-lazy';
