import { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { STATUS_LABELS, type AdminFilters } from '../../shared/orders';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '../../shared/payments';
import { shopDay, shopTimestamp } from '../../shared/time';
import { csvRow, dollarsText } from '../../shared/csv';
import type { Executor } from '../db/client';
import { departments, orderLines, orders, users } from '../db/schema';
import { adminOrderBy, adminOrderFilters, customerName, type LineRow } from '../orders';
import { accountOf, sumColumnsOf } from '../accounts';
import { decorationsOf } from './production';

// GET /orders/admin/export.csv: RFC 4180 with a UTF-8 BOM (so spreadsheet programs read it as UTF-8) and CRLF,
// one row per order line, read in keyset pages so 100,000 orders never sit in memory at once. The payment columns
// are the order's account (payments' accountOf) from the ledger summed in the page's own query.

export const CSV_COLUMNS = [
  'Order',
  'Placed',
  'Status',
  'Fulfillment',
  'Customer',
  'Email',
  'Department',
  'PO number',
  'Product',
  'Size',
  'Quantity',
  'Decorations',
  'Unit price',
  'Line total',
  'Order subtotal',
  'Tax',
  'Shipping',
  'Order total',
  'Payment method',
  'Payment status',
  'Amount paid',
  'Balance',
] as const;

export const EXPORT_PAGE_ORDERS = 1000;

export const exportFilename = (now = new Date()) => `orders-${shopDay(now)}.csv`;

const FULFILLMENT_WORDS = { pickup: 'Pickup', shipping: 'Shipping' } as const;

const decorationsText = (line: LineRow) =>
  decorationsOf(line.customizations)
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

function rowsOf(o: OrderPageRow, lines: LineRow[]): string {
  const head = [
    o.orderNumber,
    shopTimestamp(o.createdAt),
    STATUS_LABELS[o.status],
    FULFILLMENT_WORDS[o.fulfillment],
    customerName({ email: o.email, first_name: o.firstName, last_name: o.lastName }),
    o.email,
    o.department,
    o.poNumber,
  ];
  const account = accountOf(o, o);
  const tail = [
    dollarsText(o.subtotalCents),
    dollarsText(o.taxCents),
    dollarsText(o.shippingCents),
    dollarsText(o.totalCents),
    PAYMENT_METHOD_LABELS[o.paymentMethod],
    PAYMENT_STATUS_LABELS[account.status],
    dollarsText(account.netPaidCents),
    dollarsText(account.balanceCents),
  ];
  // An order without lines still gets its row, so the export never loses an order.
  if (lines.length === 0) return csvRow([...head, null, null, null, null, null, null, ...tail]);
  return lines
    .map((l) =>
      csvRow([
        ...head,
        l.productName,
        l.size,
        l.quantity,
        decorationsText(l),
        dollarsText(l.unitBaseCents + l.unitCustomizationCents),
        dollarsText(l.totalCents),
        ...tail,
      ]),
    )
    .join('');
}

type Page = Awaited<ReturnType<typeof orderPage>>;

/** The export's text, page by page: a page of orders, then their lines, written before the next page is read. */
async function* csvChunks(db: Executor, q: AdminFilters, now: Date, firstPage: Page): AsyncGenerator<string> {
  yield `\uFEFF${csvRow([...CSV_COLUMNS])}`;
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
    yield page.map((o) => rowsOf(o, byOrder.get(o.id) ?? [])).join('');
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
export async function ordersCsvStream(db: Executor, q: AdminFilters, now: Date): Promise<Readable> {
  const first = await orderPage(db, q, now, null);
  return Readable.from(csvChunks(db, q, now, first));
}
