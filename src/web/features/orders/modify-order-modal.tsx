import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { costsFromSettings, customizationsSchema } from '@shared/cart';
import type { Product } from '@shared/cart-catalog';
import { toCents, toDollars } from '@shared/money';
import type { Order } from '@shared/orders';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { quantityError, type LineDraft } from '@web/components/orders/line-draft';
import { LineEditor, quantityFieldId } from '@web/components/orders/line-editor';
import { Button } from '@web/components/ui';
import { useSettings } from '@web/features/cart';
import { productsQuery } from '@web/features/store';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useModifyOrder } from './api/orders-api';
import { previewTotal } from './preview-total';

type Props = {
  order: Order;
  onClose: () => void;
  onDone: (created: Order) => void;
  returnFocus: () => HTMLElement | null;
};

type Draft = LineDraft & {
  quantityError: string | null;
  /** The order's own unit price, for a product the catalogue no longer offers. */
  orderedUnit: number;
};

/** The product and each colour of its garment the catalogue offers, in the catalogue's order. */
function coloursOf(product: Product | undefined, catalogue: Product[]): Product[] {
  if (!product) return [];
  const slugs = new Set([product.slug, ...product.colors.map((c) => c.slug)]);
  return catalogue.filter((p) => slugs.has(p.slug));
}

/**
 * Edit a denied order's lines (colour, size, quantity, customisations, remove) and resubmit it as a new order.
 * The totals shown are today's prices by the shared line rule; the new order's answer is what counts.
 */
export function ModifyOrderModal({ order, onClose, onDone, returnFocus }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
  const [lines, setLines] = useState<Draft[]>(() =>
    order.items.map((i) => ({
      key: `order-${i.id}`,
      name: i.product_name,
      product_id: i.product_id,
      size: i.size,
      quantity: i.quantity,
      quantityError: null,
      customizations: i.customizations.map(({ type, position, text }) => ({ type, position, text })),
      orderedUnit: i.unit_base_price + i.unit_customization_price,
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const catalogue = useQuery(productsQuery).data ?? [];
  const settings = useSettings();
  const modify = useModifyOrder();
  const update = (key: string, patch: Partial<Draft>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const priced = lines.map((l) => {
    const product = catalogue.find((p) => p.id === l.product_id);
    return { line: l, product, total: previewTotal(l, product, l.orderedUnit, costsFromSettings(settings)) };
  });
  const subtotal = priced.every((p) => p.total !== null)
    ? toDollars(priced.reduce((n, p) => n + toCents(p.total ?? 0), 0))
    : null;

  const submit = async () => {
    setError(null);
    const checked = lines.map((l) => ({ ...l, quantityError: quantityError(l.quantity) }));
    setLines(checked);
    const bad = checked.find((l) => l.quantityError);
    if (bad) {
      document.getElementById(quantityFieldId(bad.key))?.focus();
      return setError(t('modify.checkQuantities'));
    }
    for (const l of lines) {
      const r = customizationsSchema.safeParse(l.customizations);
      if (!r.success)
        return setError(
          t('modify.lineError', {
            name: l.name,
            size: l.size,
            error: words(r.error.issues[0]?.message ?? 'Customizations are not valid'),
          }),
        );
    }
    try {
      const created = await modify.mutateAsync({
        id: order.id,
        items: lines.map(({ product_id, size, quantity, customizations }) => ({
          product_id,
          size,
          quantity,
          customizations,
        })),
      });
      toast.success(
        t(created.status === 'awaiting_approval' ? 'modify.submittedForApproval' : 'modify.submitted', {
          number: created.order_number,
        }),
      );
      onDone(created);
    } catch (err) {
      setError(errorText(err, t('modify.failed')));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={t('modify.title', { number: order.order_number })}
      description={t('modify.description')}
      returnFocus={returnFocus}
    >
      <div className="space-y-4" data-testid="modify-order">
        {order.denial_reason ? (
          <p className="rounded-lg bg-red-500/10 p-3 text-sm text-red-200">
            {t('modify.denied', { reason: order.denial_reason })}
          </p>
        ) : null}
        <ul className="space-y-3">
          {priced.map(({ line, product, total }) => (
            <LineEditor
              key={line.key}
              testId="modify-line"
              line={line}
              product={product}
              colours={coloursOf(product, catalogue)}
              total={total}
              quantityError={line.quantityError}
              removable={lines.length > 1}
              onChange={(patch) => update(line.key, 'quantity' in patch ? { ...patch, quantityError: null } : patch)}
              onQuantityBlur={() => update(line.key, { quantityError: quantityError(line.quantity) })}
              onRemove={() => setLines((ls) => ls.filter((x) => x.key !== line.key))}
            />
          ))}
        </ul>
        <div className="text-sm text-gray-300">
          <p className="flex justify-between font-semibold text-white">
            <span>{t('modify.subtotal')}</span>
            <span data-testid="modify-subtotal">{subtotal === null ? '—' : format.money(subtotal)}</span>
          </p>
          <p className="mt-1 text-gray-400">{t('modify.taxNote')}</p>
        </div>
        <ErrorAlert message={error} />
        <div className="flex justify-end gap-2 border-t border-gray-800 pt-4">
          <Button variant="secondary" onClick={onClose} className="text-sm">
            {t('modify.back')}
          </Button>
          <Button onClick={submit} loading={modify.isPending} className="text-sm">
            {modify.isPending ? t('modify.submitting') : t('modify.resubmit')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
