import { useTranslation } from 'react-i18next';
import { useFormat } from '@web/i18n/format';
import { useRef } from 'react';
import type { Product } from '@shared/cart-catalog';
import { Button } from '@web/components/ui';
import { CARD_IMAGE_SIZE } from '@shared/store-cards';
import { ColorSwatches } from './color-swatches';
import { ProductImage } from './product-image';

/**
 * One garment base: the card shows the chosen colour and switches between sibling colour products. The choice is
 * the store page's, so the dialog opens in it and a colour picked in the dialog shows here.
 */
export function ProductCard({
  variants,
  selected,
  onSelect,
  onCustomize,
  eager,
}: {
  variants: Product[];
  selected: string | undefined;
  onSelect: (slug: string) => void;
  /** `opener`: the button pressed, where focus returns when the dialog closes. */
  onCustomize: (p: Product, opener: HTMLElement) => void;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const product = variants.find((v) => v.slug === selected) ?? variants[0]!;
  const customize = useRef<HTMLButtonElement>(null);
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-xl border border-gray-800 bg-ink-900 transition hover:border-gray-600"
      data-testid="product-card"
    >
      {/* The picture is a larger pointer target for the card's Customize button below, not a control of its own:
          keyboard and screen-reader users meet one Customize per garment, named after it, and the picture keeps its
          alt text. Focus comes back to the Customize button. */}
      <div
        onClick={() => customize.current && onCustomize(product, customize.current)}
        className="block aspect-square cursor-pointer overflow-hidden bg-gray-100"
      >
        <ProductImage
          imageBase={product.image_base}
          multi={product.is_multi_image}
          size={CARD_IMAGE_SIZE}
          colorHex={product.color_hex}
          category={product.category}
          alt={product.name}
          eager={eager}
          className="h-full w-full transition duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <div>
          <h3 className="text-sm leading-snug font-semibold text-white sm:text-base">{product.base_name}</h3>
          <p className="text-xs text-gray-400">{product.color}</p>
          {product.required ? (
            <p className="mt-1 inline-block rounded border border-brand-400 px-1.5 py-0.5 text-xs font-medium text-brand-400">
              {t('store.requiredForUniform')}
            </p>
          ) : null}
        </div>
        <ColorSwatches options={variants} selected={product.slug} onSelect={onSelect} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <p className="font-semibold text-white">{format.money(product.price)}</p>
          <Button
            ref={customize}
            size="sm"
            onClick={(e) => onCustomize(product, e.currentTarget)}
            className="w-full sm:w-auto"
            aria-label={t('store.customizeName', { name: product.base_name })}
          >
            {t('store.customize')}
          </Button>
        </div>
      </div>
    </article>
  );
}
