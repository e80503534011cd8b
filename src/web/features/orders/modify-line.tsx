import { Trash2 } from 'lucide-react';
import {
  CUSTOMIZATION_LABELS,
  POSITION_LABELS,
  offeredPositions,
  type AllowedCustomizations,
  customizationsCost,
  priceLine,
  type Customization,
  type CustomizationCosts,
  type CustomizationType,
  type Position,
} from '@shared/cart';
import type { Product } from '@shared/cart-catalog';
import { QUANTITY_MAX, QUANTITY_MIN } from '@shared/constants';
import { formatUsd, toCents, toDollars } from '@shared/money';
import { Button, Checkbox, Field, Input, Select, Stepper } from '@web/components/ui';

export type Draft = {
  key: number;
  product_id: number;
  /** The name the order knew, for a product the catalogue no longer offers. */
  name: string;
  size: string;
  /** NaN while the box is empty. */
  quantity: number;
  quantityError: string | null;
  customizations: Customization[];
  /** The order's own unit price, for a product the catalogue no longer offers. */
  orderedUnit: number;
};

const TYPES: CustomizationType[] = ['add_name', 'us_flag', 'az_flag'];

/** The line at today's catalogue and settings, in dollars; display only (the server prices the new order). */
export function previewTotal(line: Draft, product: Product | undefined, costs: CustomizationCosts): number | null {
  if (!Number.isInteger(line.quantity) || line.quantity < QUANTITY_MIN || line.quantity > QUANTITY_MAX) return null;
  if (!product) return toDollars(toCents(line.orderedUnit) * line.quantity);
  const priced = priceLine({
    basePriceCents: toCents(product.price),
    sizeUpchargeCents: toCents(product.sizes.find((s) => s.label === line.size)?.upcharge ?? 0),
    unitCustomizationCents: customizationsCost(line.customizations, costs),
    quantity: line.quantity,
  });
  return toDollars(priced.totalCents);
}

type Props = {
  line: Draft;
  product: Product | undefined;
  /** The same garment in each colour the catalogue has, this one included. */
  colours: Product[];
  total: number | null;
  removable: boolean;
  onChange: (patch: Partial<Draft>) => void;
  onQuantityBlur: () => void;
  onRemove: () => void;
};

export function ModifyLine({ line, product, colours, total, removable, onChange, onQuantityBlur, onRemove }: Props) {
  const name = product ? `${product.name} · Size ${line.size}` : line.name;
  const id = `modify-${line.key}`;
  const pickColour = (slug: string) => {
    const next = colours.find((c) => c.slug === slug);
    if (!next) return;
    const size = next.sizes.some((s) => s.label === line.size) ? line.size : (next.sizes[0]?.label ?? line.size);
    onChange({ product_id: next.id, size });
  };
  return (
    <li className="rounded-lg border border-gray-800 p-3" data-testid="modify-line">
      <div className="flex items-center justify-between gap-3">
        <p className="font-medium text-gray-100">{name}</p>
        <Button
          variant="icon"
          size="sm"
          aria-label={`Remove ${name}`}
          disabled={!removable}
          onClick={onRemove}
          className="hover:text-red-300"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_6rem_auto]">
        {product && colours.length > 1 ? (
          <Field id={`${id}-colour`} label="Colour" className="col-span-2 sm:col-span-1">
            <Select dense value={product.slug} onChange={(e) => pickColour(e.target.value)}>
              {colours.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.color}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <span className="hidden sm:block" />
        )}
        {product ? (
          <Field id={`${id}-size`} label="Size">
            <Select dense value={line.size} onChange={(e) => onChange({ size: e.target.value })}>
              {product.sizes.map((s) => (
                <option key={s.label} value={s.label}>
                  {s.label}
                  {s.upcharge ? ` (+${formatUsd(s.upcharge)})` : ''}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field id={`${id}-quantity`} label="Quantity" error={line.quantityError}>
          {(wiring) => (
            <span onBlur={onQuantityBlur} className="block">
              <Stepper
                {...wiring}
                value={line.quantity}
                min={QUANTITY_MIN}
                max={QUANTITY_MAX}
                noun="quantity"
                onChange={(quantity) => onChange({ quantity, quantityError: null })}
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
      <p className="mt-2 text-right text-sm text-gray-300" aria-live="polite">
        Line total{' '}
        <strong className="text-white" data-testid="modify-line-total">
          {total === null ? '—' : formatUsd(total)}
        </strong>
      </p>
    </li>
  );
}

function CustomizationEditor({
  value,
  allowed,
  onChange,
}: {
  value: Customization[];
  allowed: AllowedCustomizations | undefined;
  onChange: (v: Customization[]) => void;
}) {
  const get = (t: CustomizationType) => value.find((c) => c.type === t);
  const set = (t: CustomizationType, c: Customization | null) =>
    onChange([...value.filter((x) => x.type !== t), ...(c ? [c] : [])]);
  return (
    <div className="mt-2 space-y-2">
      {TYPES.map((t) => {
        const c = get(t);
        if (offeredPositions(allowed, t, c?.position).length === 0) return null;
        return (
          <div key={t} className="flex flex-wrap items-center gap-2 text-sm">
            <Checkbox
              className="min-w-40"
              label={CUSTOMIZATION_LABELS[t]}
              checked={!!c}
              onChange={(e) =>
                set(
                  t,
                  e.target.checked
                    ? { type: t, position: offeredPositions(allowed, t)[0]!, text: t === 'add_name' ? '' : null }
                    : null,
                )
              }
            />
            {c ? (
              <>
                <Select
                  dense
                  className="w-auto"
                  aria-label={`${CUSTOMIZATION_LABELS[t]} side`}
                  value={c.position}
                  onChange={(e) => set(t, { ...c, position: e.target.value as Position })}
                >
                  {offeredPositions(allowed, t, c.position).map((p) => (
                    <option key={p} value={p}>
                      {POSITION_LABELS[p]}
                    </option>
                  ))}
                </Select>
                {t === 'add_name' ? (
                  <Input
                    aria-label="Name to embroider"
                    maxLength={20}
                    value={c.text ?? ''}
                    onChange={(e) => set(t, { ...c, text: e.target.value })}
                    placeholder="Name"
                    dense
                    className="w-40"
                  />
                ) : null}
              </>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
