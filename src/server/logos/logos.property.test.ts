import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Customization } from '../../shared/cart';
import type { Order } from '../../shared/orders';
import { artworkProofs, artworks, products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { fillCart, pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// Random carts with logos: the cart's quote and the order placed from it agree to the cent, each logo costs what the
// seeded stitch table says for its stitch count, and an artwork's digitising fee is charged on exactly one order of
// the two a customer places, whichever carries it first.
const { app } = await createTestApp();
const db = app.deps.db;
const polo = (await db.select().from(products).where(eq(products.slug, 'duty-polo-navy')))[0]!;
const tee = (await db.select().from(products).where(eq(products.slug, 'station-tee-navy')))[0]!;
const garments = [polo, tee];

/** The seeded table, written out again: up to 5,000 $4.50, 8,000 $6.00, 12,000 $8.00, then $0.60 per 1,000 begun. */
const perPiece = (stitches: number) =>
  stitches <= 5000
    ? 450
    : stitches <= 8000
      ? 600
      : stitches <= 12000
        ? 800
        : 800 + Math.ceil((stitches - 12000) / 1000) * 60;
const FEE = 3500;
const ESTIMATE = 8000;

let seq = 0;
async function artworkFor(owner: SignedIn, stitches: number | null) {
  const n = ++seq;
  const [row] = await db
    .insert(artworks)
    .values({
      userId: owner.id,
      name: `Logo ${n}`,
      format: 'png',
      fileName: 'l.png',
      fileSize: 1,
      original: Buffer.from('x'),
      preview: Buffer.from('x'),
    })
    .returning();
  if (stitches !== null) {
    await db.insert(artworkProofs).values({
      artworkId: row!.id,
      round: 1,
      image: Buffer.from('p'),
      stitchCount: stitches,
      threadColours: ['Navy'],
      widthHundredths: 300,
      heightHundredths: 200,
      linkTokenHash: `prop-${process.pid}-${n}`,
      linkExpiresAt: new Date(Date.now() + 86_400_000),
    });
  }
  return { id: row!.id, stitches: stitches ?? ESTIMATE };
}

const lineArb = fc.record({
  garment: fc.integer({ min: 0, max: 1 }),
  size: fc.constantFrom('S', 'M', 'L', 'XL'),
  quantity: fc.integer({ min: 1, max: 30 }),
  left: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  right: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
});
const cartArb = fc.array(lineArb, { minLength: 1, maxLength: 4 });

type Line = { garment: number; size: string; quantity: number; left: number | null; right: number | null };

async function order(who: SignedIn, lines: Line[], arts: { id: number; stitches: number }[]) {
  const items = lines.map((l) => {
    const logos: Customization[] = [];
    if (l.left !== null) logos.push({ type: 'logo', position: 'left_side', text: null, artwork_id: arts[l.left]!.id });
    if (l.right !== null)
      logos.push({ type: 'logo', position: 'right_side', text: null, artwork_id: arts[l.right]!.id });
    return { productId: garments[l.garment]!.id, size: l.size, quantity: l.quantity, customizations: logos };
  });
  await fillCart(app, who.id, items);
  const quote = (await app.inject({ url: '/api/v1/checkout/quote?fulfillment=pickup', headers: who.headers })).json()
    .quote;
  const placed = await app.inject({ method: 'POST', url: '/api/v1/orders/', headers: who.headers, payload: pickup });
  expect(placed.statusCode, placed.body).toBe(201);
  const o = placed.json().order as Order;
  expect(o.total).toBe(quote.total);
  expect(o.adjustments).toEqual(quote.adjustments);
  for (const item of o.items)
    for (const c of item.customizations.filter((x) => x.type === 'logo')) {
      const art = arts.find((a) => a.id === c.artwork_id)!;
      expect(Math.round(c.cost * 100)).toBe(perPiece(art.stitches));
    }
  return o;
}

const feesOf = (o: Order) => o.adjustments.filter((a) => a.kind === 'digitising_fee');

describe('logos on garments (property)', () => {
  it('quote = order to the cent, and each artwork’s digitising fee is charged on exactly one order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.integer({ min: 1000, max: 20_000 }), { nil: null }), { minLength: 3, maxLength: 3 }),
        cartArb,
        cartArb,
        async (stitches, first, second) => {
          const who = await signedIn(app);
          const arts = await Promise.all(stitches.map((s) => artworkFor(who, s)));
          const used = (lines: Line[]) =>
            new Set(lines.flatMap((l) => [l.left, l.right]).filter((x): x is number => x !== null));
          const a = await order(who, first, arts);
          const b = await order(who, second, arts);
          // The first order pays for each artwork it carries; the second only for those the first did not.
          const inFirst = used(first);
          const newInSecond = [...used(second)].filter((i) => !inFirst.has(i));
          expect(feesOf(a)).toHaveLength(inFirst.size);
          expect(feesOf(b)).toHaveLength(newInSecond.length);
          for (const f of [...feesOf(a), ...feesOf(b)]) expect(Math.round(f.amount * 100)).toBe(FEE);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
