import { asc, inArray, sql } from 'drizzle-orm';
import { normaliseTracking } from '../../shared/tracking';
import type { Executor } from '../db/client';
import { orders } from '../db/schema';

/** Staff confirm a reused tracking number (a parcel holding two orders) by sending allow_tracking_reuse. */
export const trackingInUseMessage = (tracking: string, others: string[]) =>
  `Tracking number ${tracking} is already on order ${others.join(', ')}. Check the label, or confirm to use it again.`;

/**
 * The other orders already carrying each tracking number, by the number as it is stored now (without spaces or
 * dashes, in capitals); numbers kept before that rule are compared the same way. Callers leave out the order being
 * shipped (otherOrders): shipping it again after a step back is not a reuse.
 */
export async function ordersUsingTracking(
  tx: Executor,
  numbers: string[],
): Promise<Map<string, { id: number; orderNumber: string }[]>> {
  const wanted = [...new Set(numbers.map(normaliseTracking).filter(Boolean))];
  const found = new Map<string, { id: number; orderNumber: string }[]>();
  if (wanted.length === 0) return found;
  const compact = sql<string>`upper(regexp_replace(${orders.trackingNumber}, '[[:space:]-]', '', 'g'))`;
  const rows = await tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, tracking: compact })
    .from(orders)
    .where(inArray(compact, wanted))
    .orderBy(asc(orders.id));
  for (const r of rows) found.set(r.tracking, [...(found.get(r.tracking) ?? []), r]);
  return found;
}

/** The refusal for one order's tracking number, or null when no other order has it or staff confirmed. */
export async function trackingReuseCheck(
  tx: Executor,
  orderId: number,
  tracking: string | null | undefined,
  allowReuse: boolean,
): Promise<string | null> {
  if (!tracking || allowReuse) return null;
  const used = await ordersUsingTracking(tx, [tracking]);
  const others = otherOrders(used, tracking, orderId);
  return others.length ? trackingInUseMessage(normaliseTracking(tracking), others) : null;
}

/** The numbers of the orders other than `orderId` that carry `tracking`. */
export function otherOrders(
  used: Map<string, { id: number; orderNumber: string }[]>,
  tracking: string,
  orderId: number,
): string[] {
  return (used.get(normaliseTracking(tracking)) ?? []).filter((o) => o.id !== orderId).map((o) => o.orderNumber);
}
