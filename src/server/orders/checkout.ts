import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CheckoutInput, Order } from '../../shared/orders';
import { clearCart, loadCart } from '../cart';
import type { Db, Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { idempotencyKeys, orderLines } from '../db/schema';
import { conflict, unprocessable } from '../http/errors';
import { findOrder, orderDto, type OrderRow } from './dto';
import { placeOrder } from './place-order';

type Line = { productId: number; size: string; quantity: number; customizations: unknown };

/** What an Idempotency-Key promises: the same cart and the same body. Key order is fixed so the hash is stable. */
export function requestHash(lines: Line[], body: CheckoutInput): string {
  const canon = {
    lines: lines.map((l) => [l.productId, l.size, l.quantity, l.customizations]),
    body: [
      body.fulfillment,
      body.shipping_address ? Object.entries(body.shipping_address).sort() : null,
      body.po_number,
      body.notes,
    ],
  };
  return createHash('sha256').update(JSON.stringify(canon)).digest('hex');
}

export type CheckoutResult = { order: Order; replayed: boolean };

/** POST /orders/: the server cart becomes an order in one transaction, honouring an Idempotency-Key. */
export async function checkout(
  db: Db,
  opts: { user: { id: number; email: string }; body: CheckoutInput; idempotencyKey: string | null; appUrl: string },
): Promise<CheckoutResult> {
  return db.transaction(async (tx) => {
    const cart = await loadCart(tx, opts.user.id);
    const hash = requestHash(cart.lines, opts.body);
    if (opts.idempotencyKey) {
      const seen = await claimKey(tx, opts.user.id, opts.idempotencyKey, hash, cart.lines.length === 0, opts.body);
      if (seen) return { order: await orderDto(tx, seen), replayed: true };
    }
    const placed = await placeOrder(tx, {
      user: opts.user,
      lines: cart.lines,
      delivery: opts.body,
      settings: cart.settings,
      appUrl: opts.appUrl,
    });
    if (opts.idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ orderId: placed.row.id })
        .where(and(eq(idempotencyKeys.userId, opts.user.id), eq(idempotencyKeys.key, opts.idempotencyKey)));
    }
    await clearCart(tx, opts.user.id);
    return { order: placed.dto, replayed: false };
  });
}

/**
 * Returns the order an earlier request with this key made, or records the key for this request.
 * A transaction-scoped advisory lock makes a concurrent duplicate fail fast with 409 instead of queueing.
 */
async function claimKey(
  tx: Executor,
  userId: number,
  key: string,
  hash: string,
  cartEmpty: boolean,
  body: CheckoutInput,
): Promise<OrderRow | null> {
  const lockKey = `order-idem:${userId}:${key}`;
  const [locked] = await selectRows<{ ok: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) as ok`,
  );
  if (!locked?.ok) {
    throw conflict('This order is already being placed. Please wait a moment.', 'ORDER_IN_PROGRESS');
  }
  // A first use (the usual case) records the key in the same statement that finds it new.
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) throw conflict('This order is already being placed. Please wait a moment.', 'ORDER_IN_PROGRESS');
  const order = row.orderId ? await findOrder(tx, row.orderId) : null;
  if (!order) throw conflict('This order is already being placed. Please wait a moment.', 'ORDER_IN_PROGRESS');
  // The first request emptied the cart; a retry then compares against the lines that order was made from.
  const compare = cartEmpty
    ? requestHash(
        await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
        body,
      )
    : hash;
  if (compare !== row.requestHash) {
    throw unprocessable('This Idempotency-Key was already used for a different order', 'IDEMPOTENCY_KEY_REUSED');
  }
  return order;
}
