import { z } from 'zod';
import { rowIdNumber } from './fields';
import { QUANTITY_MAX, QUANTITY_MIN } from './constants';
import { cartSchema, nameTextSchema } from './cart';
import { csvRecords } from './shipments';

// Size runs and rosters (docs/product.md#size-runs-and-rosters): many lines of one garment and colour in one
// request, all added or none.

const SIZE_RUN_SIZES_MAX = 20;
export const ROSTER_ROWS_MAX = 500;
const ROSTER_CSV_MAX = 200_000;

export const RUN_MESSAGES = {
  empty: 'Enter a quantity for at least one size',
  tooManySizes: `At most ${SIZE_RUN_SIZES_MAX} sizes`,
  quantity: (size: string) => `Size ${size}: enter a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}`,
  unknownSize: (size: string, offered: string[]) => `Size ${size} is not offered; choose ${offered.join(', ')}`,
  added: (pieces: number, lines: number) =>
    `${pieces} ${pieces === 1 ? 'piece' : 'pieces'} added to cart in ${lines} ${lines === 1 ? 'line' : 'lines'}`,
  csvEmpty: 'Paste or upload the roster: one row per person, with a name and a size',
  csvTooLong: `The roster is too long: at most ${ROSTER_ROWS_MAX} rows`,
  tooManyRows: (n: number) =>
    `A roster can have at most ${ROSTER_ROWS_MAX} rows; this one has ${n.toLocaleString('en-US')}. Split it into smaller rosters.`,
  columns: 'Each row needs a name and a size, and may add a quantity',
  formula: 'A cell cannot start with =, +, - or @ (spreadsheet formulas are refused)',
  rowQuantity: `Quantity must be a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}`,
  noName: 'Choose where the embroidered name goes',
  rosterInvalid: (n: number) => `${n} ${n === 1 ? 'row needs' : 'rows need'} fixing; nothing was added`,
} as const;

/** POST /cart/items/run: quantities per size of one garment and colour, with the same decorations. */
export const sizeRunSchema = z.object({
  product_id: rowIdNumber('Choose a product'),
  quantities: z
    .record(z.string().max(10, 'Choose a size'), z.unknown(), { error: RUN_MESSAGES.empty })
    .superRefine((q, ctx) => {
      const sizes = Object.keys(q);
      if (sizes.length === 0) ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.empty });
      if (sizes.length > SIZE_RUN_SIZES_MAX) ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.tooManySizes });
      for (const size of sizes) {
        const n = q[size];
        if (typeof n !== 'number' || !Number.isInteger(n) || n < QUANTITY_MIN || n > QUANTITY_MAX)
          ctx.addIssue({ code: 'custom', message: RUN_MESSAGES.quantity(size), path: [size] });
      }
    })
    .transform((q) => q as Record<string, number>),
  /** As for one line; checked per line by the server. */
  customizations: z.unknown().optional(),
});
export type SizeRunInput = z.input<typeof sizeRunSchema>;

/** POST /cart/roster: a CSV of name, size[, quantity]; the name is embroidered where `customizations` puts it. */
export const rosterSchema = z.object({
  product_id: rowIdNumber('Choose a product'),
  csv: z
    .string({ error: RUN_MESSAGES.csvEmpty })
    .max(ROSTER_CSV_MAX, RUN_MESSAGES.csvTooLong)
    .refine((t) => t.trim() !== '', RUN_MESSAGES.csvEmpty),
  customizations: z.unknown().optional(),
  commit: z.boolean({ error: 'commit must be true or false' }).default(false),
});
export type RosterInput = z.input<typeof rosterSchema>;

const rosterRowSchema = z.object({
  line: z.number(),
  name: z.string(),
  size: z.string(),
  quantity: z.number().nullable(),
  error: z.string().nullable(),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

export const rosterAnswer = z.object({
  success: z.literal(true),
  rows: z.array(rosterRowSchema),
  /** True when every row was added (commit: true and no row in error). */
  added: z.boolean(),
  message: z.string(),
  cart: cartSchema.optional(),
});

const FORMULA = /^[=+\-@\t\r]/;

/**
 * The rows of a roster CSV, each checked on its own: name (the embroidery rule), size (one the garment offers, any
 * case), quantity (blank: 1). A first row naming the columns is skipped. Line numbers count the data rows from 1.
 */
export function readRoster(text: string, offeredSizes: readonly string[]): RosterRow[] {
  const records = csvRecords(text);
  if (records[0] && /^\s*name\s*$/i.test(records[0][0] ?? '')) records.shift();
  return records.map((cells, i) => rosterRow(i + 1, cells, offeredSizes));
}

/** How many data rows a CSV holds (a header row not counted), read before the rows themselves are checked. */
export function rosterRowCount(text: string): number {
  const records = csvRecords(text);
  return records.length - (records[0] && /^\s*name\s*$/i.test(records[0][0] ?? '') ? 1 : 0);
}

function rosterRow(line: number, cells: string[], offered: readonly string[]): RosterRow {
  const [rawName = '', rawSize = '', rawQty = ''] = cells.map((c) => c.trim());
  const row = { line, name: rawName, size: rawSize, quantity: null };
  if (cells.length < 2 || cells.length > 3) return { ...row, error: RUN_MESSAGES.columns };
  if ([rawName, rawSize, rawQty].some((c) => FORMULA.test(c))) return { ...row, error: RUN_MESSAGES.formula };
  const name = nameTextSchema.safeParse(rawName);
  if (!name.success) return { ...row, error: name.error.issues[0]!.message };
  const size = offered.find((s) => s.toUpperCase() === rawSize.toUpperCase());
  if (!size) return { ...row, name: name.data, error: RUN_MESSAGES.unknownSize(rawSize || '(blank)', [...offered]) };
  const quantity = rawQty === '' ? 1 : Number(rawQty);
  if (!/^\d+$/.test(rawQty || '1') || quantity < QUANTITY_MIN || quantity > QUANTITY_MAX)
    return { ...row, name: name.data, size, error: RUN_MESSAGES.rowQuantity };
  return { line, name: name.data, size, quantity, error: null };
}

/** The template a customer downloads: the columns and two example rows. */
export const ROSTER_TEMPLATE = 'name,size,quantity\r\nAnn Garcia,M,1\r\nLt. Ruiz,XL,2\r\n';
