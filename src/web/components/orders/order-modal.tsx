import type { ReactNode } from 'react';
import type { OrderSummary } from '@shared/orders';
import { Modal } from '@web/components/modal';
import { formatDateTime } from './status-badge';

/** The dialog an order opens in, for its customer and for staff alike, titled with its number and when it was placed. */
export function OrderModal({
  order,
  size,
  onClose,
  returnFocus,
  children,
}: {
  order: Pick<OrderSummary, 'order_number' | 'created_at'>;
  size: 'lg' | 'xl';
  onClose: () => void;
  returnFocus?: () => HTMLElement | null;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      size={size}
      title={`Order ${order.order_number}`}
      description={`Placed ${formatDateTime(order.created_at)}`}
      returnFocus={returnFocus}
    >
      {children}
    </Modal>
  );
}
