import { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { STATUS_LABELS, type AdminFilters } from '../../shared/orders';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '../../shared/payments';
import { shopDay, shopTimestamp } from '../../shared/time';
import { csvRow, dollarsText } from '../../shared/csv';
import type { Executor } from '../db/client';
import { departments, orderLines, orders, users } from '../db/schema';
import { adminOrderBy, adminOrderFilters, customerName, type LineRow } from '../orders';
import { accountColumns, sumColumnsOf } from '../accounts';
import { decorationsOf } from './production';

// GET /orders/admin/export.csv and /orders/admin/lines.csv: RFC 4180 with a UTF-8 BOM (so spreadsheet programs read
// it as UTF-8) and CRLF, read in keyset pages so 100,000 orders never sit in memory at once. The orders file has one
// row per order whose money columns add up on their own (accounts' accountColumns: total = subtotal + tax + shipping
// + discounts and fees - allowance - credits - called off; balance = max(0, total - paid + refunded)); the lines file one row per line.

export const CSV_COLUMNS = [
  'Order',
  'Placed',
  'Status',
  'Fulfillment',
  'Customer',
  'Email',
  'Department',
  'PO number',
  'Items',
  'Subtotal',
  'Tax',
  'Shipping',
  'Discounts and fees',
  'Allowance',
  'Credits',
  'Called off',
  'Total',
  'Paid',
  'Refunded',
  'Balance',
  'Payment method',
  'Payment status',
] as const;

export const LINE_CSV_COLUMNS = [
  'Order',
  'Placed',
  'Status',
  'Customer',
  'Department',
  'Product',
  'Size',
  'Quantity',
  'Decorations',
  'Unit price',
  'Line total',
] as const;

export const EXPORT_PAGE_ORDERS = 1000;

export const exportFilename = (kind: 'orders' | 'lines' = 'orders', now = new Date()) =>
  `${kind === 'orders' ? 'orders' : 'order-lines'}-${shopDay(now)}.csv`;

const FULFILLMENT_WORDS = { pickup: 'Pickup', shipping: 'Shipping' } as const;

const decorationsText = (line: LineRow) =>
  decorationsOf(line.customizations, line.decorations)
    .map((d) => (d.text ? `${d.placement}: ${d.text}` : d.placement))
    .join('; ');

async function orderPage(db: Executor, q: AdminFilters, now: Date, after: { at: string; id: number } | null) {
  // The cursor is created_at as PostgreSQL's own text, so microseconds survive the round trip (a JS Date keeps ms).
  const past = after
    ? q.sort === 'oldest'
      ? sql`(${orders.createdAt}, ${orders.id}) > (${after.at}::timestamptz, ${after.id})`
      : sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id})`
    : undefined;
  return db
    .select({
      id: orders.id,
      cursorAt: sql<string>`${orders.createdAt}::text`,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      fulfillment: orders.fulfillment,
      poNumber: orders.poNumber,
      subtotalCents: orders.subtotalCents,
      taxCents: orders.taxCents,
      shippingCents: orders.shippingCents,
      totalCents: orders.totalCents,
      adjustments: orders.adjustments,
      department: departments.name,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      paymentMethod: orders.paymentMethod,
      ...sumColumnsOf(),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(departments, eq(departments.id, orders.departmentId))
    .where(and(adminOrderFilters(db, q, now), past))
    .orderBy(...adminOrderBy(q.sort))
    .limit(EXPORT_PAGE_ORDERS);
}

type OrderPageRow = Awaited<ReturnType<typeof orderPage>>[number];

function orderRow(o: OrderPageRow, lines: LineRow[]): string {
  const c = accountColumns(o, o);
  return csvRow([
    o.orderNumber,
    shopTimestamp(o.createdAt),
    STATUS_LABELS[o.status],
    FULFILLMENT_WORDS[o.fulfillment],
    customerName({ email: o.email, first_name: o.firstName, last_name: o.lastName }),
    o.email,
    o.department,
    o.poNumber,
    lines.reduce((n, l) => n + l.quantity, 0),
    dollarsText(c.subtotalCents),
    dollarsText(c.taxCents),
    dollarsText(c.shippingCents),
    dollarsText(c.otherCents),
    dollarsText(c.allowanceCents),
    dollarsText(c.creditedCents),
    dollarsText(c.calledOffCents),
    dollarsText(c.owedCents),
    dollarsText(c.paidCents),
    dollarsText(c.refundedCents),
    dollarsText(c.balanceCents),
    PAYMENT_METHOD_LABELS[o.paymentMethod],
    PAYMENT_STATUS_LABELS[c.account.status],
  ]);
}

function lineRows(o: OrderPageRow, lines: LineRow[]): string {
  const customer = customerName({ email: o.email, first_name: o.firstName, last_name: o.lastName });
  return lines
    .map((l) =>
      csvRow([
        o.orderNumber,
        shopTimestamp(o.createdAt),
        STATUS_LABELS[o.status],
        customer,
        o.department,
        l.productName,
        l.size,
        l.quantity,
        decorationsText(l),
        dollarsText(l.unitBaseCents + l.unitCustomizationCents),
        dollarsText(l.totalCents),
      ]),
    )
    .join('');
}

export type CsvKind = 'orders' | 'lines';
const FILES = {
  orders: { columns: CSV_COLUMNS, rows: orderRow },
  lines: { columns: LINE_CSV_COLUMNS, rows: lineRows },
} satisfies Record<CsvKind, unknown>;

type Page = Awaited<ReturnType<typeof orderPage>>;

/** The export's text, page by page: a page of orders, then their lines, written before the next page is read. */
async function* csvChunks(
  db: Executor,
  q: AdminFilters,
  now: Date,
  firstPage: Page,
  kind: CsvKind,
): AsyncGenerator<string> {
  const file = FILES[kind];
  yield `\uFEFF${csvRow([...file.columns])}`;
  let page = firstPage;
  while (page.length > 0) {
    const lines = await db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          page.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderLines.orderId), asc(orderLines.id));
    const byOrder = new Map<number, LineRow[]>();
    for (const l of lines) {
      const list = byOrder.get(l.orderId);
      if (list) list.push(l);
      else byOrder.set(l.orderId, [l]);
    }
    yield page.map((o) => file.rows(o, byOrder.get(o.id) ?? [])).join('');
    if (page.length < EXPORT_PAGE_ORDERS) return;
    const last = page.at(-1)!;
    page = await orderPage(db, q, now, { at: last.cursorAt, id: last.id });
  }
}

/**
 * A stream that pulls the next page only when the reply has taken the last one (backpressure through Readable.from).
 * The first page is read before the reply starts, so a refused value or an unreachable database still answers
 * the usual JSON error rather than a cut-off download.
 */
export async function ordersCsvStream(
  db: Executor,
  q: AdminFilters,
  now: Date,
  kind: CsvKind = 'orders',
): Promise<Readable> {
  const first = await orderPage(db, q, now, null);
  return Readable.from(csvChunks(db, q, now, first, kind));
}
