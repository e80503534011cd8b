import { and, desc, eq, ne } from 'drizzle-orm';
import type { MySize } from '../../shared/fit';
import type { Executor } from '../db/client';
import { orderLines, orders, products } from '../db/schema';

/**
 * The size of each garment (a base name, whatever the colour) the customer last ordered. Remembered per garment,
 * not per kind: a polo and a job shirt from one maker's blanks fit differently, so an M in one says little about
 * the other. A cancelled order does not count: a wrong size is a common reason to cancel.
 */
export async function sizesOf(db: Executor, userId: number): Promise<MySize[]> {
  const rows = await db
    .selectDistinctOn([products.baseName], {
      garment: products.baseName,
      category: products.category,
      size: orderLines.size,
      orderedAt: orders.createdAt,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(eq(orders.userId, userId), ne(orders.status, 'cancelled')))
    .orderBy(products.baseName, desc(orders.createdAt), desc(orderLines.id));
  return rows.map((r) => ({
    garment: r.garment,
    category: r.category,
    size: r.size,
    ordered_at: r.orderedAt.toISOString(),
  }));
}
