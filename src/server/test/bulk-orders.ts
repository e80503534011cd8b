import type { App } from '../app-types';
import { orderLines, orders, type StoredCustomization } from '../db/schema';
import type { OrderStatus } from '../../shared/orders';
import { storedAt } from './decorations';
import { someProducts } from './orders';

const SIX_DOLLARS_EACH = { add_name: 600, us_flag: 600, az_flag: 600 };

export type BulkLine = { size: string; quantity: number; customizations: StoredCustomization[] };

/**
 * Inserts many orders straight into the tables (two statements), for tests about volume, where placing each through
 * checkout would take minutes. Every order gets the lines `linesFor(i)` returns, on the active products in turn.
 * All rows of one call share one created_at (one statement's now()), which is what keyset paging must cope with.
 */
export async function insertOrders(
  app: App,
  opts: {
    userId: number;
    count: number;
    status: OrderStatus;
    prefix: string;
    linesFor: (i: number) => BulkLine[];
  },
) {
  const db = app.deps.db;
  const products = await someProducts(app, 50);
  const made = await db
    .insert(orders)
    .values(
      Array.from({ length: opts.count }, (_, i) => ({
        orderNumber: `${opts.prefix}-${String(i).padStart(6, '0')}`,
        userId: opts.userId,
        placedBy: opts.userId,
        status: opts.status,
        fulfillment: 'pickup' as const,
        subtotalCents: 1000,
        taxCents: 78,
        taxRatePpm: 78000,
        shippingCents: 0,
        totalCents: 1078,
      })),
    )
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const lines = made.flatMap((o, i) =>
    opts.linesFor(i).map((l, j) => {
      const p = products[(i + j) % products.length]!;
      return {
        orderId: o.id,
        productId: p.id,
        productName: `${p.baseName} - ${p.color}`,
        productSlug: p.slug,
        imageBase: p.imageBase,
        isMultiImage: p.isMultiImage,
        size: l.size,
        quantity: l.quantity,
        unitBaseCents: p.basePriceCents,
        unitCustomizationCents: 600 * l.customizations.length,
        decorations: storedAt(l.customizations, SIX_DOLLARS_EACH),
        totalCents: (p.basePriceCents + 600 * l.customizations.length) * l.quantity,
        customizations: l.customizations,
      };
    }),
  );
  // Bound parameters per statement stay far below PostgreSQL's 65,535.
  for (let i = 0; i < lines.length; i += 2000) await db.insert(orderLines).values(lines.slice(i, i + 2000));
  return { orders: made, products };
}
