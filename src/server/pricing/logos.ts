import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Customization } from '../../shared/cart-basics';
import type { StoredDecoration } from '../../shared/decorations';
import { LOGO_KIND, LOGO_MESSAGES, type LogoPrices } from '../../shared/logos';
import { CALLED_OFF_STATUSES } from '../../shared/order-statuses';
import type { Executor } from '../db/client';
import { artworkProofs, artworks, orders, settings } from '../db/schema';
import { notFound } from '../http/errors';
import type { DecorationPrices } from './decorations';
import type { AdjustmentCents } from './quote';

// Logos on garments (docs/product.md#logos-on-garments): one piece of a logo costs by its stitch count, and each
// artwork carries a one-time digitising fee. Both are decided here and nowhere else.

/** What pricing knows of one logo's artwork when it prices a line. */
export type LogoFact = {
  artworkId: number;
  name: string;
  approved: boolean;
  stitches: number;
  /** No proof sent yet: priced at the shop's estimate. */
  estimated: boolean;
  unitCents: number;
  /** The digitising fee still owed: the shop's fee until an order (not called off) has carried it, then 0. */
  feeCents: number;
};

/** Decoration prices with the logos of the lines being priced. */
export type LinePrices = DecorationPrices & { logos?: ReadonlyMap<number, LogoFact> };

/**
 * One piece of a logo of `stitches` stitches: the first band that holds it, or past the last band its price plus
 * each further 1,000 stitches begun.
 */
export function stitchCents(table: LogoPrices, stitches: number): number {
  const band = table.bands.find((b) => stitches <= b.upTo);
  if (band) return band.cents;
  const last = table.bands[table.bands.length - 1];
  if (!last) return 0;
  return last.cents + Math.ceil((stitches - last.upTo) / 1000) * table.extraPerThousandCents;
}

/** The artwork ids the lines' logos name. */
export const logoArtworkIds = (lists: readonly (readonly Customization[])[]): number[] => [
  ...new Set(lists.flatMap((l) => l.flatMap((c) => (c.type === LOGO_KIND && c.artwork_id ? [c.artwork_id] : [])))),
];

export type LogoOwner = {
  /** The customer the order is for: a logo must be their own artwork (another's answers 404, like a missing one). */
  userId: number;
  /** Re-pricing an order already placed (a staff edit): its own digitising fee is still its own to charge. */
  exceptOrderId?: number;
  /** Inside the transaction that places the order: the artworks stay locked so two orders never both charge a fee. */
  lock?: boolean;
};

export async function readLogoPrices(db: Executor): Promise<LogoPrices> {
  const [row] = await db.select({ p: settings.logoPrices }).from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error('settings row missing: the seed did not run');
  return row.p;
}

/** The artworks whose digitising fee an order of the customer has carried (orders called off do not count). */
async function chargedArtworks(db: Executor, ids: number[], owner: LogoOwner): Promise<Set<number>> {
  const rows = await db
    .select({ adjustments: orders.adjustments })
    .from(orders)
    .where(
      and(
        eq(orders.userId, owner.userId),
        notInArray(orders.status, [...CALLED_OFF_STATUSES]),
        ne(orders.id, owner.exceptOrderId ?? 0),
        sql`${orders.adjustments} @> '[{"kind":"digitising_fee"}]'::jsonb`,
      ),
    );
  const charged = rows.flatMap((r) =>
    r.adjustments.flatMap((a) => (a.kind === 'digitising_fee' && a.artworkId ? [a.artworkId] : [])),
  );
  return new Set(charged.filter((id) => ids.includes(id)));
}

/**
 * The facts of each logo's artwork: its name, the stitch count priced (the approved proof's, else the latest proof's,
 * else the shop's estimate), one piece's price and the fee still owed. An id that is not the owner's: 404.
 */
export async function logoFacts(db: Executor, ids: number[], owner: LogoOwner): Promise<Map<number, LogoFact>> {
  if (!ids.length) return new Map();
  const own = db
    .select({ id: artworks.id, name: artworks.name, status: artworks.status })
    .from(artworks)
    .where(and(inArray(artworks.id, ids), eq(artworks.userId, owner.userId)))
    .orderBy(artworks.id);
  // Locked before anything else is read (in id order, so two orders never deadlock): an order that waited here reads
  // the fee another has just charged and the proof just sent, not what stood before.
  const locked = owner.lock ? await own.for('update') : null;
  const [found, proofs, table, charged] = await Promise.all([
    locked ?? own,
    db
      .select({ id: artworkProofs.artworkId, stitches: artworkProofs.stitchCount, decision: artworkProofs.decision })
      .from(artworkProofs)
      .where(inArray(artworkProofs.artworkId, ids))
      .orderBy(desc(artworkProofs.round)),
    readLogoPrices(db),
    chargedArtworks(db, ids, owner),
  ]);
  if (found.length !== ids.length) throw notFound(LOGO_MESSAGES.artworkNotFound);
  return new Map(
    found.map((a) => {
      const mine = proofs.filter((p) => p.id === a.id);
      const proof = mine.find((p) => p.decision === 'approved') ?? mine[0];
      const stitches = proof?.stitches ?? table.estimateStitches;
      return [
        a.id,
        {
          artworkId: a.id,
          name: a.name,
          approved: a.status === 'approved',
          stitches,
          estimated: !proof,
          unitCents: stitchCents(table, stitches),
          feeCents: charged.has(a.id) ? 0 : table.digitisingFeeCents,
        },
      ];
    }),
  );
}

/** Today's decoration prices with the logos the lines name, for the owner; unchanged when no line has a logo. */
export async function withLogos(
  db: Executor,
  prices: DecorationPrices,
  lists: readonly (readonly Customization[])[],
  owner: LogoOwner,
): Promise<LinePrices> {
  const ids = logoArtworkIds(lists);
  if (!ids.length) return prices;
  return { ...prices, logos: await logoFacts(db, ids, owner) };
}

/** One logo on one piece, as an order line keeps it. */
export function pricedLogo(c: Customization, logos: LinePrices['logos']): StoredDecoration {
  const fact = c.artwork_id ? logos?.get(c.artwork_id) : undefined;
  // Every caller that prices a line with a logo loads its artwork first (withLogos): pricing one at nothing is a bug.
  if (!fact) throw new Error(`logo artwork ${c.artwork_id ?? '?'} was not loaded before pricing`);
  return {
    kind: LOGO_KIND,
    label: `Logo: ${fact.name}`,
    position: c.position,
    text: null,
    unit_cents: fact.unitCents,
    artwork_id: fact.artworkId,
    stitches: fact.stitches,
    estimated: fact.estimated,
    digitising_cents: fact.feeCents,
  };
}

/**
 * Each artwork's digitising fee once, whatever number of lines and pieces carry it, as a named adjustment that
 * keeps the artwork's id (the order's adjustments are where "charged once" is read back).
 */
export function digitisingAdjustments(
  lines: readonly { decorations?: readonly StoredDecoration[] }[],
): (AdjustmentCents & { artworkId: number })[] {
  const fees = new Map<number, AdjustmentCents & { artworkId: number }>();
  for (const d of lines.flatMap((l) => l.decorations ?? [])) {
    if (d.kind !== LOGO_KIND || !d.artwork_id || !d.digitising_cents || fees.has(d.artwork_id)) continue;
    fees.set(d.artwork_id, {
      kind: 'digitising_fee',
      label: `Digitising: ${d.label.replace(/^Logo: /, '')}`,
      amountCents: d.digitising_cents,
      artworkId: d.artwork_id,
    });
  }
  return [...fees.values()].sort((a, b) => a.artworkId - b.artworkId);
}
