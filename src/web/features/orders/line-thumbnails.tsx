import { productImageUrl } from '@shared/cart-basics';
import { useTranslation } from 'react-i18next';
import type { Order } from '@shared/orders';

/** More would crowd a phone's row; the rest are counted. */
const SHOWN = 3;

/**
 * A small photo of each garment on the order (one per garment in a colour, however many lines or sizes), so a
 * customer recognises an order before opening it. The row does not name the garments, so each photo's alt does.
 */
export function LineThumbnails({ items }: { items: Order['items'] }) {
  const { t } = useTranslation();
  const garments = [...new Map(items.map((i) => [i.product_image_base, i])).values()];
  const rest = garments.length - SHOWN;
  return (
    <span className="flex shrink-0 items-center -space-x-2" data-testid="order-thumbnails">
      {garments.slice(0, SHOWN).map((i) => (
        <img
          key={i.product_image_base}
          src={productImageUrl(i.product_image_base, 250, i.product_is_multi_image ? 'front' : undefined)}
          alt={i.product_name}
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          className="h-10 w-10 rounded-md bg-gray-100 object-contain ring-2 ring-ink-900"
        />
      ))}
      {rest > 0 ? (
        <span className="flex h-10 w-10 items-center justify-center rounded-md bg-gray-700 text-xs font-semibold text-gray-100 ring-2 ring-ink-900">
          +{rest}
          <span className="sr-only">{t('orders.moreGarments')}</span>
        </span>
      ) : null}
    </span>
  );
}
