import { desc, eq } from 'drizzle-orm';
import { logoChoicesAnswer, logoPricesAnswer, logoPricesUpdateSchema } from '../../shared/logos';
import { toDollars } from '../../shared/money';
import type { App } from '../app-types';
import { artworks } from '../db/schema';
import { logoFacts } from '../pricing';
import { logoPricesDto, readLogoPricesDto, updateLogoPrices } from './service';

/**
 * Logos on garments (docs/product.md#logos-on-garments): the shop's stitch table and digitising fee (anyone reads
 * them, admins change them) and a customer's own artworks as the customiser offers them, each priced.
 */
export async function logoRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/settings/logo-prices',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary:
          'The stitch table (price per piece by stitch count), the estimate before a proof and the digitising fee',
        response: { 200: logoPricesAnswer },
      },
    },
    async () => ({ success: true as const, logo_prices: await readLogoPricesDto(db) }),
  );
  app.put(
    '/settings/logo-prices',
    {
      config: { access: 'admin', audit: { kind: 'settings.logo_prices', entity: 'settings' } },
      schema: {
        tags: ['settings'],
        summary: 'Change the logo prices (admins): open carts follow at once, placed orders keep theirs',
        body: logoPricesUpdateSchema,
        response: { 200: logoPricesAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      // In a transaction, as every audited write: the audit row commits with the change or not at all.
      logo_prices: logoPricesDto(await db.transaction((tx) => updateLogoPrices(tx, req.body))),
    }),
  );
  app.get(
    '/artwork/logos',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['artwork'],
        summary: "The customer's own artworks as logos: the price per piece and the digitising fee still owed",
        response: { 200: logoChoicesAnswer },
      },
    },
    async (req) => {
      const rows = await db
        .select({ id: artworks.id, status: artworks.status })
        .from(artworks)
        .where(eq(artworks.userId, req.user.id))
        .orderBy(desc(artworks.updatedAt), desc(artworks.id));
      const facts = await logoFacts(
        db,
        rows.map((r) => r.id),
        { userId: req.user.id },
      );
      return {
        success: true as const,
        logos: rows.flatMap((r) => {
          const f = facts.get(r.id);
          return f
            ? [
                {
                  artwork_id: f.artworkId,
                  name: f.name,
                  status: r.status,
                  preview_url: `/api/v1/artwork/${f.artworkId}/preview`,
                  stitches: f.stitches,
                  estimated: f.estimated,
                  price_per_piece: toDollars(f.unitCents),
                  digitising_fee: toDollars(f.feeCents),
                },
              ]
            : [];
        }),
      };
    },
  );
}
