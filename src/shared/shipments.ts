import { z } from 'zod';
import { CARRIER_MAX, TRACKING_NUMBER_MAX } from './orders';
import { carrierField, trackingFormatProblem, trackingNumberField } from './tracking';

// Shipping many orders at once (POST /orders/admin/shipments): rows typed into a table or a CSV file of order number,
// carrier and tracking number. The server checks every row and answers a preview; only `apply: true` ships, and then
// only the rows without a problem, each as a single ship does (its event and the customer's mail).

export const SHIPMENT_ROWS_MAX = 200;
export const SHIPMENT_CSV_MAX = 100_000;

export const SHIPMENT_MESSAGES = {
  none: 'Add at least one order to ship',
  tooMany: `At most ${SHIPMENT_ROWS_MAX} orders at a time`,
  both: 'Send the table or the CSV file, not both',
  columns: 'A row needs three columns: order number, carrier, tracking number',
  noNumber: 'Enter the order number',
  unknown: 'No order has this number',
  duplicate: (lines: number[]) => `This order is listed more than once (rows ${lines.join(', ')})`,
  sameTracking: (lines: number[]) => `This tracking number is listed more than once (rows ${lines.join(', ')})`,
} as const;

const cell = z.string().max(200, 'A cell must be at most 200 characters');
export const shipmentRowInput = z.object({ order_number: cell, carrier: cell, tracking_number: cell });
export type ShipmentRowInput = z.infer<typeof shipmentRowInput>;

export const bulkShipSchema = z
  .object({
    rows: z.array(shipmentRowInput).max(SHIPMENT_ROWS_MAX, SHIPMENT_MESSAGES.tooMany).optional(),
    csv: z.string().max(SHIPMENT_CSV_MAX, 'The CSV file must be at most 100 kB').optional(),
    /** false (the default): check every row and answer the preview, changing nothing. */
    apply: z.boolean().optional().default(false),
    /** Ship orders that still owe money (otherwise those rows are refused with UNPAID_BALANCE's words). */
    allow_unpaid: z.boolean().optional().default(false),
    /** Ship rows whose tracking number another order already has (otherwise refused with TRACKING_IN_USE's words). */
    allow_tracking_reuse: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.rows && v.csv !== undefined) ctx.addIssue({ code: 'custom', path: ['csv'], message: SHIPMENT_MESSAGES.both });
    else if (!v.rows?.length && !v.csv?.trim())
      ctx.addIssue({ code: 'custom', path: ['rows'], message: SHIPMENT_MESSAGES.none });
  });
export type BulkShipInput = z.infer<typeof bulkShipSchema>;

/** The carrier and tracking number of one row as a single ship takes them: the shared rules and messages. */
const shipmentFields = z
  .object({
    carrier: carrierField(CARRIER_MAX),
    tracking_number: trackingNumberField(TRACKING_NUMBER_MAX),
  })
  .superRefine((v, ctx) => {
    if (!v.tracking_number) {
      ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: 'Enter the tracking number' });
      return;
    }
    const format = trackingFormatProblem(v.carrier, v.tracking_number);
    if (format) ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: format });
  });

/** One row as read: its number in the file or table (1 = first order row), the cells, and what is wrong with it. */
export type ShipmentRow = {
  line: number;
  order_number: string;
  carrier: string | null;
  tracking_number: string | null;
  problem: string | null;
};

/** Checks a row's own cells (not the order it names): normalises them and gives the first problem, if any. */
export function readShipmentRow(line: number, input: ShipmentRowInput): ShipmentRow {
  const orderNumber = input.order_number.trim().toUpperCase();
  const fields = shipmentFields.safeParse(input);
  const carrier = input.carrier.trim() || null;
  if (!orderNumber)
    return { line, order_number: '', carrier, tracking_number: null, problem: SHIPMENT_MESSAGES.noNumber };
  if (!fields.success) {
    return {
      line,
      order_number: orderNumber,
      carrier,
      tracking_number: input.tracking_number.trim() || null,
      problem: fields.error.issues[0]!.message,
    };
  }
  return { line, order_number: orderNumber, ...fields.data, problem: null };
}

/** The cells of a CSV text (RFC 4180 quotes, comma or semicolon, CRLF or LF, a leading BOM); blank lines dropped. */
export function csvRecords(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const sep = (src.split(/\r?\n/, 1)[0] ?? '').includes(';') && !src.includes(',') ? ';' : ',';
  const records: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i += 1) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      row.push(field);
      records.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  row.push(field);
  records.push(row);
  return records.filter((r) => r.some((c) => c.trim() !== ''));
}

/** The rows of a tracking CSV (order number, carrier, tracking number), a first header row skipped. */
export function readShipmentCsv(text: string): ShipmentRow[] {
  const records = csvRecords(text);
  if (records[0] && /order/i.test(records[0][0] ?? '')) records.shift();
  return records.map((cells, i) => {
    if (cells.length !== 3) {
      return {
        line: i + 1,
        order_number: (cells[0] ?? '').trim().toUpperCase(),
        carrier: null,
        tracking_number: null,
        problem: SHIPMENT_MESSAGES.columns,
      };
    }
    const [order_number, carrier, tracking_number] = cells as [string, string, string];
    return readShipmentRow(i + 1, { order_number, carrier, tracking_number });
  });
}

/** What staff may confirm on a row: an order that still owes money, a tracking number already on another order. */
export const SHIPMENT_CONFIRMS = ['UNPAID_BALANCE', 'TRACKING_IN_USE'] as const;
export type ShipmentConfirm = (typeof SHIPMENT_CONFIRMS)[number];

export const shipmentResultSchema = z.object({
  line: z.number(),
  order_number: z.string(),
  order_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** Why this row is not shipped (null: ready, or shipped when applied). */
  problem: z.string().nullable(),
  /**
   * UNPAID_BALANCE when the order owes money and allow_unpaid was not given; TRACKING_IN_USE when another order has
   * the tracking number and allow_tracking_reuse was not given (the problem names that order).
   */
  code: z.string().nullable(),
  /**
   * Every warning of the row still to confirm, all found in one check (an unpaid order whose tracking number is also
   * on another order has both): the row ships only once each is confirmed (allow_unpaid, allow_tracking_reuse).
   */
  warnings: z.array(z.object({ code: z.enum(SHIPMENT_CONFIRMS), message: z.string() })),
  shipped: z.boolean(),
});
export type ShipmentResult = z.infer<typeof shipmentResultSchema>;
export const bulkShipAnswer = z.object({
  success: z.literal(true),
  applied: z.boolean(),
  rows: z.array(shipmentResultSchema),
  /** Rows without a problem: ready to ship in a preview, shipped when applied. */
  ready: z.number(),
  shipped: z.number(),
});
