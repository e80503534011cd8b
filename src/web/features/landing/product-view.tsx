import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Product } from '@shared/cart-catalog';
import { productImageUrl } from '@shared/cart-basics';
import { decorationWords } from '@shared/catalogue-filter';
import { formatUsd } from '@shared/money';
import { Modal } from '@web/components/modal';
import { Button, RadioGroup } from '@web/components/ui';
import { useSession, type SignInNext } from '@web/features/auth';
import { emit } from '@web/lib/events';
import { useFromEnglish } from '@web/i18n';
import { usePublicSettings } from './api/use-public-catalogue';

/**
 * A garment as a guest may see it: photo per colour, sizes with their prices, the decorations it takes and what
 * each costs. Ordering needs an account: "Sign in to order" opens sign-in and comes back to this garment, in the
 * chosen colour, with its customiser open (/store?product=<slug>).
 */
export default function ProductView({
  variants,
  onClose,
  returnFocus,
}: {
  variants: Product[];
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}) {
  const [slug, setSlug] = useState(variants[0]!.slug);
  const product = variants.find((v) => v.slug === slug) ?? variants[0]!;
  const { data: user } = useSession();
  const { data: settings } = usePublicSettings();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const words = useFromEnglish();
  const decorations = decorationWords(product);
  const target = `/store?product=${encodeURIComponent(product.slug)}`;

  // Leaving for sign-in or the store: focus belongs to what opens next, not to the card.
  const leaving = useRef(false);
  const order = () => {
    leaving.current = true;
    onClose();
    if (user) return navigate(target);
    // The login modal reads where to go next from the location's state, as it does for a guarded link.
    navigate('/', { state: { next: target } satisfies SignInNext });
    emit('open-login-modal');
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={product.name}
      size="lg"
      returnFocus={() => (leaving.current ? null : returnFocus())}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('catalogue.close')}
          </Button>
          <Button onClick={order} data-testid="sign-in-to-order">
            {user ? t('catalogue.customizeAndOrder') : t('catalogue.signInToOrder')}
          </Button>
        </div>
      }
    >
      <div className="grid gap-5 sm:grid-cols-[14rem_1fr]" data-testid="product-view">
        <img
          src={productImageUrl(product.image_base, 500, product.is_multi_image ? 'front' : undefined)}
          alt={product.name}
          width={500}
          height={500}
          className="aspect-square w-full max-w-56 rounded-lg bg-gray-100 object-contain"
        />
        <div className="min-w-0 space-y-4 text-sm">
          {product.description ? <p className="text-gray-300">{product.description}</p> : null}
          {variants.length > 1 ? (
            <RadioGroup
              label={t('catalogue.colourIs', { colour: product.color })}
              look="swatch-lg"
              value={product.slug}
              onChange={setSlug}
              options={variants.map((v) => ({ value: v.slug, ariaLabel: v.color, color: v.color_hex }))}
            />
          ) : (
            <p className="text-gray-200">{t('catalogue.colourIs', { colour: product.color })}</p>
          )}
          <section aria-labelledby="view-sizes">
            <h3 id="view-sizes" className="mb-1 font-semibold text-white">
              {t('catalogue.sizesAndPrices')}
            </h3>
            <table className="w-full max-w-xs text-left">
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t('catalogue.size')}</th>
                  <th scope="col">{t('catalogue.price')}</th>
                </tr>
              </thead>
              <tbody>
                {product.sizes.map((s) => (
                  <tr key={s.label} className="border-b border-gray-800 last:border-0">
                    <td className="py-1 text-gray-300">{s.label}</td>
                    <td className="py-1 text-right text-gray-100">{formatUsd(product.price + s.upcharge)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="view-decorations">
            <h3 id="view-decorations" className="mb-1 font-semibold text-white">
              {t('catalogue.decorations')}
            </h3>
            {decorations.length ? (
              <ul className="space-y-0.5 text-gray-300">
                {decorations.map((d) => (
                  <li key={d.label}>
                    {words(d.label)}: {words(d.where)}
                    {settings ? ` (+${formatUsd(settings.customization_cost)})` : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-gray-300">{t('catalogue.soldPlain')}</p>
            )}
          </section>
        </div>
      </div>
    </Modal>
  );
}
