import { z } from 'zod';
import { POSITIONS } from './cart-basics';
import { sizeChartSchema } from './fit';
import { quantityBreakAnswer } from './quantity-breaks';

// The catalogue as the API answers it (docs/architecture.md#the-api): one product = one garment base in one colour.
export const productSizeSchema = z.object({ label: z.string(), upcharge: z.number() });

export const productSchema = z.object({
  id: z.number(),
  /** 'base - color' (docs/architecture.md#the-api display form). */
  name: z.string(),
  base_name: z.string(),
  slug: z.string(),
  category: z.string(),
  description: z.string(),
  price: z.number(),
  base_price: z.number(),
  is_multi_image: z.boolean(),
  image_base: z.string(),
  color: z.string(),
  color_hex: z.string(),
  sizes: z.array(productSizeSchema),
  /** Measurements in inches per size, when staff have entered them. */
  size_chart: sizeChartSchema.nullable(),
  /** The customisations this garment takes and on which sides (a cap takes a name but no sleeve patches). */
  /** Each decoration kind the garment takes (add_name, us_flag, az_flag or a kind an admin added) and where. */
  customizations: z.array(z.object({ type: z.string(), sides: z.array(z.enum(POSITIONS)) })),
  /** The other colour variants of the same base, in catalogue order. */
  colors: z.array(z.object({ slug: z.string(), color: z.string(), color_hex: z.string() })),
  /** The garment's quantity price breaks (its own, else the shop's), each with the base size's price at it. */
  quantity_breaks: z.array(quantityBreakAnswer),
  /** Only in a limited department's answers: a required item of the member's uniform. */
  required: z.boolean().optional(),
});
export type Product = z.infer<typeof productSchema>;
export const productsAnswer = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
  /** The store search's groups of words that mean the same garment (docs/product.md#search-in-the-trades-words). */
  search_synonyms: z.array(z.array(z.string())),
});

export const productsQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .toLowerCase()
    .max(40, 'Unknown category')
    .regex(/^[a-z-]*$/, 'Unknown category')
    .optional(),
});
