import { and, inArray, ne, sql } from 'drizzle-orm';
import { LOGO_KIND, LOGO_MESSAGES } from '../../shared/logos';
import type { Executor } from '../db/client';
import { artworks, orderLines } from '../db/schema';
import { conflict } from '../http/errors';

// An order with a logo whose artwork the customer has not approved cannot go into production
// (docs/product.md#logos-on-garments): the move answers 409 PROOF_PENDING and the staff screens say why.

/** Per order, the names of the logos' artworks still waiting for the customer's approval (orders without: absent). */
export async function pendingProofs(db: Executor, orderIds: readonly number[]): Promise<Map<number, string[]>> {
  if (!orderIds.length) return new Map();
  const lines = await db
    .select({ orderId: orderLines.orderId, customizations: orderLines.customizations })
    .from(orderLines)
    .where(
      and(
        inArray(orderLines.orderId, [...orderIds]),
        sql`${orderLines.customizations} @> ${JSON.stringify([{ type: LOGO_KIND }])}::jsonb`,
      ),
    );
  const wanted = lines.flatMap((l) =>
    l.customizations.flatMap((c) =>
      c.type === LOGO_KIND && c.artwork_id ? [{ orderId: l.orderId, id: c.artwork_id }] : [],
    ),
  );
  if (!wanted.length) return new Map();
  const waiting = await db
    .select({ id: artworks.id, name: artworks.name })
    .from(artworks)
    .where(and(inArray(artworks.id, [...new Set(wanted.map((w) => w.id))]), ne(artworks.status, 'approved')));
  const names = new Map(waiting.map((a) => [a.id, a.name]));
  const out = new Map<number, string[]>();
  for (const w of wanted) {
    const name = names.get(w.id);
    if (name === undefined) continue;
    const list = out.get(w.orderId) ?? [];
    if (!list.includes(name)) list.push(name);
    out.set(w.orderId, list);
  }
  return out;
}

/** What the staff screens say of an order waiting for a proof, or null. */
export const proofPendingText = (names: readonly string[] | undefined): string | null =>
  names?.length ? LOGO_MESSAGES.proofPending(names.map((n) => `"${n}"`).join(', ')) : null;

/** Refuses the move into production while a logo waits for the customer's proof approval. */
export async function assertProofsApproved(db: Executor, orderId: number): Promise<void> {
  const text = proofPendingText((await pendingProofs(db, [orderId])).get(orderId));
  if (text) throw conflict(text, 'PROOF_PENDING');
}
