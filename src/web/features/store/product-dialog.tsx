import { useEffect, useState, type FormEvent } from 'react';
import { priceLine, type CartItem } from '@shared/cart';
import type { Product } from '@shared/cart-catalog';
import { formatUsd, toCents, toDollars } from '@shared/money';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Modal } from '@web/components/modal';
import { holdCartPolling, useAddToCart, useRemoveCartItem, useSettings } from '@web/features/cart';
import { ColorSwatches } from './color-swatches';
import { CustomizationFields } from './customization-fields';
import {
  initialState,
  previewList,
  stateFromLine,
  validate,
  type CustomizeState,
  type FieldErrors,
} from './customize-form';
import { GarmentPreview } from './garment-preview';
import { ProductImage } from './product-image';
import { QuantityInput } from './quantity-input';
import { SizePicker } from './size-picker';

type Props = {
  product: Product;
  variants: Product[];
  /** When set, the dialog edits this line: saving deletes it and adds the new choice (docs/product.md#cart). */
  editing?: CartItem;
  onSelectVariant: (p: Product) => void;
  onClose: () => void;
};

export function ProductDialog({ product, variants, editing, onSelectVariant, onClose }: Props) {
  const settings = useSettings();
  const add = useAddToCart();
  const remove = useRemoveCartItem();
  const [state, setState] = useState<CustomizeState>(() =>
    editing ? stateFromLine(editing.size, editing.quantity, editing.customizations, product) : initialState(product),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [side, setSide] = useState<'front' | 'back'>('front');
  const [saving, setSaving] = useState(false);

  useEffect(() => holdCartPolling(editing ? `edit-${editing.id}` : 'customize'), [editing]);

  const update = (next: CustomizeState) => {
    setState(next);
    if (Object.keys(errors).length) setErrors({});
  };
  const size = product.sizes.find((s) => s.label === state.size);
  const chosen = previewList(state);
  const quantity = Number.isFinite(state.quantity) && state.quantity > 0 ? state.quantity : 1;
  const line = priceLine({
    basePriceCents: toCents(product.price),
    sizeUpchargeCents: toCents(size?.upcharge ?? 0),
    customizationCount: chosen.length,
    customizationCostCents: toCents(settings.customization_cost),
    quantity,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(product, state);
    if (!checked.ok) return setErrors(checked.errors);
    const input = {
      product,
      size: state.size,
      sizeUpcharge: size?.upcharge ?? 0,
      quantity: state.quantity,
      customizations: checked.customizations,
    };
    setSaving(true);
    try {
      if (editing) await remove.mutateAsync(editing.id);
      onClose();
      await add.mutateAsync(input);
    } catch {
      // The hooks already toast the docs/product.md#errors-the-user-sees message and restore the server cart.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? `Edit ${product.base_name}` : product.base_name}
      description={product.description}
      size="xl"
    >
      <form onSubmit={submit} noValidate className="grid gap-6 md:grid-cols-2">
        <div className="space-y-3">
          <div className="relative overflow-hidden rounded-xl bg-gray-100">
            <ProductImage
              imageBase={product.image_base}
              multi={product.is_multi_image}
              side={side}
              size={500}
              colorHex={product.color_hex}
              category={product.category}
              alt={`${product.name}, ${side}`}
              eager
              className="aspect-square w-full"
            />
            {product.is_multi_image && (
              <div
                className="absolute bottom-3 left-1/2 flex -translate-x-1/2 rounded-full bg-black/70 p-1"
                role="radiogroup"
                aria-label="View"
              >
                {(['front', 'back'] as const).map((s) => (
                  <button
                    key={s}
                    type="button"
                    role="radio"
                    aria-checked={side === s}
                    onClick={() => setSide(s)}
                    className={`rounded-full px-3 py-1 text-xs font-medium capitalize ${side === s ? 'bg-white text-gray-900' : 'text-gray-200'}`}
                  >
                    {s}
                  </button>
                ))}
              </div>
            )}
          </div>
          <GarmentPreview category={product.category} colorHex={product.color_hex} customizations={chosen} />
        </div>

        <div className="space-y-5">
          <div>
            <p className="text-2xl font-bold text-white">{formatUsd(product.price)}</p>
            <p className="mt-2 text-sm text-gray-300">
              Colour: <span className="font-medium text-white">{product.color}</span>
            </p>
            {variants.length > 1 && (
              <div className="mt-2">
                <ColorSwatches
                  size="md"
                  options={variants}
                  selected={product.slug}
                  onSelect={(slug) => onSelectVariant(variants.find((v) => v.slug === slug)!)}
                />
              </div>
            )}
          </div>
          <SizePicker
            sizes={product.sizes}
            value={state.size}
            error={errors.size}
            onChange={(s) => update({ ...state, size: s })}
          />
          <QuantityInput
            value={state.quantity}
            error={errors.quantity}
            onChange={(q) => update({ ...state, quantity: q })}
          />
          <CustomizationFields state={state} errors={errors} cost={settings.customization_cost} onChange={update} />
          <ErrorAlert message={errors.form} />

          <div className="space-y-1 rounded-lg bg-gray-950/70 p-3 text-sm" data-testid="price-summary">
            <div className="flex justify-between text-gray-300">
              <span>Garment{size && size.upcharge > 0 ? ` (size ${size.label})` : ''}</span>
              <span>{formatUsd(toDollars(line.unitBaseCents))}</span>
            </div>
            <div className="flex justify-between text-gray-300">
              <span>
                Customizations ({chosen.length} × {formatUsd(settings.customization_cost)})
              </span>
              <span>{formatUsd(toDollars(line.unitCustomizationCents))}</span>
            </div>
            <div className="flex justify-between border-t border-gray-800 pt-1.5 font-semibold text-white">
              <span>
                Line total ({quantity} × {formatUsd(toDollars(line.unitBaseCents + line.unitCustomizationCents))})
              </span>
              <span data-testid="dialog-line-total">{formatUsd(toDollars(line.totalCents))}</span>
            </div>
          </div>

          <button
            type="submit"
            disabled={saving}
            className="w-full rounded-lg bg-brand-500 px-4 py-3 font-semibold text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none disabled:opacity-60"
          >
            {editing ? 'Save Changes' : 'Add to Cart'} · {formatUsd(toDollars(line.totalCents))}
          </button>
        </div>
      </form>
    </Modal>
  );
}
