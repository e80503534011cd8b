import { z } from 'zod';
import { logoOnSheetSchema } from './logos';
import { coercedRowId } from './fields';
import { decorationLabel, isSpecKind, POSITION_LABELS, type Position } from './cart-basics';
import { ORDER_STATUSES } from './orders';
import { PRODUCTION_DEFAULT_STATUSES } from './order-statuses';
import { PAYMENT_METHODS } from './payments';

// The production sheet (GET /orders/admin/production): what to make, grouped by garment, colour and size, with the
// words the embroiderer reads. The web work order and sheet print these same words.

/** Tops are cut XS..4XL; other sizes (waists, caps) follow in their own order after these. */
export const SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'] as const;

/** Orders the sizes of one garment: XS..4XL first, then waists by number, then anything else by name. */
export function compareSizes(a: string, b: string): number {
  const rank = (s: string) => {
    const i = (SIZE_ORDER as readonly string[]).indexOf(s);
    if (i >= 0) return [0, i] as const;
    const n = Number(s);
    return Number.isFinite(n) ? ([1, n] as const) : ([2, 0] as const);
  };
  const [ga, na] = rank(a);
  const [gb, nb] = rank(b);
  return ga - gb || na - nb || a.localeCompare(b, 'en');
}

const PLACEMENT_WORDS: Record<'add_name' | 'us_flag' | 'az_flag', { what: string; left: string; right: string }> = {
  add_name: { what: 'Name', left: "wearer's left chest", right: "wearer's right chest" },
  us_flag: { what: 'US flag patch', left: 'left sleeve', right: 'right sleeve' },
  az_flag: { what: 'Arizona flag patch', left: 'left sleeve', right: 'right sleeve' },
};

const OTHER_SPOTS = { front: 'front', left_leg: 'left leg', right_leg: 'right leg' } as const;

/** "Name - wearer's left chest", "US flag patch - left sleeve", "Name - front": where it goes, as the embroiderer reads it. */
export function placementText(type: string, position: Position, label?: string): string {
  const spot =
    (position in OTHER_SPOTS ? OTHER_SPOTS[position as keyof typeof OTHER_SPOTS] : null) ??
    POSITION_LABELS[position].toLowerCase();
  if (!isSpecKind(type)) {
    const what = label ?? decorationLabel(type);
    if (position === 'left_side') return `${what} - wearer's left`;
    if (position === 'right_side') return `${what} - wearer's right`;
    return `${what} - ${spot}`;
  }
  const w = PLACEMENT_WORDS[type];
  if (position === 'left_side') return `${w.what} - ${w.left}`;
  if (position === 'right_side') return `${w.what} - ${w.right}`;
  return `${w.what} - ${spot}`;
}

export const PRODUCTION_MAX_ORDERS = 500;

const commaList = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : v;

const ORDER_IDS_MESSAGE = 'Order ids are whole numbers separated by commas';

export const productionQuerySchema = z.object({
  status: z
    .preprocess(commaList, z.array(z.enum(ORDER_STATUSES, { error: 'Unknown order status' })).optional())
    .transform((v) => (v?.length ? [...new Set(v)] : [...PRODUCTION_DEFAULT_STATUSES])),
  order_ids: z
    .preprocess(
      commaList,
      z
        .array(coercedRowId(ORDER_IDS_MESSAGE), { error: ORDER_IDS_MESSAGE })
        .max(PRODUCTION_MAX_ORDERS, `At most ${PRODUCTION_MAX_ORDERS} orders at a time`)
        .optional(),
    )
    // An empty list (a cleared selection) means no selection: the statuses decide.
    .transform((v) => (v?.length ? [...new Set(v)] : undefined)),
});
export type ProductionQuery = z.infer<typeof productionQuerySchema>;

export const decorationSchema = z.object({
  /** add_name, us_flag, az_flag, logo or a kind an admin added. */
  type: z.string(),
  text: z.string().nullable(),
  placement: z.string(),
  /** A logo's artwork, stitch count and thread colours. */
  logo: logoOnSheetSchema.optional(),
});
export const productionPieceSchema = z.object({
  order_id: z.number(),
  order_number: z.string(),
  quantity: z.number(),
  customer_name: z.string(),
  due_date: z.string(),
  decorations: z.array(decorationSchema),
});
export const productionGroupSchema = z.object({
  product_name: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number(),
  pieces: z.array(productionPieceSchema),
});
export const productionOrderSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  customer_name: z.string(),
  fulfillment: z.enum(['pickup', 'shipping']),
  po_number: z.string().nullable(),
  created_at: z.string(),
  due_date: z.string(),
  department_name: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** Dollars still owed (payments' account of the order); on the department's account the counter collects nothing. */
  balance: z.number(),
  /** Why it cannot go into production yet: a logo waiting for the customer's proof approval; null when none. */
  proof_pending: z.string().nullable(),
});
export const productionAnswer = z.object({
  success: z.literal(true),
  order_count: z.number(),
  piece_count: z.number(),
  groups: z.array(productionGroupSchema),
  orders: z.array(productionOrderSchema),
});
export type ProductionSheet = Omit<z.infer<typeof productionAnswer>, 'success'>;
export type ProductionGroup = z.infer<typeof productionGroupSchema>;
export type Decoration = z.infer<typeof decorationSchema>;
