import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/orders';
import { artworkProofs, artworks, products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { cartCount, pickup } from '../test/orders';
import { signedIn, type SignedIn } from '../test/users';

// Logos on garments: priced per piece by the stitch table, a digitising fee once per artwork (never on a later
// order, a second cart or buy again), only the customer's own artwork on a position the garment takes, and no
// production before the customer approved the proof.
const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const staff = await signedIn(app, 'employee');

const bySlug = async (slug: string) => (await db.select().from(products).where(eq(products.slug, slug)))[0]!;
const polo = await bySlug('duty-polo-navy');
const cap = await bySlug('structured-cap-navy');

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: SignedIn, payload?: unknown) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

let tokens = 0;
/** An artwork straight in the database (the upload itself is the artwork tests' concern). */
async function artwork(owner: SignedIn, name = 'Acme logo') {
  const [row] = await db
    .insert(artworks)
    .values({
      userId: owner.id,
      name,
      format: 'png',
      fileName: 'logo.png',
      fileSize: 3,
      original: Buffer.from('png'),
      preview: Buffer.from('webp'),
    })
    .returning();
  return row!.id;
}

/** A proof round sent to the customer: the artwork waits for their decision. */
async function proof(id: number, round: number, stitches: number, colours = ['Navy 2767', 'White 1801']) {
  tokens += 1;
  await db.insert(artworkProofs).values({
    artworkId: id,
    round,
    image: Buffer.from('proof'),
    stitchCount: stitches,
    threadColours: colours,
    widthHundredths: 350,
    heightHundredths: 175,
    linkTokenHash: `hash-${process.pid}-${tokens}`,
    linkExpiresAt: new Date(Date.now() + 86_400_000),
  });
  await db.update(artworks).set({ status: 'proof_sent' }).where(eq(artworks.id, id));
}

const approve = (who: SignedIn, id: number) => call('POST', `/artwork/${id}/decision`, who, { decision: 'approve' });

const add = (who: SignedIn, logos: { artwork_id: number; position: string }[], over: object = {}) =>
  call('POST', '/cart/items', who, {
    product_id: polo.id,
    size: 'M',
    quantity: 3,
    customizations: { logos },
    ...over,
  });

const cartOf = async (who: SignedIn) => (await call('GET', '/cart/', who)).json().cart;
const place = async (who: SignedIn) => {
  const res = await call('POST', '/orders/', who, pickup);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
};
const fees = (adjustments: { kind: string; label: string; amount: number }[]) =>
  adjustments.filter((a) => a.kind === 'digitising_fee');

describe('logo prices', () => {
  it('are public to read, changed by admins only, and a band table must rise', async () => {
    const read = await call('GET', '/settings/logo-prices');
    expect(read.statusCode).toBe(200);
    expect(read.json().logo_prices).toEqual({
      bands: [
        { up_to: 5000, price: 4.5 },
        { up_to: 8000, price: 6 },
        { up_to: 12000, price: 8 },
      ],
      extra_per_thousand: 0.6,
      estimate_stitches: 8000,
      digitising_fee: 35,
    });
    const body = read.json().logo_prices;
    expect((await call('PUT', '/settings/logo-prices', undefined, body)).statusCode).toBe(401);
    expect((await call('PUT', '/settings/logo-prices', staff, body)).statusCode).toBe(403);
    const falling = await call('PUT', '/settings/logo-prices', admin, {
      ...body,
      bands: [
        { up_to: 8000, price: 6 },
        { up_to: 5000, price: 4.5 },
      ],
    });
    expect(falling.statusCode).toBe(400);
    expect(falling.json().errors[0].field).toBe('bands.1.up_to');
    expect((await call('PUT', '/settings/logo-prices', admin, body)).statusCode).toBe(200);
  });
});

describe('a logo on a cart line', () => {
  it('is priced at the estimate before a proof, then by the proof’s stitches, the fee once per artwork', async () => {
    const customer = await signedIn(app);
    const id = await artwork(customer);
    const res = await add(customer, [{ artwork_id: id, position: 'left_side' }]);
    expect(res.statusCode, res.body).toBe(200);
    let cart = await cartOf(customer);
    // 8,000 stitches estimated: $6.00 a piece; the fee once, not per piece.
    expect(cart.items[0].customizations).toEqual([
      expect.objectContaining({ type: 'logo', label: 'Logo: Acme logo', position: 'left_side', cost: 6 }),
    ]);
    expect(cart.items[0].customizations[0]).toMatchObject({ artwork_id: id, stitches: 8000, estimated: true });
    expect(cart.items[0].unit_customization_price).toBe(6);
    expect(fees(cart.adjustments)).toEqual([{ kind: 'digitising_fee', label: 'Digitising: Acme logo', amount: 35 }]);

    await proof(id, 1, 13_200);
    cart = await cartOf(customer);
    // Past the last band (12,000): $8.00 + 2 x $0.60 for the 1,200 stitches begun.
    expect(cart.items[0].customizations[0]).toMatchObject({ cost: 9.2, stitches: 13200, estimated: false });

    // Two lines and a second position with the same artwork: still one fee.
    expect((await add(customer, [{ artwork_id: id, position: 'right_side' }], { size: 'L' })).statusCode).toBe(200);
    cart = await cartOf(customer);
    expect(fees(cart.adjustments)).toHaveLength(1);
  });

  it('refuses another customer’s artwork with 404 and adds nothing', async () => {
    const customer = await signedIn(app);
    const other = await signedIn(app);
    const theirs = await artwork(other);
    const res = await add(customer, [{ artwork_id: theirs, position: 'left_side' }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Artwork not found');
    expect((await add(customer, [{ artwork_id: 999_999, position: 'left_side' }])).statusCode).toBe(404);
    expect(await cartCount(app, customer.id)).toBe(0);
  });

  it('refuses a position the garment does not take with 400 naming it, and two logos on one position', async () => {
    const customer = await signedIn(app);
    const id = await artwork(customer);
    const back = await add(customer, [{ artwork_id: id, position: 'back' }]);
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('Duty Polo does not take a logo on the back');
    expect(back.json().errors[0].field).toBe('customizations.logo');
    const onCap = await add(customer, [{ artwork_id: id, position: 'left_side' }], {
      product_id: cap.id,
      size: cap.sizes[0]!.label,
    });
    expect(onCap.statusCode).toBe(400);
    expect(onCap.json().message).toMatch(/does not take a logo on the left side/);
    const twice = await add(customer, [
      { artwork_id: id, position: 'left_side' },
      { artwork_id: id, position: 'left_side' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Each position takes one logo');
    expect(await cartCount(app, customer.id)).toBe(0);
  });
});

describe('orders with logos', () => {
  it('charge what the cart quoted, the fee on the first order only (not a second order, not buy again)', async () => {
    const customer = await signedIn(app);
    const id = await artwork(customer, 'Station 9');
    await proof(id, 1, 6200);
    expect((await add(customer, [{ artwork_id: id, position: 'left_side' }])).statusCode).toBe(200);
    const quoted = (await call('GET', '/checkout/quote?fulfillment=pickup', customer)).json().quote;
    const first = await place(customer);
    expect(first.total).toBe(quoted.total);
    expect(first.adjustments).toEqual(quoted.adjustments);
    expect(fees(first.adjustments)).toEqual([{ kind: 'digitising_fee', label: 'Digitising: Station 9', amount: 35 }]);
    // 3 polos at their price plus $6.00 a piece (6,200 stitches), the fee, tax on both.
    expect(first.items[0]!.customizations[0]).toMatchObject({ type: 'logo', cost: 6, stitches: 6200 });
    expect(first.items[0]!.unit_customization_price).toBe(6);

    expect((await add(customer, [{ artwork_id: id, position: 'left_side' }])).statusCode).toBe(200);
    expect(fees((await cartOf(customer)).adjustments)).toEqual([]);
    const second = await place(customer);
    expect(fees(second.adjustments)).toEqual([]);

    const again = await call('POST', `/orders/${first.id}/buy-again`, customer);
    expect(again.statusCode, again.body).toBe(200);
    const cart = await cartOf(customer);
    expect(cart.items[0].customizations[0]).toMatchObject({ type: 'logo', artwork_id: id });
    expect(fees(cart.adjustments)).toEqual([]);
  });

  it('charge the fee again once the order that carried it is cancelled', async () => {
    const customer = await signedIn(app);
    const id = await artwork(customer);
    expect((await add(customer, [{ artwork_id: id, position: 'left_side' }])).statusCode).toBe(200);
    const first = await place(customer);
    expect(fees(first.adjustments)).toHaveLength(1);
    expect((await call('DELETE', `/orders/${first.id}`, customer)).statusCode).toBe(200);
    expect((await add(customer, [{ artwork_id: id, position: 'left_side' }])).statusCode).toBe(200);
    expect(fees((await cartOf(customer)).adjustments)).toHaveLength(1);
  });

  it('wait for the proof’s approval before production (409 PROOF_PENDING), and the floor sees the logo', async () => {
    const customer = await signedIn(app);
    const id = await artwork(customer, 'Engine 4');
    expect((await add(customer, [{ artwork_id: id, position: 'right_side' }])).statusCode).toBe(200);
    const order = await place(customer);
    const toProduction = () => call('PUT', `/orders/${order.id}/status`, staff, { status: 'in_production' });

    const refused = await toProduction();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PROOF_PENDING');
    expect(refused.json().message).toMatch(/Waiting for the customer's proof approval: "Engine 4"/);
    const seen = (await call('GET', `/orders/admin/${order.id}`, staff)).json().order as Order;
    expect(seen.status).toBe('pending');
    expect(seen.proof_pending).toMatch(/Waiting for the customer's proof approval/);
    // The customer's own answer carries no staff words.
    expect((await call('GET', `/orders/${order.id}`, customer)).json().order.proof_pending).toBeUndefined();

    await proof(id, 1, 7400, ['Red 1902', 'Black 1800']);
    expect((await toProduction()).json().code).toBe('PROOF_PENDING');
    expect((await approve(customer, id)).statusCode).toBe(200);
    const moved = await toProduction();
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call('GET', `/orders/admin/${order.id}`, staff)).json().order.proof_pending).toBeNull();

    const sheet = (await call('GET', `/orders/admin/production?order_ids=${order.id}`, staff)).json();
    const piece = sheet.groups[0].pieces[0];
    expect(piece.decorations[0]).toMatchObject({
      type: 'logo',
      placement: expect.stringContaining('Logo: Engine 4'),
      logo: {
        artwork_id: id,
        name: 'Engine 4',
        approved: true,
        stitches: 7400,
        thread_colours: ['Red 1902', 'Black 1800'],
      },
    });
    const pick = (await call('GET', `/orders/admin/pick-list?order_ids=${order.id}`, staff)).json();
    expect(pick.decorations).toContainEqual(
      expect.objectContaining({
        label: 'Logo: Engine 4 - 7,400 stitches - Red 1902, Black 1800',
        position: 'right_side',
        count: 3,
      }),
    );
  });

  it('offers the customer their artworks as logos with the price per piece and the fee still owed', async () => {
    const customer = await signedIn(app);
    const id = await artwork(customer, 'Crest');
    await proof(id, 1, 4000);
    const res = await call('GET', '/artwork/logos', customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().logos).toEqual([
      {
        artwork_id: id,
        name: 'Crest',
        status: 'proof_sent',
        preview_url: `/api/v1/artwork/${id}/preview`,
        stitches: 4000,
        estimated: false,
        price_per_piece: 4.5,
        digitising_fee: 35,
      },
    ]);
    expect((await call('GET', '/artwork/logos')).statusCode).toBe(401);
  });
});
