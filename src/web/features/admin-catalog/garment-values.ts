import type { FieldErrors, Resolver } from 'react-hook-form';
import { CUSTOMIZATION_TYPES, POSITIONS, type Position } from '@shared/cart-basics';
import { productCreateSchema, type AdminProduct, type ProductCreate } from '@shared/catalog-admin';
import { chartOf, draftOf, type ChartDraft } from './size-chart-fields';

// The garment's own fields; a new garment also names its first colour. Checked with the shared rules before sending.
export type GarmentBody = Omit<ProductCreate, 'color' | 'color_hex' | 'slug' | 'active'>;

/** The garment form as staff type it: sizes as lines of text, the customisations as one tick per kind and side. */
export type GarmentValues = {
  base_name: string;
  category: string;
  description: string;
  base_price: string;
  sizes: string;
  is_multi_image: boolean;
  /** Ticked kind and side, by allowedKey. */
  allowed: Record<string, boolean>;
  size_chart: ChartDraft;
  /** A new garment's first colour. */
  color: string;
  color_hex: string;
};

export const allowedKey = (t: string, s: string) => `${t}:${s}`;

/**
 * The ticks as the product's list: every kind with a tick, in the order first ticked, with its positions in the shop's
 * order. Kinds the editor does not show (switched off) keep their ticks, so saving a garment never drops them.
 */
export function allowedList(allowed: Record<string, boolean>): { type: string; sides: Position[] }[] {
  const byKind = new Map<string, Position[]>();
  for (const [key, on] of Object.entries(allowed)) {
    const [type, side] = key.split(':') as [string, Position];
    if (!on || !POSITIONS.includes(side)) continue;
    byKind.set(type, [...(byKind.get(type) ?? []), side]);
  }
  return [...byKind].map(([type, sides]) => ({ type, sides: POSITIONS.filter((p) => sides.includes(p)) }));
}

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
export const parseSizes = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^(.*?)(?:\s+\+?\$?(-?[\d.]+))?$/.exec(l)!;
      return { label: m[1]!.trim(), upcharge: m[2] === undefined ? 0 : Number(m[2]) };
    });

export function garmentValues(garment: AdminProduct | undefined): GarmentValues {
  // A new garment starts as a top: every kind on either side; staff tick a front or a leg for caps and pants.
  const list =
    garment?.customizations ??
    CUSTOMIZATION_TYPES.map((type) => ({ type, sides: ['left_side', 'right_side'] as Position[] }));
  return {
    base_name: garment?.base_name ?? '',
    category: garment?.category ?? '',
    description: garment?.description ?? '',
    base_price: garment ? garment.base_price.toFixed(2) : '',
    sizes: sizesText(garment),
    is_multi_image: garment?.is_multi_image ?? false,
    allowed: Object.fromEntries(list.flatMap((c) => c.sides.map((s) => [allowedKey(c.type, s), true]))),
    size_chart: draftOf(garment?.size_chart),
    color: '',
    color_hex: '#1f2a44',
  };
}

export function garmentBody(v: GarmentValues): GarmentBody {
  const sizes = parseSizes(v.sizes);
  return {
    base_name: v.base_name,
    category: v.category,
    description: v.description,
    base_price: v.base_price.trim() === '' ? Number.NaN : Number(v.base_price),
    sizes,
    is_multi_image: v.is_multi_image,
    customizations: allowedList(v.allowed),
    size_chart: chartOf(
      v.size_chart,
      sizes.map((s) => s.label),
    ),
  };
}

/**
 * The form checked with the shared productCreateSchema: each field gets its first message; a chart row's problem
 * names its size ("2XL: Enter inches from 1 to 99"). An existing garment's colour is not part of this form.
 */
export const garmentResolver =
  (isNew: boolean): Resolver<GarmentValues> =>
  (values) => {
    const body = garmentBody(values);
    const parsed = productCreateSchema.safeParse({
      ...body,
      ...(isNew ? { color: values.color, color_hex: values.color_hex } : { color: 'x', color_hex: '#000000' }),
    });
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const [head, part, i] = issue.path;
      const row = head === 'size_chart' && part === 'rows' ? body.size_chart?.rows[Number(i)] : undefined;
      errors[String(head)] ??= { type: 'validate', message: row ? `${row.size}: ${issue.message}` : issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<GarmentValues> };
  };
