import { ORDER_STATUS_RULES } from './order-statuses';
import type { OrderStatus } from './orders';

// What a customer reads for each status (docs/product.md#orders-and-their-states): one vocabulary for the badge, the
// timeline, the contact form's order choice and the customer mails, from the status table's customerWords. Staff
// screens keep the short STATUS_LABELS.

/** A pending order that needed approval has been approved; one denied without going to a department, by the shop. */
export function customerStatusText(order: { status: OrderStatus; requires_approval: boolean }): string {
  const words = ORDER_STATUS_RULES[order.status].customerWords;
  return order.requires_approval ? words.department : words.shop;
}

type StatusEvent = { from_status: OrderStatus | null; to_status: OrderStatus };

/**
 * A status change in the customer's timeline: the status it reached in the same words as the badge; the first one
 * says the order was placed. The previous row already says where it came from.
 */
export function customerEventText(event: StatusEvent, order: { requires_approval: boolean }): string {
  const words = customerStatusText({ status: event.to_status, requires_approval: order.requires_approval });
  return event.from_status ? words : `Placed · ${words}`;
}

/** What comes next for an order, in a sentence, for the confirmation screen. */
export function nextStepText(order: {
  status: OrderStatus;
  fulfillment: 'pickup' | 'shipping';
  department_name: string | null;
}): string {
  const delivery =
    order.fulfillment === 'pickup'
      ? 'We will e-mail you when it is ready to pick up at the shop.'
      : 'We will e-mail you the tracking number when it ships.';
  if (order.status === 'awaiting_approval')
    return `${order.department_name ?? 'Your department'} has been asked to approve it; we start once they do. ${delivery}`;
  return `We will start making it soon. ${delivery}`;
}
