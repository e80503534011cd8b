import { eq, inArray } from 'drizzle-orm';
import {
  readShipmentCsv,
  readShipmentRow,
  SHIPMENT_MESSAGES,
  SHIPMENT_ROWS_MAX,
  type BulkShipInput,
  type ShipmentResult,
  type ShipmentRow,
} from '../../shared/shipments';
import type { Db } from '../db/client';
import { orders, users } from '../db/schema';
import { AppError, badRequest } from '../http/errors';
import { BULK_UNEXPECTED } from './bulk';
import {
  applyTransition,
  customerName,
  illegalMove,
  type OrderRow,
  ordersUsingTracking,
  otherOrders,
  staffTransition,
  trackingInUseMessage,
  trackingReuseCheck,
  unpaidCheck,
} from '../orders';

type Staff = { id: number; email: string };
type Checked = ShipmentResult & { order: OrderRow | null };
type Confirms = Pick<BulkShipInput, 'allow_unpaid' | 'allow_tracking_reuse'>;

/**
 * POST /orders/admin/shipments: every row is read and checked against its order (known, listed once, in a status
 * that ships, paid or allowed unpaid, its tracking number on no other order or allowed again: both warnings found
 * at once); without `apply` that check is the whole answer and nothing changes. With it,
 * each row that passed ships in its own transaction, re-checked under the order's lock, through the same transition
 * (event, tracking link, mail) as a single ship, so one refused row never holds back or undoes another.
 */
export async function bulkShip(
  db: Db,
  body: BulkShipInput,
  staff: Staff,
  onError: (err: unknown, orderId: number) => void,
  /** Told which orders are about to ship, before the first one does (the audit log names them). */
  beforeApply: (orderIds: number[]) => void = () => {},
  /** For the order link in the customers' shipped mails. */
  appUrl: string,
): Promise<{ applied: boolean; rows: ShipmentResult[]; ready: number; shipped: number }> {
  const read =
    body.csv !== undefined ? readShipmentCsv(body.csv) : (body.rows ?? []).map((r, i) => readShipmentRow(i + 1, r));
  if (read.length === 0) throw badRequest(SHIPMENT_MESSAGES.none, [{ field: 'rows', message: SHIPMENT_MESSAGES.none }]);
  if (read.length > SHIPMENT_ROWS_MAX)
    throw badRequest(SHIPMENT_MESSAGES.tooMany, [{ field: 'rows', message: SHIPMENT_MESSAGES.tooMany }]);
  const checked = await checkRows(db, read, body);
  if (body.apply) {
    beforeApply(checked.flatMap((row) => (row.problem || !row.order ? [] : [row.order.id])));
    for (const row of checked) {
      if (row.problem || !row.order) continue;
      const outcome = await shipOne(db, row, body, staff, appUrl).catch((err: unknown) => {
        onError(err, row.order!.id);
        return err instanceof AppError && err.status < 500 ? err.message : BULK_UNEXPECTED;
      });
      if (outcome === null) row.shipped = true;
      else row.problem = outcome;
    }
  }
  const rows = checked.map(({ order: _order, ...r }) => r);
  return {
    applied: body.apply,
    rows,
    ready: rows.filter((r) => !r.problem).length,
    shipped: rows.filter((r) => r.shipped).length,
  };
}

/**
 * The preview: each row's own problem first, then its order's (unknown, listed twice, not shippable, owes money,
 * tracking number already on another order).
 */
async function checkRows(db: Db, read: ShipmentRow[], confirms: Confirms): Promise<Checked[]> {
  const numbers = [...new Set(read.map((r) => r.order_number).filter(Boolean))];
  const found = numbers.length
    ? await db
        .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.orderNumber, numbers))
    : [];
  const byNumber = new Map(found.map((f) => [f.order.orderNumber, f]));
  const used = confirms.allow_tracking_reuse
    ? new Map<string, { id: number; orderNumber: string }[]>()
    : await ordersUsingTracking(
        db,
        read.flatMap((r) => (r.tracking_number ? [r.tracking_number] : [])),
      );
  const linesOf = (key: (r: ShipmentRow) => string | null) => {
    const m = new Map<string, number[]>();
    for (const r of read) {
      const k = key(r);
      if (k) m.set(k, [...(m.get(k) ?? []), r.line]);
    }
    return m;
  };
  const orderLines = linesOf((r) => r.order_number || null);
  const trackingLines = linesOf((r) => r.tracking_number);

  const out: Checked[] = [];
  for (const r of read) {
    const f = byNumber.get(r.order_number);
    const row: Checked = {
      ...r,
      order_id: f?.order.id ?? null,
      customer_name: f ? customerName({ email: f.email, first_name: f.firstName, last_name: f.lastName }) : null,
      code: null,
      warnings: [],
      shipped: false,
      order: f?.order ?? null,
    };
    out.push(row);
    if (row.problem) continue;
    const sameOrder = orderLines.get(r.order_number) ?? [];
    const sameTracking = r.tracking_number ? (trackingLines.get(r.tracking_number) ?? []) : [];
    if (!f) row.problem = SHIPMENT_MESSAGES.unknown;
    else if (sameOrder.length > 1) row.problem = SHIPMENT_MESSAGES.duplicate(sameOrder);
    else if (sameTracking.length > 1) row.problem = SHIPMENT_MESSAGES.sameTracking(sameTracking);
    else {
      const refusal = illegalMove(f.order, 'shipped');
      if (refusal) row.problem = refusal;
      else {
        // Both warnings at once, each to confirm on its own: asking for the second only once the first is
        // confirmed made staff check the rows again for a warning the first check already knew.
        const unpaid = await unpaidCheck(db, f.order, 'shipped', confirms.allow_unpaid);
        const others = r.tracking_number ? otherOrders(used, r.tracking_number, f.order.id) : [];
        row.warnings = [
          ...(unpaid.refusal ? [{ code: 'UNPAID_BALANCE' as const, message: unpaid.refusal }] : []),
          ...(others.length
            ? [{ code: 'TRACKING_IN_USE' as const, message: trackingInUseMessage(r.tracking_number!, others) }]
            : []),
        ];
        if (row.warnings.length) {
          row.problem = row.warnings.map((w) => w.message).join(' ');
          row.code = row.warnings[0]!.code;
        }
      }
    }
  }
  return out;
}

/** Ships one checked row: null when shipped, else why not (the order changed since the preview). */
function shipOne(db: Db, row: Checked, confirms: Confirms, staff: Staff, appUrl: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.order!.id)).for('update');
    if (!order) return SHIPMENT_MESSAGES.unknown;
    const refusal = illegalMove(order, 'shipped');
    if (refusal) return refusal;
    const unpaid = await unpaidCheck(tx, order, 'shipped', confirms.allow_unpaid);
    if (unpaid.refusal) return unpaid.refusal;
    const reused = await trackingReuseCheck(tx, order.id, row.tracking_number, confirms.allow_tracking_reuse);
    if (reused) return reused;
    const move = staffTransition(
      {
        status: 'shipped',
        carrier: row.carrier,
        tracking_number: row.tracking_number,
        denial_reason: null,
        comments: null,
        internal_note: null,
      },
      staff,
    );
    await applyTransition(tx, order, { ...move, details: unpaid.details, appUrl });
    return null;
  });
}
