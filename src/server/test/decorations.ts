import { inArray } from 'drizzle-orm';
import type { CustomizationCosts } from '../../shared/cart';
import type { StoredDecoration } from '../../shared/decorations';
import type { Executor } from '../db/client';
import { decorationKinds, type StoredCustomization } from '../db/schema';
import { invalidateDecorationPrices, pricedDecorations } from '../pricing';

/** Sets kinds' flat prices straight in the table (as the admin screen would) and drops the cached prices. */
export async function setKindPrices(db: Executor, cents: CustomizationCosts): Promise<void> {
  for (const [key, c] of Object.entries(cents))
    await db
      .update(decorationKinds)
      .set({ priceRule: { kind: 'flat', cents: c } })
      .where(inArray(decorationKinds.key, [key]));
  invalidateDecorationPrices(db);
}

/** A line's decorations as an order stores them, each at the given price per kind. */
export const storedAt = (list: readonly StoredCustomization[], cents: CustomizationCosts): StoredDecoration[] =>
  pricedDecorations(list, { kinds: [], cents });
