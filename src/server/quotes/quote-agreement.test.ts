import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shopDay } from '../../shared/time';
import { products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { pickup, shipping } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// A price quote asked for from a random cart: its garment prices carry the cart's quantity breaks (counted per garment
// over its colours and sizes, computed here independently), its total is the cart's, and the order accepted from it
// (after staff add terms) is the quote to the cent.
const { app } = await createTestApp();
const db = app.deps.db;
const staff = await signedIn(app, 'employee');

// Garments sold in two or more colours, each with its colours (product rows) and sizes.
const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(products.id);
const byName = new Map<string, typeof rows>();
for (const p of rows) byName.set(p.baseName, [...(byName.get(p.baseName) ?? []), p]);
const garments = [...byName.values()]
  .filter((colours) => colours.length >= 2 && colours.every((c) => c.quantityBreaks === null))
  .slice(0, 3);
const cents = (dollars: number) => Math.round(dollars * 100);
const day = (offset: number) => shopDay(new Date(Date.now() + offset * 86_400_000));

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

const lineArb = fc.record({
  garment: fc.nat({ max: garments.length - 1 }),
  colour: fc.nat(),
  size: fc.nat(),
  quantity: fc.integer({ min: 1, max: 30 }),
  named: fc.boolean(),
});
const caseArb = fc.record({
  lines: fc.uniqueArray(lineArb, {
    minLength: 1,
    maxLength: 6,
    selector: (l) => {
      const colours = garments[l.garment]!;
      const p = colours[l.colour % colours.length]!;
      return `${p.id}|${p.sizes[l.size % p.sizes.length]!.label}|${l.named}`;
    },
  }),
  fulfillment: fc.constantFrom('pickup' as const, 'shipping' as const),
  setupFee: fc.integer({ min: 0, max: 5000 }),
  discountShare: fc.integer({ min: 0, max: 50 }),
});

const percentFor = (count: number) => (count >= 48 ? 15n : count >= 24 ? 10n : count >= 12 ? 5n : 0n);

describe('a quote from a cart', () => {
  it('carries the quantity breaks, totals as the cart, and the accepted order is the quote to the cent', async () => {
    expect(garments.length).toBeGreaterThanOrEqual(2);
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const customer = await signedIn(app);
        const counts = new Map<string, number>();
        const wanted: { productId: number; size: string; unit: number }[] = [];
        for (const l of c.lines) {
          const colours = garments[l.garment]!;
          const p = colours[l.colour % colours.length]!;
          const size = p.sizes[l.size % p.sizes.length]!;
          const res = await call(customer, 'POST', '/cart/items', {
            product_id: p.id,
            size: size.label,
            quantity: l.quantity,
            customizations: l.named ? [{ type: 'add_name', position: 'left_side', text: 'Ruiz' }] : [],
          });
          expect(res.statusCode, res.body).toBe(200);
          counts.set(p.baseName, (counts.get(p.baseName) ?? 0) + l.quantity);
          wanted.push({ productId: p.id, size: size.label, unit: p.basePriceCents + size.upcharge_cents });
        }
        const view = `fulfillment=${c.fulfillment}`;
        const cart = (await call(customer, 'GET', `/checkout/quote?${view}`)).json().quote;

        const asked = await call(customer, 'POST', '/quotes', { note: 'Property', need_by: day(30) });
        expect(asked.statusCode, asked.body).toBe(201);
        const id = asked.json().quote.id as number;
        const requested = (await call(customer, 'GET', `/quotes/${id}?${view}`)).json().quote;
        expect(requested.total).toBe(cart.total);
        expect(requested.tax_amount).toBe(cart.tax_amount);
        // Each garment price is the list price less its garment's break, half up per piece.
        for (const line of requested.lines as { product_id: number; size: string; unit_base_price: number }[]) {
          const w = wanted.find((x) => x.productId === line.product_id && x.size === line.size)!;
          const baseName = rows.find((p) => p.id === w.productId)!.baseName;
          const off = Number((BigInt(w.unit) * percentFor(counts.get(baseName)!) * 2n + 100n) / 200n);
          expect(cents(line.unit_base_price)).toBe(w.unit - off);
        }

        const goods = cents(requested.subtotal);
        const edit = await call(staff, 'PUT', `/quotes/admin/${id}`, {
          lines: requested.lines.map((l: Record<string, unknown>) => ({
            product_id: l.product_id,
            size: l.size,
            quantity: l.quantity,
            customizations: l.customizations,
            unit_price: l.unit_base_price,
          })),
          setup_fee: c.setupFee / 100,
          discount: Math.floor((goods * c.discountShare) / 100) / 100,
          valid_until: day(10),
        });
        expect(edit.statusCode, edit.body).toBe(200);
        expect((await call(staff, 'POST', `/quotes/admin/${id}/send`)).statusCode).toBe(200);
        const sent = (await call(customer, 'GET', `/quotes/${id}?${view}`)).json().quote;
        expect(cents(sent.subtotal)).toBe(goods);

        // The client's own figures ride along and are ignored.
        const body = c.fulfillment === 'shipping' ? shipping : pickup;
        const accepted = await call(customer, 'POST', `/quotes/${id}/accept`, { ...body, total: 0.01 });
        expect(accepted.statusCode, accepted.body).toBe(201);
        const order = accepted.json().order;
        expect(order.total).toBe(sent.total);
        expect(order.subtotal).toBe(sent.subtotal);
        expect(order.tax_amount).toBe(sent.tax_amount);
        expect(order.adjustments).toEqual(sent.adjustments);
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});
