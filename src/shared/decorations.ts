import { z } from 'zod';
import { latinLettersAnd } from './latin-letters';

// Decoration kinds and positions are rows (decoration_kinds, decoration_positions): SPEC's three kinds are seeded,
// admins add more in /admin. These are their answer shapes and the admin's input rules.

/** How a kind is priced per piece. Only a flat price today; the object leaves room for a stitch table. */
export const priceRuleSchema = z.object({ kind: z.literal('flat'), cents: z.number().int().min(0) });
export type PriceRule = z.infer<typeof priceRuleSchema>;

/** One decoration's unit price under its rule, in cents. */
export const ruleCents = (rule: PriceRule): number => rule.cents;

/** A decoration as an order line keeps it: what it was, where, its text and what one piece of it cost. */
export type StoredDecoration = {
  kind: string;
  label: string;
  position: string;
  text: string | null;
  unit_cents: number;
  /** A logo's artwork and the stitch count it was priced at (an estimate while no proof had been sent). */
  artwork_id?: number;
  stitches?: number;
  estimated?: boolean;
  /** The one-time digitising fee this logo's artwork still owed when priced (the order charges it once). */
  digitising_cents?: number;
};

export const KIND_KEY_RE = /^[a-z][a-z0-9_]{1,39}$/;
export const kindKeySchema = z
  .string({ error: 'Enter a key' })
  .trim()
  .toLowerCase()
  .regex(KIND_KEY_RE, 'The key is 2 to 40 lowercase letters, digits and underscores, starting with a letter')
  // Logos are the customers' artwork, priced by stitch count (customizations.logos), not a kind row.
  .refine((k) => k !== 'logo', "The key logo is kept for customers' logos");

export const decorationPositionSchema = z.object({ key: z.string(), label: z.string(), sort_order: z.number() });
export type DecorationPosition = z.infer<typeof decorationPositionSchema>;

export const decorationKindSchema = z.object({
  id: z.number(),
  key: z.string(),
  label: z.string(),
  /** Dollars per piece (the flat rule's price). */
  price: z.number(),
  positions: z.array(z.string()),
  takes_text: z.boolean(),
  active: z.boolean(),
  sort_order: z.number(),
});
export type DecorationKind = z.infer<typeof decorationKindSchema>;

export const decorationsAnswer = z.object({
  success: z.literal(true),
  kinds: z.array(decorationKindSchema),
  positions: z.array(decorationPositionSchema),
});
export const decorationKindAnswer = z.object({ success: z.literal(true), kind: decorationKindSchema });

const priceField = z
  .number({ error: (iss) => (iss.input === undefined ? 'Price is required' : 'Price must be a number') })
  .min(0, 'Price must be between 0 and 1000')
  .max(1000, 'Price must be between 0 and 1000')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Price can have at most two decimals');

const labelField = z
  .string({ error: 'Enter a label' })
  .trim()
  .min(1, 'Enter a label')
  .max(60, 'The label is at most 60 characters');

const positionsField = z
  .array(z.string().regex(KIND_KEY_RE, 'Choose where it goes'), { error: 'Choose where it goes' })
  .min(1, 'Choose at least one position')
  .max(40)
  .transform((l) => [...new Set(l)]);

/** POST /decorations/admin: a new kind (its key is fixed once made: carts and orders name it). */
export const decorationKindCreateSchema = z.object({
  key: kindKeySchema,
  label: labelField,
  price: priceField,
  positions: positionsField,
  takes_text: z.boolean().default(false),
  active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(10_000).optional(),
});
export type DecorationKindCreate = z.infer<typeof decorationKindCreateSchema>;

/** PUT /decorations/admin/:id: any of label, price, positions, active, sort order. */
export const decorationKindUpdateSchema = z.object({
  label: labelField.optional(),
  price: priceField.optional(),
  positions: positionsField.optional(),
  active: z.boolean().optional(),
  sort_order: z.number().int().min(0).max(10_000).optional(),
});
export type DecorationKindUpdate = z.infer<typeof decorationKindUpdateSchema>;

/** What the cart's rules need of a kind row. */
export type KindFacts = {
  key: string;
  label: string;
  active: boolean;
  positions: readonly string[];
  takesText: boolean;
};

/** A product's allowed decorations as today's kinds leave them: active kinds only, on positions the kind takes. */
export function takenNow<P extends string>(
  allowed: readonly { type: string; sides: readonly P[] }[],
  kinds: readonly KindFacts[],
): { type: string; sides: P[] }[] {
  return allowed.flatMap((a) => {
    // Logos are the customers' artwork, not a kind row: a garment's logo positions stand as the product says.
    if (a.type === 'logo') return [{ type: a.type, sides: [...a.sides] }];
    const kind = kinds.find((k) => k.key === a.type && k.active);
    return kind ? [{ type: a.type, sides: a.sides.filter((s) => kind.positions.includes(s)) }] : [];
  });
}

/** The longest text an added kind sews (a station, unit or badge number, a department's short name). */
export const KIND_TEXT_MAX = 30;

export const KIND_MESSAGES = {
  unknown: 'Unknown customization type',
  needsText: (label: string) => `Enter the text for the ${label.toLowerCase()}`,
  noText: (label: string) => `The ${label.toLowerCase()} takes no text`,
  textTooLong: `The text can be at most ${KIND_TEXT_MAX} characters`,
  textCharacters: "The text can only contain letters, digits, spaces and - . # & ' /",
} as const;

/**
 * An added kind's text ("Station 4", "Unit #12", "Search & Rescue"): the letters the embroidered name takes, digits,
 * spaces and the punctuation such labels use. The embroidered name's own rule (SPEC: letters only) is nameTextSchema.
 */
export const kindTextSchema = z
  .string({ error: 'Enter the text to embroider' })
  .trim()
  .normalize('NFC')
  .min(1, 'Enter the text to embroider')
  .max(KIND_TEXT_MAX, KIND_MESSAGES.textTooLong)
  .regex(latinLettersAnd("0-9 .'#&/-"), KIND_MESSAGES.textCharacters);

/** What is wrong with a kind's text as typed so far (null when it can be sewn, or while nothing is typed). */
export const kindTextProblem = (text: string): string | null => {
  if (!text.trim()) return null;
  const checked = kindTextSchema.safeParse(text);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
};

/**
 * The first decoration that names no active kind, or gives a text its kind does not take (or none when it needs one):
 * the field and message of the 400. SPEC's name text is checked by the schema; this is about kinds as rows.
 */
export function refusedKind(
  list: readonly { type: string; text: string | null }[],
  kinds: readonly KindFacts[],
): { field: string; message: string } | null {
  for (const c of list) {
    if (c.type === 'logo') continue;
    const kind = kinds.find((k) => k.key === c.type && k.active);
    if (!kind) return { field: `customizations.${c.type}`, message: KIND_MESSAGES.unknown };
    if (kind.takesText && !c.text)
      return { field: `customizations.${c.type}.text`, message: KIND_MESSAGES.needsText(kind.label) };
    if (!kind.takesText && c.text)
      return { field: `customizations.${c.type}.text`, message: KIND_MESSAGES.noText(kind.label) };
  }
  return null;
}
