import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@shared/cart-catalog';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shared/constants';
import { Button, Field, Select, Stepper } from '@web/components/ui';
import { useFormat } from '@web/i18n/format';
import { CustomizationEditor } from './customization-editor';
import type { LineDraft } from './line-draft';

type Props = {
  line: LineDraft;
  /** The line's product in the catalogue; undefined while it loads or when the catalogue no longer offers it. */
  product: Product | undefined;
  /** The same garment in each colour the catalogue has, this one included; a choice is offered when there are two. */
  colours?: Product[];
  /** The line total to show (null while the quantity is not a number); left out where the server prices the order. */
  total?: number | null;
  quantityError?: string | null;
  removable: boolean;
  onChange: (patch: Partial<LineDraft>) => void;
  onQuantityBlur?: () => void;
  onRemove: () => void;
  testId: string;
};

/** The field id of a line's quantity box, to move the focus to it. */
export const quantityFieldId = (key: string) => `line-${key}-quantity`;

/**
 * One order line being edited: colour, size, quantity, name and patches, or remove it. The one editor of the staff
 * phone order, the staff edit of an order's items and the customer's modify of a denied order.
 */
export function LineEditor(p: Props) {
  const { line, product, colours = [], removable, onChange, onRemove } = p;
  const { t } = useTranslation();
  const format = useFormat();
  const title = t('editor.title', { name: product?.name ?? line.name, size: line.size });
  const id = `line-${line.key}`;
  const sizes = product?.sizes ?? [];
  const pickColour = (slug: string) => {
    const next = colours.find((c) => c.slug === slug);
    if (!next) return;
    const size = next.sizes.some((s) => s.label === line.size) ? line.size : (next.sizes[0]?.label ?? line.size);
    onChange({ product_id: next.id, name: next.name, size });
  };
  return (
    <li className="rounded-lg border border-gray-800 p-3" data-testid={p.testId}>
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-gray-100">{title}</p>
        <Button
          variant="icon"
          size="sm"
          aria-label={t('editor.remove', { title })}
          disabled={!removable}
          onClick={onRemove}
          className="hover:text-red-300"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-start gap-4">
        {product && colours.length > 1 ? (
          <Field id={`${id}-colour`} label={t('editor.colour')}>
            <Select dense value={product.slug} onChange={(e) => pickColour(e.target.value)}>
              {colours.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.color}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {product ? (
          <Field id={`${id}-size`} label={t('editor.size')}>
            <Select dense value={line.size} onChange={(e) => onChange({ size: e.target.value })}>
              {sizes.some((s) => s.label === line.size) ? null : <option value={line.size}>{line.size}</option>}
              {sizes.map((s) => (
                <option key={s.label} value={s.label}>
                  {s.label}
                  {s.upcharge ? ` (+${format.money(s.upcharge)})` : ''}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field id={quantityFieldId(line.key)} label={t('editor.quantity')} error={p.quantityError}>
          {(wiring) => (
            <span onBlur={p.onQuantityBlur} className="block">
              <Stepper
                {...wiring}
                value={line.quantity}
                min={QUANTITY_MIN}
                max={QUANTITY_MAX}
                noun="quantity"
                labels={{ decrease: t('cart.decrease'), increase: t('cart.increase') }}
                onChange={(quantity) => onChange({ quantity })}
              />
            </span>
          )}
        </Field>
      </div>
      <CustomizationEditor
        value={line.customizations}
        allowed={product?.customizations}
        onChange={(customizations) => onChange({ customizations })}
      />
      {p.total !== undefined ? (
        <p className="mt-2 text-right text-sm text-gray-300" aria-live="polite">
          {t('editor.lineTotal')}{' '}
          <strong className="text-white" data-testid={`${p.testId}-total`}>
            {p.total === null ? '—' : format.money(p.total)}
          </strong>
        </p>
      ) : null}
    </li>
  );
}
