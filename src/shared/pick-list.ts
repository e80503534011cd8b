import { z } from 'zod';
import { CUSTOMIZATION_TYPES, decorationLabel, POSITIONS, type Position } from './cart-basics';
import { placementText } from './production';

// The pick list (GET /orders/admin/pick-list): what the floor pulls from stock once in the morning for a set of orders.
// Blanks by garment and colour in a size grid (sizes in the garment's own order), and decorations counted by kind and
// position.

export const pickGarmentSchema = z.object({
  product_name: z.string(),
  color: z.string(),
  /** Every size the garment is made in, in its own order, then any size ordered that it no longer offers. */
  sizes: z.array(z.object({ size: z.string(), quantity: z.number() })),
  total: z.number(),
});
export const pickDecorationSchema = z.object({
  /** add_name, us_flag, az_flag or a kind an admin added. */
  type: z.string(),
  label: z.string(),
  position: z.enum(POSITIONS),
  placement: z.string(),
  count: z.number(),
});
export const pickListAnswer = z.object({
  success: z.literal(true),
  order_count: z.number(),
  piece_count: z.number(),
  garments: z.array(pickGarmentSchema),
  decorations: z.array(pickDecorationSchema),
});
export type PickList = Omit<z.infer<typeof pickListAnswer>, 'success'>;
export type PickGarment = z.infer<typeof pickGarmentSchema>;

/** One ordered line as the pick list reads it. */
export type PickLine = {
  productId: number;
  productName: string;
  color: string;
  /** The garment's sizes in its own order (the product's size list). */
  productSizes: readonly string[];
  size: string;
  quantity: number;
  /** label: the kind's name as the line kept it (SPEC's kinds have their own). */
  decorations: readonly { type: string; position: Position; label?: string }[];
};

// The sides every garment has are always listed (a zero is news too); the front of a cap and the legs of pants only
// when something goes there.
const ALWAYS_LISTED: readonly Position[] = ['left_side', 'right_side'];

/** Counts lines into the pick list: garments by name and colour, each decoration once per piece it goes on. */
export function pickListOf(lines: readonly PickLine[], orderCount: number): PickList {
  const garments = new Map<number, { g: PickGarment; counts: Map<string, number>; own: readonly string[] }>();
  const decorations = new Map<string, number>();
  const added = new Map<string, string>();
  let pieces = 0;
  for (const l of lines) {
    let entry = garments.get(l.productId);
    if (!entry) {
      entry = {
        g: { product_name: l.productName, color: l.color, sizes: [], total: 0 },
        counts: new Map(),
        own: l.productSizes,
      };
      garments.set(l.productId, entry);
    }
    entry.counts.set(l.size, (entry.counts.get(l.size) ?? 0) + l.quantity);
    entry.g.total += l.quantity;
    pieces += l.quantity;
    for (const d of l.decorations) {
      const key = `${d.type}:${d.position}`;
      decorations.set(key, (decorations.get(key) ?? 0) + l.quantity);
      if (!(CUSTOMIZATION_TYPES as readonly string[]).includes(d.type) && !added.has(d.type))
        added.set(d.type, d.label ?? decorationLabel(d.type));
    }
  }
  const list = [...garments.values()].map(({ g, counts, own }) => {
    const retired = [...counts.keys()].filter((s) => !own.includes(s)).sort((a, b) => a.localeCompare(b, 'en'));
    return { ...g, sizes: [...own, ...retired].map((size) => ({ size, quantity: counts.get(size) ?? 0 })) };
  });
  list.sort((a, b) => a.product_name.localeCompare(b.product_name, 'en') || a.color.localeCompare(b.color, 'en'));
  return {
    order_count: orderCount,
    piece_count: pieces,
    garments: list,
    // SPEC's kinds always (their sides even at zero), then each kind an admin added that these orders carry.
    decorations: [...CUSTOMIZATION_TYPES, ...[...added.keys()].sort()].flatMap((type) => {
      const label = added.get(type) ?? decorationLabel(type);
      return POSITIONS.filter(
        (position) => (ALWAYS_LISTED.includes(position) && !added.has(type)) || decorations.has(`${type}:${position}`),
      ).map((position) => ({
        type,
        label,
        position,
        placement: placementText(type, position, label),
        count: decorations.get(`${type}:${position}`) ?? 0,
      }));
    }),
  };
}
