import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@shared/orders';
import { Modal } from '@web/components/modal';
import { useFormat } from '@web/i18n/format';

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
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      size={size}
      title={t('details.title', { number: order.order_number })}
      description={t('details.placedAt', { when: format.dateTime(order.created_at) })}
      returnFocus={returnFocus}
    >
      {children}
    </Modal>
  );
}
