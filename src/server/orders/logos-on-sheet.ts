import { desc, inArray } from 'drizzle-orm';
import type { Customization } from '../../shared/cart-basics';
import { LOGO_KIND } from '../../shared/logos';
import type { LogoOnSheet } from '../../shared/logos';
import type { Executor } from '../db/client';
import { artworkProofs, artworks } from '../db/schema';

// What the floor and the staff order answer need of each logo (docs/product.md#logos-on-garments): the approved proof's stitch count and thread
// colours (the latest proof's until one is approved, said so), and the artwork's preview for sheets with images.

export async function logosOnSheet(
  db: Executor,
  lists: readonly (readonly Customization[] | null)[],
): Promise<Map<number, LogoOnSheet>> {
  const ids = [
    ...new Set(
      lists.flatMap((l) => (l ?? []).flatMap((c) => (c.type === LOGO_KIND && c.artwork_id ? [c.artwork_id] : []))),
    ),
  ];
  if (!ids.length) return new Map();
  const [found, proofs] = await Promise.all([
    db
      .select({ id: artworks.id, name: artworks.name, status: artworks.status })
      .from(artworks)
      .where(inArray(artworks.id, ids)),
    db
      .select({
        id: artworkProofs.artworkId,
        stitches: artworkProofs.stitchCount,
        colours: artworkProofs.threadColours,
        decision: artworkProofs.decision,
      })
      .from(artworkProofs)
      .where(inArray(artworkProofs.artworkId, ids))
      .orderBy(desc(artworkProofs.round)),
  ]);
  return new Map(
    found.map((a) => {
      const mine = proofs.filter((p) => p.id === a.id);
      const proof = mine.find((p) => p.decision === 'approved') ?? mine[0];
      return [
        a.id,
        {
          artwork_id: a.id,
          name: a.name,
          approved: a.status === 'approved',
          stitches: proof?.stitches ?? null,
          thread_colours: proof?.colours ?? [],
          preview_url: `/api/v1/artwork/${a.id}/preview`,
        },
      ];
    }),
  );
}

/** "Logo: Acme - 8,200 stitches - Navy, White" (or "proof not approved yet"): one line of a sheet without images. */
export function logoWords(l: LogoOnSheet): string {
  const stitches = l.stitches === null ? 'no proof yet' : `${l.stitches.toLocaleString('en-US')} stitches`;
  const threads = l.thread_colours.length ? ` - ${l.thread_colours.join(', ')}` : '';
  return `Logo: ${l.name} - ${stitches}${threads}${l.approved ? '' : ' (proof not approved yet)'}`;
}
