import { z } from 'zod';
import { QUANTITY_MAX, QUANTITY_MIN } from './constants';
import { taxCents } from './money';

// Customisations (DESIGN §7): at most one of each type, each on the left or right side;
// the two flag patches cannot share a side; the name may share a side with a patch.
export const CUSTOMIZATION_TYPES = ['add_name', 'us_flag', 'az_flag'] as const;
export type CustomizationType = (typeof CUSTOMIZATION_TYPES)[number];
export const POSITIONS = ['left_side', 'right_side'] as const;
export type Position = (typeof POSITIONS)[number];
export const CUSTOMIZATION_LABELS: Record<CustomizationType, string> = {
  add_name: 'Embroidered name',
  us_flag: 'US flag patch',
  az_flag: 'Arizona flag patch',
};
export const NAME_TEXT_MAX = 20;

export type Customization = { type: CustomizationType; position: Position; text: string | null };

const positionSchema = z.enum(POSITIONS, { error: 'Position must be left_side or right_side' });
export const nameTextSchema = z
  .string({ error: 'Enter the name to embroider' })
  .trim()
  .min(1, 'Enter the name to embroider')
  .max(NAME_TEXT_MAX, `The embroidered name can be at most ${NAME_TEXT_MAX} characters`)
  .regex(/^[A-Za-z .'-]+$/, 'The embroidered name can only contain letters, spaces, hyphens, apostrophes and periods');

const toggle = z.object({ enabled: z.boolean().default(true), position: positionSchema });

/** SPEC §7 object form: { add_name: {enabled, position, text}, us_flag: {enabled, position}, az_flag: {...} }. */
const objectForm = z.object({
  add_name: toggle.extend({ text: z.string().optional().nullable() }).optional(),
  us_flag: toggle.optional(),
  az_flag: toggle.optional(),
});

/** Array form (the server's own cart item form): [{ type, position, text }]. */
const arrayForm = z.array(
  z.object({
    type: z.enum(CUSTOMIZATION_TYPES, { error: 'Unknown customization type' }),
    position: positionSchema,
    text: z.string().optional().nullable(),
    enabled: z.boolean().optional(),
  }),
).max(3, 'At most three customizations per item');

/** Accepts either form and yields the normalised list, sorted by type so order never matters. */
export const customizationsSchema = z
  .union([objectForm, arrayForm], { error: 'Customizations are not valid' })
  .default({})
  .transform((input, ctx): Customization[] => {
    const list = Array.isArray(input)
      ? input.filter((c) => c.enabled !== false).map((c) => ({ type: c.type, position: c.position, text: c.text ?? null }))
      : CUSTOMIZATION_TYPES.flatMap((type) => {
          const c = input[type];
          if (!c || !c.enabled) return [];
          return [{ type, position: c.position, text: 'text' in c ? (c.text ?? null) : null }];
        });
    const seen = new Set<string>();
    const out: Customization[] = [];
    for (const c of list) {
      if (seen.has(c.type)) {
        ctx.addIssue({ code: 'custom', message: 'Each customization can only be added once', path: [c.type] });
        return z.NEVER;
      }
      seen.add(c.type);
      if (c.type === 'add_name') {
        const text = nameTextSchema.safeParse(c.text ?? '');
        if (!text.success) {
          ctx.addIssue({ code: 'custom', message: text.error.issues[0]!.message, path: ['add_name', 'text'] });
          return z.NEVER;
        }
        out.push({ type: c.type, position: c.position, text: text.data });
      } else {
        out.push({ type: c.type, position: c.position, text: null });
      }
    }
    const us = out.find((c) => c.type === 'us_flag');
    const az = out.find((c) => c.type === 'az_flag');
    if (us && az && us.position === az.position) {
      ctx.addIssue({ code: 'custom', message: 'The US and Arizona flag patches must go on different sides', path: ['az_flag', 'position'] });
      return z.NEVER;
    }
    return sortCustomizations(out);
  });

export const sortCustomizations = (list: Customization[]) =>
  [...list].sort((a, b) => CUSTOMIZATION_TYPES.indexOf(a.type) - CUSTOMIZATION_TYPES.indexOf(b.type));

export const quantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(QUANTITY_MIN, 'Quantity must be at least 1')
  .max(QUANTITY_MAX, 'Quantity can be at most 99');

/** POST /cart/items. Prices are never read from the client: unknown fields (price, total) are dropped. */
export const addCartItemSchema = z.object({
  product_id: z.number({ error: 'Choose a product' }).int().positive('Choose a product'),
  size: z.string({ error: 'Choose a size' }).trim().min(1, 'Choose a size').max(10, 'Choose a size'),
  quantity: quantitySchema.default(1),
  customizations: customizationsSchema,
});
export type AddCartItem = z.infer<typeof addCartItemSchema>;

export const updateCartItemSchema = z.object({ quantity: quantitySchema });

/** Lines merge when product, size and the set of customisations are equal (DESIGN §7). */
export const mergeKey = (productId: number, size: string, customizations: Customization[]) =>
  `${productId}|${size}|${sortCustomizations(customizations)
    .map((c) => `${c.type}:${c.position}:${c.text ?? ''}`)
    .join(',')}`;

export type PricedLine = { unitBaseCents: number; unitCustomizationCents: number; quantity: number; totalCents: number };

export function priceLine(opts: {
  basePriceCents: number;
  sizeUpchargeCents: number;
  customizationCount: number;
  customizationCostCents: number;
  quantity: number;
}): PricedLine {
  const unitBaseCents = opts.basePriceCents + opts.sizeUpchargeCents;
  const unitCustomizationCents = opts.customizationCount * opts.customizationCostCents;
  return { unitBaseCents, unitCustomizationCents, quantity: opts.quantity, totalCents: (unitBaseCents + unitCustomizationCents) * opts.quantity };
}

export type Totals = { itemCount: number; subtotalCents: number; taxCents: number; shippingCents: number; totalCents: number };

/** Tax = round(subtotal x rate) to the cent; shipping only for shipped orders (pickup is free). */
export function totals(lines: PricedLine[], taxRate: number, shippingCents = 0): Totals {
  const subtotalCents = lines.reduce((s, l) => s + l.totalCents, 0);
  const tax = taxCents(subtotalCents, taxRate);
  return {
    itemCount: lines.reduce((s, l) => s + l.quantity, 0),
    subtotalCents,
    taxCents: tax,
    shippingCents,
    totalCents: subtotalCents + tax + shippingCents,
  };
}

/** Product image URL (SPEC §3): image_base, -front/-back for multi-image products, then -{size}x{size}.webp. */
export const productImageUrl = (imageBase: string, size: 250 | 500 | 1000, side?: 'front' | 'back') =>
  `${imageBase}${side ? `-${side}` : ''}-${size}x${size}.webp`;
