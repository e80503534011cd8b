import { asc, eq, inArray } from 'drizzle-orm';
import { pickListOf, type PickLine, type PickList } from '../../shared/pick-list';
import type { ProductionQuery } from '../../shared/production';
import type { Executor } from '../db/client';
import { orderLines, orders, products } from '../db/schema';
import { logosOnSheet, logoWords } from '../orders';

/**
 * GET /orders/admin/pick-list: the same orders as the production sheet for the same query (the chosen ids, else the
 * statuses), their lines with each product's own size list, counted by `pickListOf`.
 */
export async function pickList(db: Executor, q: ProductionQuery): Promise<PickList> {
  const rows = await db
    .select({
      orderId: orders.id,
      productId: products.id,
      baseName: products.baseName,
      color: products.color,
      sizes: products.sizes,
      size: orderLines.size,
      quantity: orderLines.quantity,
      customizations: orderLines.customizations,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(q.order_ids ? inArray(orders.id, q.order_ids) : inArray(orders.status, q.status))
    .orderBy(asc(orders.id), asc(orderLines.id));
  const logos = await logosOnSheet(
    db,
    rows.map((r) => r.customizations),
  );
  const lines: PickLine[] = [];
  for (const r of rows) {
    if (r.productId === null || r.baseName === null || r.color === null || r.size === null || r.quantity === null)
      continue;
    lines.push({
      productId: r.productId,
      productName: r.baseName,
      color: r.color,
      productSizes: (r.sizes ?? []).map((s) => s.label),
      size: r.size,
      quantity: r.quantity,
      // Each artwork is its own row to pick threads for: its name, stitch count and thread colours.
      decorations: (r.customizations ?? []).map((c) => {
        const logo = c.artwork_id ? logos.get(c.artwork_id) : undefined;
        return logo ? { type: `logo_${logo.artwork_id}`, position: c.position, label: logoWords(logo) } : c;
      }),
    });
  }
  return pickListOf(lines, new Set(rows.map((r) => r.orderId)).size);
}
