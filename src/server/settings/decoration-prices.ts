import { asc } from 'drizzle-orm';
import type { CustomizationCosts } from '../../shared/cart-basics';
import { ruleCents } from '../../shared/decorations';
import type { Executor } from '../db/client';
import { decorationKinds } from '../db/schema';

// The decoration kinds' prices, read like the settings row: the pricing module applies them, the settings answer
// reports SPEC's three, and a change to either drops the cache.
export type DecorationKindRow = typeof decorationKinds.$inferSelect;

/** Every decoration kind (active or not: a line may still carry a switched-off one) with its price per piece. */
export type DecorationPrices = {
  kinds: readonly DecorationKindRow[];
  /** Cents per piece by kind key, from each kind's price rule. */
  cents: CustomizationCosts;
};

/** A kind's price per piece under its rule. */
export const ruleCentsOf = (k: Pick<DecorationKindRow, 'priceRule'>): number => ruleCents(k.priceRule);

const TTL_MS = 30_000;
const caches = new WeakMap<object, { at: number; prices: Promise<DecorationPrices> }>();

async function load(db: Executor): Promise<DecorationPrices> {
  const kinds = await db
    .select()
    .from(decorationKinds)
    .orderBy(asc(decorationKinds.sortOrder), asc(decorationKinds.id));
  return { kinds, cents: Object.fromEntries(kinds.map((k) => [k.key, ruleCentsOf(k)])) };
}

/**
 * Today's kinds and their prices. Every cart read prices with them, so they live in memory per database handle for a
 * short time (several instances converge within it) and a change made here drops them at once.
 */
export function decorationPrices(db: Executor): Promise<DecorationPrices> {
  const now = Date.now();
  const hit = caches.get(db);
  if (hit && now - hit.at <= TTL_MS) return hit.prices;
  const prices = load(db);
  caches.set(db, { at: now, prices });
  // A failed read must not stick: the next call reads again.
  prices.catch(() => {
    if (caches.get(db)?.prices === prices) caches.delete(db);
  });
  return prices;
}

/** Call after any change to decoration_kinds (the admin screen, the settings' per-kind prices). */
export const invalidateDecorationPrices = (db: Executor) => caches.delete(db);
