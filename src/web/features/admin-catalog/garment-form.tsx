import { useState } from 'react';
import {
  CUSTOMIZATION_LABELS,
  CUSTOMIZATION_TYPES,
  POSITIONS,
  POSITION_LABELS,
  positionPhrase,
  type Position,
} from '@shared/cart-basics';
import { productCreateSchema, type AdminProduct, type ProductCreate } from '@shared/catalog-admin';
import { Button, Checkbox, Field, Input, Textarea } from '@web/components/ui';
import { DialogActions } from '@web/components/dialog-actions';
import { chartOf, draftOf, SizeChartFields, type ChartDraft } from './size-chart-fields';

// The garment's own fields; a new garment also names its first colour. Checked with the shared rules before sending.
export type GarmentBody = Omit<ProductCreate, 'color' | 'color_hex' | 'slug' | 'active'>;
type Values = {
  base_name: string;
  category: string;
  description: string;
  base_price: string;
  sizes: string;
  multi: boolean;
};
type Allowed = Record<string, boolean>;

const sizesText = (p?: AdminProduct) =>
  (
    p?.sizes ?? [
      { label: 'S', upcharge: 0 },
      { label: 'M', upcharge: 0 },
      { label: 'L', upcharge: 0 },
      { label: 'XL', upcharge: 0 },
      { label: '2XL', upcharge: 2 },
    ]
  )
    .map((s) => (s.upcharge ? `${s.label} +${s.upcharge.toFixed(2)}` : s.label))
    .join('\n');

/** "2XL +2.00" per line: a label, then an optional upcharge in dollars. */
const parseSizes = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^(.*?)(?:\s+\+?\$?(-?[\d.]+))?$/.exec(l)!;
      return { label: m[1]!.trim(), upcharge: m[2] === undefined ? 0 : Number(m[2]) };
    });

const key = (t: string, s: string) => `${t}:${s}`;

type Props = {
  garment?: AdminProduct;
  saving: boolean;
  onSave: (body: GarmentBody, firstColour?: { color: string; color_hex: string }) => void;
  onCancel: () => void;
};

export function GarmentForm({ garment, saving, onSave, onCancel }: Props) {
  const [v, setV] = useState<Values>({
    base_name: garment?.base_name ?? '',
    category: garment?.category ?? '',
    description: garment?.description ?? '',
    base_price: garment ? garment.base_price.toFixed(2) : '',
    sizes: sizesText(garment),
    multi: garment?.is_multi_image ?? false,
  });
  const [colour, setColour] = useState({ color: '', color_hex: '#1f2a44' });
  const [allowed, setAllowed] = useState<Allowed>(() => {
    // A new garment starts as a top: every kind on either side; staff tick a front or a leg for caps and pants.
    const list =
      garment?.customizations ??
      CUSTOMIZATION_TYPES.map((type) => ({ type, sides: ['left_side', 'right_side'] as Position[] }));
    return Object.fromEntries(list.flatMap((c) => c.sides.map((s) => [key(c.type, s), true])));
  });
  const [chart, setChart] = useState<ChartDraft>(() => draftOf(garment?.size_chart));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: GarmentBody = {
      base_name: v.base_name,
      category: v.category,
      description: v.description,
      base_price: v.base_price.trim() === '' ? Number.NaN : Number(v.base_price),
      sizes: parseSizes(v.sizes),
      is_multi_image: v.multi,
      customizations: CUSTOMIZATION_TYPES.map((type) => ({
        type,
        sides: POSITIONS.filter((s) => allowed[key(type, s)]),
      })).filter((c) => c.sides.length > 0),
      size_chart: chartOf(
        chart,
        parseSizes(v.sizes).map((s) => s.label),
      ),
    };
    const parsed = productCreateSchema.safeParse({
      ...body,
      ...(garment ? { color: 'x', color_hex: '#000000' } : colour),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [head, part, i] = issue.path;
        // A chart row's problem names its size: "2XL: Enter inches from 1 to 99".
        const row = head === 'size_chart' && part === 'rows' ? body.size_chart?.rows[Number(i)] : undefined;
        next[String(head)] ??= row ? `${row.size}: ${issue.message}` : issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    onSave(body, garment ? undefined : colour);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="g-name" label="Garment name" error={errors.base_name}>
          <Input className="text-sm" value={v.base_name} onChange={set('base_name')} />
        </Field>
        <Field id="g-category" label="Category" hint="e.g. shirts, polos, outerwear" error={errors.category}>
          <Input className="text-sm" value={v.category} onChange={set('category')} />
        </Field>
      </div>
      <Field id="g-description" label="Description" error={errors.description}>
        <Textarea rows={2} className="text-sm" value={v.description} onChange={set('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="g-price" label="Base price ($)" error={errors.base_price}>
          <Input className="text-sm" inputMode="decimal" value={v.base_price} onChange={set('base_price')} />
        </Field>
        <Field id="g-sizes" label="Sizes" hint="One per line; an upcharge after it: 2XL +2.00" error={errors.sizes}>
          <Textarea rows={6} className="font-mono text-sm" value={v.sizes} onChange={set('sizes')} />
        </Field>
      </div>
      <SizeChartFields
        draft={chart}
        sizes={parseSizes(v.sizes).map((s) => s.label)}
        error={errors.size_chart}
        onChange={setChart}
      />
      <Checkbox
        label="Front and back photos "
        hint="The store shows a back view too."
        checked={v.multi}
        onChange={(e) => setV({ ...v, multi: e.target.checked })}
      />
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-gray-300">Customisations it takes</legend>
        {CUSTOMIZATION_TYPES.map((t) => (
          <div key={t} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span className="w-40 text-gray-200">{CUSTOMIZATION_LABELS[t]}</span>
            {POSITIONS.map((s) => (
              <Checkbox
                key={s}
                label={POSITION_LABELS[s]}
                aria-label={`${CUSTOMIZATION_LABELS[t]} on ${positionPhrase(s)}`}
                checked={Boolean(allowed[key(t, s)])}
                onChange={(e) => setAllowed({ ...allowed, [key(t, s)]: e.target.checked })}
              />
            ))}
          </div>
        ))}
      </fieldset>
      {garment ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="g-colour" label="First colour" error={errors.color}>
            <Input
              className="text-sm"
              value={colour.color}
              onChange={(e) => setColour({ ...colour, color: e.target.value })}
            />
          </Field>
          <Field id="g-hex" label="Swatch" error={errors.color_hex}>
            <Input
              type="color"
              className="h-10 p-1"
              value={colour.color_hex}
              onChange={(e) => setColour({ ...colour, color_hex: e.target.value })}
            />
          </Field>
        </div>
      )}
      <DialogActions onCancel={onCancel} className="pt-2">
        <Button type="submit" loading={saving}>
          {saving ? 'Saving...' : garment ? 'Save garment' : 'Create garment'}
        </Button>
      </DialogActions>
    </form>
  );
}
