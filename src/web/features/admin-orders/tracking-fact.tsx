import type { Order } from '@shared/orders';

/** The carrier and tracking number of a shipped order, linked to the carrier's page where it has one. */
export function TrackingFact({ order }: { order: Order }) {
  if (!order.tracking_number) return null;
  return (
    <p className="text-sm text-gray-300" data-testid="order-tracking">
      <span className="text-gray-400">Tracking: </span>
      {order.carrier ? `${order.carrier} ` : ''}
      {order.tracking_url ? (
        <a href={order.tracking_url} target="_blank" rel="noreferrer" className="text-brand-400 hover:underline">
          {order.tracking_number}
        </a>
      ) : (
        order.tracking_number
      )}
    </p>
  );
}
