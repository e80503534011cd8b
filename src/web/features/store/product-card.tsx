import { useState } from 'react';
import type { Product } from '@shared/cart-catalog';
import { formatUsd } from '@shared/money';
import { CARD_IMAGE_SIZE } from './catalogue';
import { ColorSwatches } from './color-swatches';
import { ProductImage } from './product-image';

/** One garment base: the card shows the chosen colour and switches between sibling colour products. */
export function ProductCard({
  variants,
  onCustomize,
  eager,
}: {
  variants: Product[];
  onCustomize: (p: Product) => void;
  eager?: boolean;
}) {
  const [slug, setSlug] = useState(variants[0]!.slug);
  const product = variants.find((v) => v.slug === slug) ?? variants[0]!;
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-xl border border-gray-800 bg-ink-900 transition hover:border-gray-600"
      data-testid="product-card"
    >
      <button
        type="button"
        onClick={() => onCustomize(product)}
        className="block aspect-square overflow-hidden bg-gray-100"
        aria-label={`Customize ${product.name}`}
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
      </button>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <div>
          <h3 className="text-sm leading-snug font-semibold text-white sm:text-base">{product.base_name}</h3>
          <p className="text-xs text-gray-400">{product.color}</p>
        </div>
        <ColorSwatches options={variants} selected={product.slug} onSelect={setSlug} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <p className="font-semibold text-white">{formatUsd(product.price)}</p>
          <button
            type="button"
            onClick={() => onCustomize(product)}
            className="w-full rounded-lg bg-brand-500 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none sm:w-auto sm:py-1.5"
          >
            Customize
          </button>
        </div>
      </div>
    </article>
  );
}
