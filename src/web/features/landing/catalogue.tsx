import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { Product } from '@shared/cart-catalog';
import { productImageUrl } from '@shared/cart-basics';
import { decorationWords, fromPrice } from '@shared/catalogue-filter';
import { groupByBase } from '@shared/store-cards';
import { Button } from '@web/components/ui/button';
import { useTranslation } from 'react-i18next';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
import { HeadedSection } from './section-heading';
import { usePublicCatalogue } from './api/use-public-catalogue';

// The read-only product view (a Radix dialog) loads when a garment is first opened.
const ProductView = lazy(() => import('./product-view'));

/** The catalogue for everyone, signed in or not: each garment's photo, "from" price, colours and decorations. */
export function Catalogue() {
  const { data: products, isPending, isError } = usePublicCatalogue();
  const groups = useMemo(() => groupByBase(products ?? []), [products]);
  const [open, setOpen] = useState<Product[] | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const { t } = useTranslation();
  return (
    <HeadedSection
      id="catalogue-title"
      eyebrow={t('catalogue.eyebrow')}
      title={t('catalogue.title')}
      intro={t('catalogue.intro')}
    >
      {isPending ? (
        <p className="mt-8 text-gray-400" aria-busy="true">
          {t('catalogue.loading')}
        </p>
      ) : isError ? (
        <p className="mt-8 text-gray-300">{t('catalogue.failed')}</p>
      ) : (
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4" data-testid="landing-catalogue">
          {groups.map((variants) => (
            <GarmentCard
              key={variants[0]!.base_name}
              variants={variants}
              onOpen={(from) => {
                opener.current = from;
                setOpen(variants);
              }}
            />
          ))}
        </ul>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ProductView variants={open} onClose={() => setOpen(null)} returnFocus={() => opener.current} />
        </Suspense>
      ) : null}
    </HeadedSection>
  );
}

function GarmentCard({ variants, onOpen }: { variants: Product[]; onOpen: (from: HTMLElement) => void }) {
  const first = variants[0]!;
  const decorations = decorationWords(first);
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl border border-gray-800 bg-ink-900"
      data-testid="landing-garment"
    >
      <img
        src={productImageUrl(first.image_base, 250, first.is_multi_image ? 'front' : undefined)}
        alt={first.name}
        width={250}
        height={250}
        loading="lazy"
        decoding="async"
        className="aspect-square w-full bg-gray-100 object-contain"
      />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="text-sm leading-snug font-semibold text-white sm:text-base">{first.base_name}</h3>
        <p className="text-sm text-gray-200">{t('catalogue.from', { price: format.money(fromPrice(variants)) })}</p>
        <ul
          className="flex flex-wrap gap-1.5"
          aria-label={t('catalogue.colours', { colours: variants.map((v) => v.color).join(', ') })}
        >
          {variants.map((v) => (
            <li
              key={v.slug}
              title={v.color}
              className="h-4 w-4 rounded-full ring-1 ring-gray-500"
              style={{ backgroundColor: v.color_hex }}
            />
          ))}
        </ul>
        <p className="text-xs text-gray-400">
          {decorations.length
            ? t('catalogue.takes', { decorations: decorations.map((d) => words(d.label)).join(', ') })
            : t('catalogue.plain')}
        </p>
        <Button
          size="sm"
          variant="secondary"
          className="mt-auto w-full"
          onClick={(e) => onOpen(e.currentTarget)}
          aria-label={t('catalogue.viewName', { name: first.base_name })}
        >
          {t('catalogue.view')}
        </Button>
      </div>
    </li>
  );
}
