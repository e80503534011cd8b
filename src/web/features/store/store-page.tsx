import { useTranslation } from 'react-i18next';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { CartItem } from '@shared/cart';
import type { Product } from '@shared/cart-catalog';
import { Button } from '@web/components/ui';
import {
  colourOptions,
  filterGarments,
  filterParams,
  isFiltered,
  NO_FILTER,
  readFilter,
  type CatalogueFilter,
} from '@shared/catalogue-filter';
import { useSession } from '@web/features/auth';
import { EDIT_CART_ITEM_EVENT, useSettings } from '@web/features/cart';
import { KitsStrip } from '@web/features/kits';
import { preloadable } from '@web/lib/preloadable';
import { useProducts, useSearchSynonyms } from './api/use-products';
import { useMySizes } from './api/use-my-sizes';
import { EAGER_CARDS, groupByBase } from '@shared/store-cards';
import { CatalogueFilters } from './catalogue-filters';
import { useDecorationKinds } from '@web/lib/use-decoration-kinds';
import { MobileCartBar } from './mobile-cart-bar';
import { ProductCard } from './product-card';
import type { ProductDialog as Dialog } from './product-dialog';

// The customise dialog (its form, validation and Radix dialog, ~55 kB gzip) is not needed to paint the catalogue:
// its chunk loads when a pointer, finger or the keyboard reaches a card, ahead of the click that opens it.
const ProductDialog = preloadable<ComponentProps<typeof Dialog>>(() =>
  import('./product-dialog').then((m) => ({ default: m.ProductDialog })),
);

const preloadDialog = () => void ProductDialog.preload();

type Open = { product: Product; editing?: CartItem };

/**
 * After the dialog: back to what opened it; when that is gone (an edited line is replaced), to the cart's own
 * control (the phone's cart bar or header link, or the sidebar's checkout link).
 */
function focusTarget(opener: HTMLElement | null): HTMLElement | null {
  if (opener?.isConnected) return opener;
  for (const selector of [
    '[data-testid="mobile-cart-bar"] button',
    '[data-testid="cart-link"] a',
    '[data-testid="store-sidebar"] a[href="/checkout"]',
  ]) {
    const el = document.querySelector<HTMLElement>(selector);
    if (el?.offsetParent) return el;
  }
  return null;
}

/**
 * Loads the settings once with the store, so the dialog's prices are right from its first frame (docs/product.md#constants defaults
 * meanwhile). A leaf of its own: their arrival re-rendered every product card when the page itself subscribed.
 */
function SettingsLoader() {
  useSettings();
  // The customer's remembered sizes too, so the dialog opens with their size already chosen.
  useMySizes();
  return null;
}

/** The catalogue (docs/product.md#screens-and-routes store body): category filter, one card per garment, the customise-and-add dialog. */
export default function StorePage() {
  const { data: products, isPending, isError, refetch } = useProducts();
  const [params, setParams] = useSearchParams();
  // The filter lives in the URL, so a link carries it and back and forward step through it.
  // A kind an admin added is a filter by its key once the shop's kinds are known.
  const kinds = useDecorationKinds();
  const filter = readFilter(params, kinds);
  // Merged into the URL as it is now, not as this render saw it: two quick changes (a cleared search, then a choice)
  // must not undo each other.
  const setFilter = (change: Partial<CatalogueFilter>, typing = false) => {
    const now = new URLSearchParams(window.location.search);
    setParams(filterParams({ ...readFilter(now, kinds), ...change }, now), {
      replace: typing,
      preventScrollReset: true,
    });
  };
  const [open, setOpen] = useState<Open | null>(null);
  // Each garment's colour (base name to slug), shared by its card and the dialog.
  const [colours, setColours] = useState<Record<string, string>>({});
  const opener = useRef<HTMLElement | null>(null);
  // A polite live region the page always has, so a screen reader hears "Added to cart" after the dialog has gone.
  const [status, setStatus] = useState('');
  const announce = (message: string) =>
    // The same words twice in a row would not be read again: alternate a trailing no-break space.
    setStatus((last) => (last === message ? `${message}\u00a0` : message));
  const chooseColour = (p: Product) => setColours((c) => ({ ...c, [p.base_name]: p.slug }));

  const groups = useMemo(() => groupByBase(products ?? []), [products]);
  const categories = useMemo(() => [...new Set(groups.map((g) => g[0]!.category))], [groups]);
  const colourChoices = useMemo(() => colourOptions(products ?? []), [products]);
  const synonyms = useSearchSynonyms();
  const shown = filterGarments(groups, filter, synonyms);
  const variantsOf = (p: Product) => groups.find((g) => g[0]!.base_name === p.base_name) ?? [p];

  const onEdit = useCallback(
    (e: Event) => {
      const item = (e as CustomEvent<CartItem>).detail;
      const product = products?.find((p) => p.id === item.product_id);
      if (!product) return;
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen({ product, editing: item });
    },
    [products],
  );
  // /store?product=<slug> (the landing's "Sign in to order") opens that garment's customiser once the catalogue is
  // here and the profile gate is passed (a dialog under the profile modal could not be used).
  const { data: user } = useSession();
  const wanted = params.get('product');
  useEffect(() => {
    if (!wanted || !products || !user?.profile_completed) return;
    const product = products.find((p) => p.slug === wanted);
    const rest = new URLSearchParams(params);
    rest.delete('product');
    setParams(rest, { replace: true });
    if (product) {
      chooseColour(product);
      setOpen({ product });
    }
  }, [wanted, products, user?.profile_completed, params, setParams]);

  // Arriving from another screen of the app, focus starts at the heading, as at checkout: a screen reader names the
  // page, and the next Tab is the catalogue's first control, not the header again (Shift+Tab still reaches the
  // cart, which comes right before the catalogue). A fresh load or a garment to open leaves focus alone.
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useTranslation();
  const key = useLocation().key;
  // Read once: a filter change is a new history entry too, and must not pull focus from the search box.
  const [arrivedInApp] = useState(() => key !== 'default');
  useEffect(() => {
    if (arrivedInApp && !new URLSearchParams(window.location.search).has('product'))
      heading.current?.focus({ preventScroll: true });
  }, [arrivedInApp]);

  useEffect(() => {
    window.addEventListener(EDIT_CART_ITEM_EVENT, onEdit);
    return () => window.removeEventListener(EDIT_CART_ITEM_EVENT, onEdit);
  }, [onEdit]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-28 sm:px-6 md:pb-10">
      <SettingsLoader />
      <div className="mb-5">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-white focus:outline-none sm:text-3xl">
          {t('store.title')}
        </h1>
        <p className="mt-1 text-sm text-gray-400">{t('store.intro')}</p>
      </div>
      <KitsStrip onAdded={announce} />
      <div className="mb-6">
        <CatalogueFilters filter={filter} categories={categories} colours={colourChoices} onChange={setFilter} />
        {/* How many a search keeps, said as it changes (an empty result says so below instead). */}
        <p role="status" className="mt-3 text-sm text-gray-400" data-testid="garment-count">
          {products && isFiltered(filter) && shown.length > 0
            ? t('store.count', { shown: shown.length, total: groups.length })
            : null}
        </p>
      </div>
      {isPending ? (
        <div
          className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4"
          aria-busy="true"
          aria-label={t('store.loading')}
        >
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="aspect-[3/4] animate-pulse rounded-xl bg-gray-800/60" />
          ))}
        </div>
      ) : isError ? (
        <div className="rounded-xl border border-gray-800 p-8 text-center">
          <p className="text-gray-200">{t('store.loadFailed')}</p>
          <Button onClick={() => void refetch()} className="mt-3 text-sm">
            {t('store.tryAgain')}
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <div className="rounded-xl border border-gray-800 p-8 text-center" data-testid="no-garments">
          <p className="text-gray-200">{t('store.none')}</p>
          {isFiltered(filter) ? (
            <Button onClick={() => setFilter(NO_FILTER)} className="mt-3 text-sm">
              {t('store.clearFilters')}
            </Button>
          ) : null}
        </div>
      ) : (
        // A pointer, a finger or the keyboard reaching a card is the cue to fetch the dialog's code.
        <div
          className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4"
          onPointerOver={preloadDialog}
          onTouchStart={preloadDialog}
          onFocus={preloadDialog}
        >
          {shown.map(({ variants, match }, i) => (
            <ProductCard
              key={variants[0]!.base_name}
              variants={variants}
              eager={i < EAGER_CARDS}
              // A colour filter shows each garment in that colour until the customer picks another.
              selected={colours[variants[0]!.base_name] ?? match.slug}
              onSelect={(slug) => setColours((c) => ({ ...c, [variants[0]!.base_name]: slug }))}
              onCustomize={(product, from) => {
                opener.current = from;
                setOpen({ product });
              }}
            />
          ))}
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <ProductDialog
            key={open.editing?.id ?? 'new'}
            product={open.product}
            variants={variantsOf(open.product)}
            editing={open.editing}
            onSelectVariant={(product) => {
              setOpen({ ...open, product });
              if (!open.editing) chooseColour(product);
            }}
            onClose={() => setOpen(null)}
            onDone={announce}
            returnFocus={() => focusTarget(opener.current)}
          />
        </Suspense>
      )}
      <MobileCartBar />
      <p role="status" aria-live="polite" className="sr-only" data-testid="store-status">
        {status}
      </p>
    </div>
  );
}
