import { z } from 'zod';
import { rowIdNumber } from './fields';
import { latinLettersAnd } from './latin-letters';
import {
  CUSTOMIZATION_TYPES,
  isSpecKind,
  NAME_TEXT_MAX,
  POSITIONS,
  sortCustomizations,
  type Customization,
} from './cart-basics';
import { KIND_KEY_RE, kindTextSchema } from './decorations';
import { QUANTITY_MAX, QUANTITY_MIN } from './constants';
import { adjustmentSchema } from './pricing';
import { breakHintSchema } from './quantity-breaks';
import { LOGO_KIND, LOGO_MESSAGES, LOGOS_MAX, logoInputSchema } from './logos';

// The rules without Zod live in cart-basics.ts (the web store loads them without Zod); this module adds the
// schemas and re-exports the rest, so `@shared/cart` still offers everything.
export * from './cart-basics';

/** Decorations one garment may carry: SPEC's three and a few kinds admins added. */
export const DECORATIONS_MAX = 8;

export const CUSTOMIZATION_MESSAGES = {
  unknownType: 'Unknown customization type',
  position: 'Choose the left or right side',
  duplicate: 'Each customization can only be added once',
  flagsSameSide: 'The US and Arizona flag patches must go on different sides',
  invalid: 'Customizations are not valid',
  tooMany: `At most ${DECORATIONS_MAX} customizations per item`,
} as const;

const positionSchema = z.enum(POSITIONS, { error: CUSTOMIZATION_MESSAGES.position });
export const nameTextSchema = z
  .string({ error: 'Enter the name to embroider' })
  .trim()
  .normalize('NFC')
  .min(1, 'Enter the name to embroider')
  .max(NAME_TEXT_MAX, `The embroidered name can be at most ${NAME_TEXT_MAX} characters`)
  .regex(
    latinLettersAnd(" .'-"),
    'The embroidered name can only contain letters, spaces, hyphens, apostrophes and periods',
  );

/** What is wrong with a name as typed so far (null when it can be sewn, or while nothing is typed). */
export const nameTextProblem = (text: string): string | null => {
  if (!text.trim()) return null;
  const checked = nameTextSchema.safeParse(text);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
};

/** A kind's key: SPEC's three or one an admin added; the server refuses a key that names no active kind. */
const kindKeyField = z
  .string({ error: CUSTOMIZATION_MESSAGES.unknownType })
  .regex(KIND_KEY_RE, CUSTOMIZATION_MESSAGES.unknownType);

const toggle = z.object({
  enabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
  position: positionSchema,
});

/** Object form (docs/architecture.md#the-api): { add_name: {enabled, position, text}, us_flag: {enabled, position}, az_flag: {...} }. */
const objectForm = z.strictObject(
  {
    add_name: toggle
      .extend({ text: z.string({ error: 'Enter the name to embroider' }).optional().nullable() })
      .optional()
      .nullable(),
    us_flag: toggle.optional().nullable(),
    az_flag: toggle.optional().nullable(),
    /** Kinds an admin added (GET /decorations), beside SPEC's three keys: [{kind, position, text?}]. */
    decorations: z
      .array(
        z.object({
          kind: kindKeyField,
          position: positionSchema,
          text: z.string({ error: 'Enter the text to embroider' }).optional().nullable(),
          enabled: z.boolean().optional(),
        }),
        { error: CUSTOMIZATION_MESSAGES.invalid },
      )
      .max(DECORATIONS_MAX, CUSTOMIZATION_MESSAGES.tooMany)
      .optional()
      .nullable(),
    /** The customer's own artwork on a position the garment takes (docs/product.md#logos-on-garments). */
    logos: z
      .array(logoInputSchema, { error: CUSTOMIZATION_MESSAGES.invalid })
      .max(LOGOS_MAX, LOGO_MESSAGES.tooMany)
      .optional()
      .nullable(),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys' ? CUSTOMIZATION_MESSAGES.unknownType : CUSTOMIZATION_MESSAGES.invalid,
  },
);

/** Array form (the server's own cart item form): [{ type, position, text }]. */
const arrayForm = z
  .array(
    z.object({
      type: kindKeyField,
      position: positionSchema,
      text: z.string({ error: 'Enter the name to embroider' }).optional().nullable(),
      enabled: z.boolean().optional(),
      /** A logo's artwork (type `logo`). */
      artwork_id: logoInputSchema.shape.artwork_id.optional(),
    }),
    { error: CUSTOMIZATION_MESSAGES.invalid },
  )
  .max(DECORATIONS_MAX + LOGOS_MAX, CUSTOMIZATION_MESSAGES.tooMany);

type Ctx = z.RefinementCtx;

const switchedOff = (c: unknown) =>
  typeof c === 'object' && c !== null && (c as { enabled?: unknown }).enabled === false;

/** A switched-off customisation is no customisation: its position and text are not looked at. */
function dropSwitchedOff(input: unknown): unknown {
  if (Array.isArray(input)) return input.filter((c) => !switchedOff(c));
  if (typeof input !== 'object' || input === null) return input;
  return Object.fromEntries(
    Object.entries(input).map(([type, c]) => [
      type,
      type === 'decorations' && Array.isArray(c) ? c.filter((d) => !switchedOff(d)) : switchedOff(c) ? null : c,
    ]),
  );
}

/** A disabled entry is no customisation at all; the rest become the stored list. */
function toList(input: z.infer<typeof objectForm> | z.infer<typeof arrayForm>) {
  if (Array.isArray(input))
    return input
      .filter((c) => c.enabled !== false)
      .map((c) =>
        c.type === LOGO_KIND
          ? { type: c.type, position: c.position, text: null, artwork_id: c.artwork_id }
          : { type: c.type, position: c.position, text: c.text ?? null },
      );
  const spec = CUSTOMIZATION_TYPES.flatMap((type) => {
    const c = input[type];
    if (!c || !c.enabled) return [];
    return [{ type: type as string, position: c.position, text: 'text' in c ? (c.text ?? null) : null }];
  });
  const added = (input.decorations ?? []).map((d) => ({ type: d.kind, position: d.position, text: d.text ?? null }));
  const logos = (input.logos ?? []).map((l) => ({
    type: LOGO_KIND,
    position: l.position,
    text: null,
    artwork_id: l.artwork_id,
  }));
  return [...spec, ...added, ...logos];
}

function checkList(list: Customization[], ctx: Ctx): Customization[] | typeof z.NEVER {
  const seen = new Set<string>();
  const out: Customization[] = [];
  for (const c of list) {
    if (c.type === LOGO_KIND) {
      const at = `${LOGO_KIND}@${c.position}`;
      if (!c.artwork_id) {
        ctx.addIssue({ code: 'custom', message: 'Choose one of your artworks', path: ['logos', 'artwork_id'] });
        return z.NEVER;
      }
      if (seen.has(at)) {
        ctx.addIssue({ code: 'custom', message: LOGO_MESSAGES.onePerPosition, path: ['logos', c.position] });
        return z.NEVER;
      }
      seen.add(at);
      out.push({ type: LOGO_KIND, position: c.position, text: null, artwork_id: c.artwork_id });
      continue;
    }
    if (seen.has(c.type)) {
      ctx.addIssue({ code: 'custom', message: CUSTOMIZATION_MESSAGES.duplicate, path: [c.type] });
      return z.NEVER;
    }
    seen.add(c.type);
    if (isSpecKind(c.type) && c.type !== 'add_name') {
      out.push({ type: c.type, position: c.position, text: null });
      continue;
    }
    // An added kind's text (a station or unit number) has its own rule; whether the kind takes one is the server's.
    if (!isSpecKind(c.type) && !c.text?.trim()) {
      out.push({ type: c.type, position: c.position, text: null });
      continue;
    }
    const text = (isSpecKind(c.type) ? nameTextSchema : kindTextSchema).safeParse(c.text ?? '');
    if (!text.success) {
      ctx.addIssue({ code: 'custom', message: text.error.issues[0]!.message, path: [c.type, 'text'] });
      return z.NEVER;
    }
    out.push({ type: c.type, position: c.position, text: text.data });
  }
  const us = out.find((c) => c.type === 'us_flag');
  const az = out.find((c) => c.type === 'az_flag');
  if (us && az && us.position === az.position) {
    ctx.addIssue({ code: 'custom', message: CUSTOMIZATION_MESSAGES.flagsSameSide, path: ['az_flag', 'position'] });
    return z.NEVER;
  }
  return sortCustomizations(out);
}

/**
 * Accepts either form and yields the normalised list, sorted by type so order never matters.
 * The form is chosen by shape first so a bad entry gets its own field message, not a vague union error.
 */
export const customizationsSchema = z
  .unknown()
  .optional()
  .transform((raw, ctx): Customization[] => {
    const input = dropSwitchedOff(raw ?? {});
    const form = Array.isArray(input) ? arrayForm : objectForm;
    const parsed = form.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: keys.length ? [...issue.path, keys[0]!] : issue.path,
        });
      }
      return z.NEVER;
    }
    return checkList(toList(parsed.data), ctx);
  })
  .meta({
    description:
      "Either { add_name: {enabled, position, text}, us_flag: {enabled, position}, az_flag: {enabled, position}, decorations: [{kind, position, text}], logos: [{artwork_id, position}] } or [{type, position, text, artwork_id}]; a logo is one of the customer's own artworks (GET /artwork/logos); type/kind is a decoration kind key (GET /decorations); position is left_side or right_side (chest or sleeve), left_chest, right_chest, left_sleeve, right_sleeve, back, front (caps), left_leg or right_leg (pants).",
  });

export const QUANTITY_MAX_MESSAGE = `Quantity can be at most ${QUANTITY_MAX}`;
export const quantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(QUANTITY_MIN, `Quantity must be at least ${QUANTITY_MIN}`)
  .max(QUANTITY_MAX, QUANTITY_MAX_MESSAGE);

/** POST /cart/items. Prices are never read from the client: unknown fields (price, total) are dropped. */
export const addCartItemSchema = z.object({
  product_id: rowIdNumber('Choose a product'),
  size: z.string({ error: 'Choose a size' }).trim().min(1, 'Choose a size').max(10, 'Choose a size'),
  quantity: quantitySchema.default(1),
  customizations: customizationsSchema,
});
export type AddCartItem = z.infer<typeof addCartItemSchema>;

export const updateCartItemSchema = z.object({ quantity: quantitySchema });

// ---- The server cart answer (docs/architecture.md#the-api server form), money in dollars. ----
export const cartCustomizationSchema = z.object({
  /** add_name, us_flag, az_flag or the key of a kind an admin added. */
  type: z.string(),
  /** The kind's label ("Embroidered name", "Department patch"). */
  label: z.string(),
  position: z.enum(POSITIONS),
  text: z.string().nullable(),
  cost: z.number(),
  enabled: z.literal(true),
  /** A logo's artwork, its preview and the stitch count priced (an estimate until a proof is sent). */
  artwork_id: z.number().optional(),
  preview_url: z.string().optional(),
  stitches: z.number().optional(),
  estimated: z.boolean().optional(),
});

export const cartItemSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  product_slug: z.string(),
  size: z.string(),
  unit_base_price: z.number(),
  unit_customization_price: z.number(),
  total_price: z.number(),
  quantity: z.number(),
  product_is_multi_image: z.boolean(),
  product_image_base: z.string(),
  /** False once staff retire the product: the line stays visible but checkout refuses it. */
  product_available: z.boolean(),
  /** Why checkout refuses the line (retired, outside the member's department catalogue, or needs_fix); null when it may be ordered. */
  unavailable_reason: z.string().nullable(),
  /**
   * The product no longer takes this line as it is (staff removed its size or one of its decorations since it was
   * added): what the customer must fix, naming the line; checkout refuses the cart until then. Null when it is fine.
   */
  needs_fix: z.string().nullable(),
  /** The unit price (base + size + customisations) differs from the one when the line was added. */
  price_changed: z.boolean(),
  /** The unit price when the line was added, while it differs from today's. */
  previous_unit_price: z.number().nullable(),
  customizations: z.array(cartCustomizationSchema),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  item_count: z.number(),
  subtotal: z.number(),
  /** Tax (less any department exemption) for pickup, as the pricing module quotes the cart. */
  adjustments: z.array(adjustmentSchema),
  tax_rate: z.number(),
  tax_amount: z.number(),
  total: z.number(),
  /** Per garment with quantity breaks: the break the cart has and how many more reach the next. */
  break_hints: z.array(breakHintSchema),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartAnswer = z.object({ success: z.literal(true), cart: cartSchema });
/** A change to the cart answers the whole cart and what happened. */
export const cartChangeAnswer = cartAnswer.extend({ message: z.string() });
