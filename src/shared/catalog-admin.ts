import { z } from 'zod';
import { coercedRowId } from './fields';
import { POSITIONS } from './cart-basics';
import { KIND_KEY_RE } from './decorations';
import { productSchema } from './cart-catalog';
import { quantityBreakAnswer } from './quantity-breaks';
import { SIZE_CHART_MESSAGES, sizeChartSchema, unknownChartSize } from './fit';

// The catalogue as staff keep it (docs/product.md#catalogue): the public answer's field names plus `active` and
// the customisations a garment takes. One product is one garment in one colour; a garment is its colours sharing
// base_name.
export const PRICE_MAX = 10_000;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_SIDES = ['front', 'back'] as const;
export type ImageSide = (typeof IMAGE_SIDES)[number];

export const CATALOG_MESSAGES = {
  price: `Enter a price from $0.00 to $${PRICE_MAX.toLocaleString('en-US')}.00`,
  wholeCents: 'Enter an amount in whole cents',
  duplicateSize: 'Each size can be listed only once',
  slugTaken: 'Another product already uses this slug',
  colorTaken: 'This garment already comes in this colour',
  notFound: 'Product not found',
  noBack: 'This garment has one image: upload the front',
} as const;

const money = (field: string) =>
  z
    .number({ error: `Enter ${field} as a number` })
    .min(0, CATALOG_MESSAGES.price)
    .max(PRICE_MAX, CATALOG_MESSAGES.price)
    // Dollars arrive as binary floats: 19.99 is whole cents, 19.999 is not.
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, CATALOG_MESSAGES.wholeCents);

const sizesField = z
  .array(
    z.object({
      label: z
        .string({ error: 'Enter a size label' })
        .trim()
        .min(1, 'Enter a size label')
        .max(10, 'Size labels are at most 10 characters'),
      upcharge: money('the upcharge'),
    }),
    { error: 'List the sizes' },
  )
  .min(1, 'List at least one size')
  .max(20, 'At most 20 sizes')
  .superRefine((sizes, ctx) => {
    const seen = new Set<string>();
    for (const [i, s] of sizes.entries()) {
      const key = s.label.toUpperCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.duplicateSize, path: [i, 'label'] });
      seen.add(key);
    }
  });

export const allowedCustomizationsField = z
  .array(
    z.object({
      type: z.string({ error: 'Unknown customization type' }).regex(KIND_KEY_RE, 'Unknown customization type'),
      sides: z
        .array(z.enum(POSITIONS, { error: 'Choose where it goes' }))
        .min(1, 'Choose at least one side')
        .max(POSITIONS.length),
    }),
  )
  .max(40)
  .refine((l) => new Set(l.map((c) => c.type)).size === l.length, 'Each customization can only be listed once')
  .transform((l) => l.map((c) => ({ type: c.type, sides: [...new Set(c.sides)].sort() })));

const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter a slug')
  .max(120, 'The slug is at most 120 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens');

const fields = {
  base_name: z
    .string({ error: 'Enter the garment name' })
    .trim()
    .min(1, 'Enter the garment name')
    .max(80, 'At most 80 characters'),
  category: z
    .string({ error: 'Enter a category' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter a category')
    .max(40, 'At most 40 characters')
    .regex(/^[a-z]+(-[a-z]+)*$/, 'Use lowercase letters and hyphens'),
  description: z.string().trim().max(1000, 'At most 1000 characters'),
  base_price: money('the price'),
  sizes: sizesField,
  color: z
    .string({ error: 'Enter the colour name' })
    .trim()
    .min(1, 'Enter the colour name')
    .max(40, 'At most 40 characters'),
  color_hex: z
    .string({ error: 'Enter the swatch colour' })
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, 'Enter the swatch colour as #rrggbb'),
  slug: slugField,
  is_multi_image: z.boolean({ error: 'is_multi_image must be true or false' }),
  customizations: allowedCustomizationsField,
  active: z.boolean({ error: 'active must be true or false' }),
  /** null removes the chart. */
  size_chart: sizeChartSchema.nullable(),
};

/** A chart row must name one of the garment's sizes (checked here when both come together, else by the server). */
const chartSizesOffered = (
  v: { sizes?: { label: string }[]; size_chart?: z.output<typeof sizeChartSchema> | null },
  ctx: z.RefinementCtx,
) => {
  const path = v.sizes ? unknownChartSize(v.size_chart, v.sizes) : null;
  if (path) ctx.addIssue({ code: 'custom', message: SIZE_CHART_MESSAGES.unknownSize, path });
};

export const productCreateSchema = z
  .object({
    ...fields,
    description: fields.description.default(''),
    /** Defaults to the garment name and colour, slugified. */
    slug: slugField.optional(),
    is_multi_image: fields.is_multi_image.default(false),
    customizations: fields.customizations.optional(),
    active: fields.active.default(true),
    size_chart: fields.size_chart.optional(),
  })
  .superRefine(chartSizesOffered);
export type ProductCreate = z.input<typeof productCreateSchema>;
export type ProductCreateBody = z.output<typeof productCreateSchema>;

export const productPatchSchema = z
  .object(fields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change')
  .superRefine(chartSizesOffered);
export type ProductPatch = z.input<typeof productPatchSchema>;
export type ProductPatchBody = z.output<typeof productPatchSchema>;

export const adminProductSchema = productSchema.extend({
  active: z.boolean(),
  /** The garment's own quantity breaks as set (null: it follows the shop's). */
  own_quantity_breaks: z.array(quantityBreakAnswer).nullable(),
  /** Which sides have an uploaded or imported photo. */
  images: z.object({ front: z.boolean(), back: z.boolean() }),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductsAnswer = z.object({ success: z.literal(true), products: z.array(adminProductSchema) });
export const adminProductAnswer = z.object({ success: z.literal(true), product: adminProductSchema });

export const imageSideParams = z.object({
  id: coercedRowId(),
  side: z.enum(IMAGE_SIDES, { error: 'Side must be front or back' }),
});

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
