import { asc, eq, inArray } from 'drizzle-orm';
import { sortCustomizations } from '../../shared/cart-basics';
import {
  compareSizes,
  placementText,
  type Decoration,
  type ProductionGroup,
  type ProductionQuery,
  type ProductionSheet,
} from '../../shared/production';
import { toDollars } from '../../shared/money';
import type { Executor } from '../db/client';
import type { StoredDecoration } from '../../shared/decorations';
import { departments, orderLines, orders, products, users, type StoredCustomization } from '../db/schema';
import { customerName, logosOnSheet, pendingProofs, proofPendingText } from '../orders';
import { accountOf, sumColumnsOf } from '../accounts';
import { LOGO_KIND, type LogoOnSheet } from '../../shared/logos';

/** What the embroiderer adds to a piece, in the fixed order name, US flag, Arizona flag. */
export const decorationsOf = (
  list: StoredCustomization[],
  kept: readonly StoredDecoration[] = [],
  logos: ReadonlyMap<number, LogoOnSheet> = new Map(),
): Decoration[] =>
  sortCustomizations(list).map((c) => {
    const logo = c.artwork_id ? logos.get(c.artwork_id) : undefined;
    if (c.type === LOGO_KIND)
      return {
        type: c.type,
        text: null,
        placement: placementText(c.type, c.position, logo ? `Logo: ${logo.name}` : 'Logo'),
        ...(logo ? { logo } : {}),
      };
    return {
      type: c.type,
      text: c.text,
      placement: placementText(c.type, c.position, kept.find((d) => d.kind === c.type)?.label),
    };
  });

/**
 * GET /orders/admin/production: one query (orders by orders_status_created_idx or primary key, their customer, lines
 * by order_lines_order_idx and each line's product for the garment's base name and colour), grouped here in one pass.
 * Pieces run soonest due first (then oldest order), the order production takes them.
 */
export async function productionSheet(db: Executor, q: ProductionQuery): Promise<ProductionSheet> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      fulfillment: orders.fulfillment,
      poNumber: orders.poNumber,
      createdAt: orders.createdAt,
      dueDate: orders.dueDate,
      department: departments.name,
      paymentMethod: orders.paymentMethod,
      totalCents: orders.totalCents,
      ...sumColumnsOf(),
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      baseName: products.baseName,
      color: products.color,
      size: orderLines.size,
      quantity: orderLines.quantity,
      customizations: orderLines.customizations,
      decorations: orderLines.decorations,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(departments, eq(departments.id, orders.departmentId))
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(q.order_ids ? inArray(orders.id, q.order_ids) : inArray(orders.status, q.status))
    .orderBy(asc(orders.dueDate), asc(orders.createdAt), asc(orders.id), asc(orderLines.id));

  const logos = await logosOnSheet(
    db,
    rows.map((r) => r.customizations),
  );
  const groups = new Map<string, ProductionGroup>();
  const seen = new Map<number, ProductionSheet['orders'][number]>();
  let pieceCount = 0;
  for (const r of rows) {
    const name = customerName({ email: r.email, first_name: r.firstName, last_name: r.lastName });
    if (!seen.has(r.orderId))
      seen.set(r.orderId, {
        id: r.orderId,
        order_number: r.orderNumber,
        status: r.status,
        customer_name: name,
        fulfillment: r.fulfillment,
        po_number: r.poNumber,
        created_at: r.createdAt.toISOString(),
        due_date: r.dueDate,
        department_name: r.department,
        payment_method: r.paymentMethod,
        // What the counter collects: the account's balance, never worked out here (payments owns the rule).
        balance: toDollars(accountOf(r, r).balanceCents),
        proof_pending: null,
      });
    // An order without lines (none are placed so, but the join allows it) still lists as an order, with no pieces.
    if (r.baseName === null || r.color === null || r.size === null || r.quantity === null) continue;
    const key = JSON.stringify([r.baseName, r.color, r.size]);
    let group = groups.get(key);
    if (!group) {
      group = { product_name: r.baseName, color: r.color, size: r.size, quantity: 0, pieces: [] };
      groups.set(key, group);
    }
    group.quantity += r.quantity;
    pieceCount += r.quantity;
    group.pieces.push({
      order_id: r.orderId,
      order_number: r.orderNumber,
      quantity: r.quantity,
      customer_name: name,
      due_date: r.dueDate,
      decorations: decorationsOf(r.customizations ?? [], r.decorations ?? [], logos),
    });
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      a.product_name.localeCompare(b.product_name, 'en') ||
      a.color.localeCompare(b.color, 'en') ||
      compareSizes(a.size, b.size),
  );
  const waiting = await pendingProofs(db, [...seen.keys()]);
  for (const o of seen.values()) o.proof_pending = proofPendingText(waiting.get(o.id));
  return { order_count: seen.size, piece_count: pieceCount, groups: sorted, orders: [...seen.values()] };
}
