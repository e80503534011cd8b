import { Package } from 'lucide-react';
import { Suspense, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitView } from '@shared/kits';
import { Button } from '@web/components/ui';
import { useFormat } from '@web/i18n/format';
import { preloadable } from '@web/lib/preloadable';
import { useMyKits } from './use-kits';
import type { AddKitDialog as Dialog } from './add-kit-dialog';

// The dialog (sizes, the name check) loads only when a member reaches for a kit.
const AddKitDialog = preloadable<ComponentProps<typeof Dialog>>(() =>
  import('./add-kit-dialog').then((m) => ({ default: m.AddKitDialog })),
);

/** The member's department kits above the catalogue (docs/product.md#department-kits); nothing when there are none. */
export function KitsStrip({ onAdded }: { onAdded?: (message: string) => void }) {
  const { data: kits } = useMyKits();
  const [open, setOpen] = useState<KitView | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const { t } = useTranslation();
  const format = useFormat();
  if (!kits?.length) return null;
  return (
    <section aria-labelledby="kits-title" className="mb-6" data-testid="kits-strip">
      <h2 id="kits-title" className="mb-3 text-lg font-semibold text-white">
        {t('kits.title')}
      </h2>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {kits.map((kit) => (
          <li key={kit.id} data-testid="kit" className="flex flex-col rounded-xl border border-gray-800 bg-ink-900 p-4">
            <div className="flex items-start gap-3">
              <Package className="mt-0.5 h-5 w-5 shrink-0 text-brand-400" aria-hidden />
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-gray-100">{kit.name}</h3>
                {kit.description ? <p className="text-sm text-gray-400">{kit.description}</p> : null}
              </div>
            </div>
            <ul className="mt-2 flex-1 text-sm text-gray-300">
              {kit.items.map((item, i) => (
                <li key={i}>
                  {item.quantity} × {item.product_name}
                  {item.color ? ` – ${item.color}` : ''}
                </li>
              ))}
            </ul>
            <div className="mt-3 flex items-center justify-between gap-3">
              <span className="text-sm text-gray-300">{t('kits.from', { price: format.money(kit.total_price) })}</span>
              <Button
                size="sm"
                aria-label={t('kits.addNamed', { name: kit.name })}
                onPointerOver={() => void AddKitDialog.preload()}
                onFocus={() => void AddKitDialog.preload()}
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setOpen(kit);
                }}
              >
                {t('kits.add')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {open ? (
        <Suspense fallback={null}>
          <AddKitDialog
            kit={open}
            onClose={() => setOpen(null)}
            onAdded={(message) => onAdded?.(message)}
            returnFocus={() => opener.current}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
