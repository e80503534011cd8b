import { z } from 'zod';
import { POSITIONS } from './cart-basics';
import { KIND_KEY_RE } from './decorations';
import { DECORATIONS_MAX, nameTextSchema } from './cart';
import { rowIdNumber } from './fields';

// Department kits (docs/product.md#department-kits): a named set of garments a department's members order together
// ("New recruit: 3 station tees with name, 1 job shirt, 1 cap"). Staff define them; a member adds one to the cart in
// one step, choosing a size per garment and the embroidered name once.
export const KIT_ITEMS_MAX = 12;
export const KIT_QUANTITY_MAX = 20;

export const KIT_MESSAGES = {
  name: 'Enter a kit name',
  nameLong: 'The kit name can be at most 80 characters',
  descriptionLong: 'The description can be at most 300 characters',
  noItems: 'Add at least one garment to the kit',
  tooManyItems: `A kit can hold at most ${KIT_ITEMS_MAX} garments`,
  quantity: `Quantity must be between 1 and ${KIT_QUANTITY_MAX}`,
  sameDecorationTwice: 'Each decoration can only be added once per garment',
  flagsSameSide: 'The US and Arizona flag patches must go on different sides',
  notFound: 'Kit not found',
  chooseSize: 'Choose a size for every garment',
  added: 'Kit added to cart',
  created: 'Kit created',
  saved: 'Kit saved',
  removed: 'Kit removed',
} as const;

const decorationSchema = z.object({
  type: z.string({ error: 'Unknown customization type' }).regex(KIND_KEY_RE, 'Unknown customization type'),
  position: z.enum(POSITIONS, { error: 'Choose where the decoration goes' }),
});

export const kitItemSchema = z
  .object({
    product_id: rowIdNumber('Choose a garment'),
    quantity: z
      .number({ error: KIT_MESSAGES.quantity })
      .int(KIT_MESSAGES.quantity)
      .min(1, KIT_MESSAGES.quantity)
      .max(KIT_QUANTITY_MAX, KIT_MESSAGES.quantity),
    decorations: z.array(decorationSchema).max(DECORATIONS_MAX).default([]),
  })
  .superRefine((item, ctx) => {
    const types = item.decorations.map((d) => d.type);
    if (new Set(types).size !== types.length)
      ctx.addIssue({ code: 'custom', message: KIT_MESSAGES.sameDecorationTwice, path: ['decorations'] });
    const us = item.decorations.find((d) => d.type === 'us_flag');
    const az = item.decorations.find((d) => d.type === 'az_flag');
    if (us && az && us.position === az.position)
      ctx.addIssue({ code: 'custom', message: KIT_MESSAGES.flagsSameSide, path: ['decorations'] });
  });
export type KitItemInput = z.infer<typeof kitItemSchema>;

export const kitInputSchema = z.object({
  department_id: rowIdNumber('Choose a department'),
  name: z.string({ error: KIT_MESSAGES.name }).trim().min(1, KIT_MESSAGES.name).max(80, KIT_MESSAGES.nameLong),
  description: z.string().trim().max(300, KIT_MESSAGES.descriptionLong).default(''),
  active: z.boolean().default(true),
  items: z
    .array(kitItemSchema, { error: KIT_MESSAGES.noItems })
    .min(1, KIT_MESSAGES.noItems)
    .max(KIT_ITEMS_MAX, KIT_MESSAGES.tooManyItems),
});
export type KitInput = z.infer<typeof kitInputSchema>;
/** An edit keeps the kit in its department. */
export const kitUpdateSchema = kitInputSchema.omit({ department_id: true });

/** What the member sends: one size per garment of the kit (by its place in the kit) and the name once. */
export const addKitSchema = z.object({
  sizes: z.array(z.string({ error: KIT_MESSAGES.chooseSize }).trim().min(1, KIT_MESSAGES.chooseSize).max(10), {
    error: KIT_MESSAGES.chooseSize,
  }),
  name: z.string().optional(),
});
export type AddKit = z.infer<typeof addKitSchema>;

/** The name as the kit's garments take it: required, and checked like any embroidered name, when one takes it. */
export const kitNameSchema = nameTextSchema;

const kitItemView = z.object({
  product_id: z.number(),
  product_name: z.string(),
  color: z.string(),
  image_base: z.string(),
  is_multi_image: z.boolean(),
  sizes: z.array(z.object({ label: z.string(), extra_cost: z.number() })),
  quantity: z.number(),
  decorations: z.array(decorationSchema),
  /** The garment is no longer sold or no longer in the department's catalogue: the kit cannot be added. */
  available: z.boolean(),
  /** Today's unit price at the garment's first size, decorations included (pricing's answer). */
  unit_price: z.number(),
});
export const kitViewSchema = z.object({
  id: z.number(),
  department_id: z.number(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  items: z.array(kitItemView),
  /** Today's price of the whole kit at each garment's first size, before tax. */
  total_price: z.number(),
});
export type KitView = z.infer<typeof kitViewSchema>;

export const kitsAnswer = z.object({ success: z.literal(true), kits: z.array(kitViewSchema) });
export const kitAnswer = z.object({ success: z.literal(true), kit: kitViewSchema, message: z.string() });

/** Does any garment of the kit take the embroidered name (so the member is asked for it once)? */
export const kitTakesName = (kit: { items: { decorations: { type: string }[] }[] }) =>
  kit.items.some((i) => i.decorations.some((d) => d.type === 'add_name'));
