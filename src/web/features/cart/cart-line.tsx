import { useTranslation } from 'react-i18next';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
import { CircleAlert, Minus, Pencil, Plus, Shirt, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CartItem } from '@shared/cart';
import { POSITION_LABELS, productImageUrl } from '@shared/cart-basics';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shared/constants';
import { Button } from '@web/components/ui';
import { requestEditCartItem } from './api/edit-cart-item';
import { useRemoveCartItem } from './api/use-remove-cart-item';
import { useUpdateCartItem } from './api/use-update-cart-item';

const describe = (c: CartItem['customizations'][number], words: (english: string) => string) =>
  `${words(c.label)}${c.text ? ` “${c.text}”` : ''} · ${words(POSITION_LABELS[c.position])}`;

/** The 250 px product image (docs/product.md#catalogue); a neutral tile stands in while an image is missing. */
function LineImage({ item }: { item: CartItem }) {
  const src = productImageUrl(item.product_image_base, 250, item.product_is_multi_image ? 'front' : undefined);
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <div className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-gray-200" aria-hidden>
        <Shirt className="h-8 w-8 text-gray-500" />
      </div>
    );
  return (
    <img
      src={src}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-16 w-16 shrink-0 rounded-lg bg-gray-100 object-contain"
    />
  );
}

export function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const pendingLine = item.id < 0;
  const setQuantity = (quantity: number) => update.mutate({ id: item.id, quantity });
  return (
    <li className="flex gap-3 py-3" data-testid="cart-line">
      <LineImage item={item} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="truncate text-sm font-medium text-gray-100" title={item.product_name}>
            {item.product_name}
          </p>
          <p className="text-sm font-semibold whitespace-nowrap text-gray-100" data-testid="line-total">
            {format.money(item.total_price)}
          </p>
        </div>
        <p className="text-xs text-gray-400">
          {t('cart.sizeEach', {
            size: item.size,
            price: format.money(item.unit_base_price + item.unit_customization_price),
          })}
        </p>
        {item.customizations.length > 0 && (
          <ul className="mt-1 space-y-0.5 text-xs text-gray-300">
            {item.customizations.map((c) => (
              <li key={c.type}>{describe(c, words)}</li>
            ))}
          </ul>
        )}
        {item.price_changed && item.previous_unit_price !== null && (
          <p className="mt-1 text-xs text-amber-300">
            {t('cart.priceChanged', { price: format.money(item.previous_unit_price) })}
          </p>
        )}
        {!item.product_available && (
          <p className="mt-1 text-xs text-red-400">
            {item.unavailable_reason ? words(item.unavailable_reason) : t('cart.unavailable')}
          </p>
        )}
        {item.product_available && item.needs_fix && (
          // Said in words, not by colour alone: the product no longer takes this line as it is.
          <p className="mt-1 flex gap-1 text-xs text-red-400" data-testid="line-needs-fix">
            <CircleAlert className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
            <span>
              <strong className="font-semibold">{t('cart.needsChange')}</strong>
              {words(item.needs_fix)}
            </span>
          </p>
        )}
        <div className="mt-2 flex items-center justify-between">
          <div
            className="flex items-center rounded-md border border-edge"
            role="group"
            aria-label={t('cart.quantityOf', { name: item.product_name })}
          >
            <Button
              variant="icon"
              size="sm"
              aria-label={t('cart.decrease')}
              disabled={pendingLine || item.quantity <= QUANTITY_MIN}
              onClick={() => setQuantity(item.quantity - 1)}
            >
              <Minus className="h-3.5 w-3.5" aria-hidden />
            </Button>
            <span className="w-8 text-center text-sm tabular-nums" aria-live="polite" data-testid="line-quantity">
              {item.quantity}
            </span>
            <Button
              variant="icon"
              size="sm"
              aria-label={t('cart.increase')}
              disabled={pendingLine || item.quantity >= QUANTITY_MAX}
              onClick={() => setQuantity(item.quantity + 1)}
            >
              <Plus className="h-3.5 w-3.5" aria-hidden />
            </Button>
          </div>
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              disabled={pendingLine || !item.product_available}
              onClick={() => requestEditCartItem(item)}
              className="gap-1 text-xs"
            >
              <Pencil className="h-3.5 w-3.5" aria-hidden /> {t('cart.edit')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={pendingLine}
              onClick={() => remove.mutate(item.id)}
              aria-label={t('cart.remove', { name: item.product_name })}
              className="gap-1 text-xs hover:bg-red-950 hover:text-red-300"
            >
              <Trash2 className="h-3.5 w-3.5" aria-hidden /> {t('cart.removeShort')}
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}
