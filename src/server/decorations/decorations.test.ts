import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, decorationKinds, orderLines, products } from '../db/schema';
import { createTestApp } from '../test/harness';
import { pickup, someProducts } from '../test/orders';
import { signedIn } from '../test/users';

const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');
const customer = await signedIn(app);

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who?: { headers: Record<string, string> },
  payload?: unknown,
) => app.inject({ method, url: `/api/v1${url}`, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

const PATCH = { key: 'dept_patch', label: 'Department patch', price: 4.5, positions: ['left_sleeve', 'right_sleeve'] };

describe('/decorations', () => {
  it('lists SPEC’s three kinds and the positions to anyone', async () => {
    const res = await call('GET', '/decorations/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.kinds.map((k: { key: string }) => k.key)).toEqual(['add_name', 'us_flag', 'az_flag']);
    expect(body.kinds[0]).toMatchObject({ label: 'Embroidered name', price: 6, takes_text: true, active: true });
    expect(body.positions.map((p: { key: string }) => p.key)).toEqual(
      expect.arrayContaining(['left_side', 'right_side', 'front', 'left_sleeve', 'back']),
    );
  });

  it('lets only admins add or change a kind: guest 401, customer and employee 403', async () => {
    expect((await call('POST', '/decorations/admin/', undefined, PATCH)).statusCode).toBe(401);
    expect((await call('POST', '/decorations/admin/', customer, PATCH)).statusCode).toBe(403);
    expect((await call('POST', '/decorations/admin/', employee, PATCH)).statusCode).toBe(403);
    expect((await call('PUT', '/decorations/admin/1', employee, { price: 1 })).statusCode).toBe(403);
    expect((await call('GET', '/decorations/admin/', employee)).statusCode).toBe(403);
  });

  it('refuses a bad kind with a field message and changes nothing', async () => {
    const before = await db.select().from(decorationKinds);
    const bad = await call('POST', '/decorations/admin/', admin, { ...PATCH, positions: ['elbow'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ field: 'positions.0', message: 'Choose positions from the list' });
    const taken = await call('POST', '/decorations/admin/', admin, { ...PATCH, key: 'us_flag' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'KEY_TAKEN',
      errors: [{ field: 'key', message: 'A decoration kind with this key already exists' }],
    });
    const refusals: [unknown, string, string][] = [
      [{ ...PATCH, price: -1 }, 'price', 'Price must be between 0 and 1000'],
      [{ ...PATCH, price: 1000.01 }, 'price', 'Price must be between 0 and 1000'],
      [{ ...PATCH, price: 4.555 }, 'price', 'Price can have at most two decimals'],
      [{ ...PATCH, price: '4.50' }, 'price', 'Price must be a number'],
      [{ ...PATCH, label: '  ' }, 'label', 'Enter a label'],
      [{ ...PATCH, positions: [] }, 'positions', 'Choose at least one position'],
      [
        { ...PATCH, key: 'Dept Patch!' },
        'key',
        'The key is 2 to 40 lowercase letters, digits and underscores, starting with a letter',
      ],
    ];
    for (const [body, field, message] of refusals) {
      const res = await call('POST', '/decorations/admin/', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    const name = (await call('GET', '/decorations/admin/', admin)).json().kinds[0];
    for (const [patch, field] of [
      [{ price: -0.01 }, 'price'],
      [{ positions: ['left_side', 'elbow'] }, 'positions.1'],
      [{ label: '' }, 'label'],
    ] as const) {
      const res = await call('PUT', `/decorations/admin/${name.id}`, admin, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    }
    expect((await call('PUT', '/decorations/admin/999999', admin, { price: 1 })).statusCode).toBe(404);
    expect(await db.select().from(decorationKinds)).toEqual(before);
    expect((await call('GET', '/decorations/')).json().kinds).toHaveLength(3);
    const refusedAudits = await db.select().from(auditLog).where(eq(auditLog.entityType, 'decoration_kind'));
    expect(refusedAudits).toEqual([]);
  });

  it('writes an audit row naming the admin and the kind for each add and change', async () => {
    const made = await call('POST', '/decorations/admin/', admin, {
      ...PATCH,
      key: 'audit_patch',
      label: 'Audit patch',
    });
    expect(made.statusCode).toBe(201);
    const id = String(made.json().kind.id);
    expect((await call('PUT', `/decorations/admin/${id}`, admin, { active: false })).statusCode).toBe(200);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'decoration_kind'), eq(auditLog.entityId, id)));
    expect(rows.map((r) => [r.kind, r.actorRole, r.method])).toEqual([
      ['decoration_kind.create', 'admin', 'POST'],
      ['decoration_kind.update', 'admin', 'PUT'],
    ]);
    // Switched off, it leaves the public list but stays in the admin's, where it can be offered again.
    expect((await call('GET', '/decorations/')).json().kinds.map((k: { key: string }) => k.key)).not.toContain(
      'audit_patch',
    );
    const all = (await call('GET', '/decorations/admin/', admin)).json().kinds;
    expect(all.find((k: { key: string }) => k.key === 'audit_patch')).toMatchObject({ active: false });
  });

  it('adds a kind a product then takes: the quote and the order charge its price and the line keeps it', async () => {
    const made = await call('POST', '/decorations/admin/', admin, PATCH);
    expect(made.statusCode).toBe(201);
    const kind = made.json().kind;
    expect(kind).toMatchObject({ key: 'dept_patch', price: 4.5, active: true, takes_text: false });

    const [p] = await someProducts(app, 1);
    await db
      .update(products)
      .set({ customizations: [...p!.customizations, { type: 'dept_patch', sides: ['left_sleeve'] }] })
      .where(eq(products.id, p!.id));
    const size = p!.sizes[0]!;
    const buyer = await signedIn(app);
    const add = (position: string) =>
      call('POST', '/cart/items', buyer, {
        product_id: p!.id,
        size: size.label,
        quantity: 2,
        customizations: {
          us_flag: { enabled: true, position: 'left_side' },
          decorations: [{ kind: 'dept_patch', position }],
        },
      });
    // The product takes the patch on the left sleeve only: the right sleeve is refused, naming it.
    const wrong = await add('right_sleeve');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('on the right sleeve');
    const unknown = await call('POST', '/cart/items', buyer, {
      product_id: p!.id,
      size: size.label,
      customizations: { decorations: [{ kind: 'no_such_kind', position: 'left_sleeve' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown customization type');

    const ok = await add('left_sleeve');
    expect(ok.statusCode).toBe(200);
    const item = ok.json().cart.items[0];
    expect(
      item.customizations.map((c: { type: string; label: string; cost: number }) => [c.type, c.label, c.cost]),
    ).toEqual([
      ['us_flag', 'US flag patch', 6],
      ['dept_patch', 'Department patch', 4.5],
    ]);
    const unit = p!.basePriceCents + size.upcharge_cents + 600 + 450;
    expect(item.unit_customization_price).toBe(10.5);

    const quote = (await call('GET', '/checkout/quote?fulfillment=pickup', buyer)).json().quote;
    const placed = await call('POST', '/orders/', buyer, pickup);
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    expect(order.total).toBe(quote.total);
    expect(order.subtotal).toBe((unit * 2) / 100);
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line!.decorations).toEqual([
      { kind: 'us_flag', label: 'US flag patch', position: 'left_side', text: null, unit_cents: 600 },
      { kind: 'dept_patch', label: 'Department patch', position: 'left_sleeve', text: null, unit_cents: 450 },
    ]);

    // A later price or label change leaves the placed line as it was; switched off, the kind is no longer sold.
    const changed = await call('PUT', `/decorations/admin/${kind.id}`, admin, { price: 9, active: false });
    expect(changed.json().kind).toMatchObject({ price: 9, active: false });
    const [still] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(still!.decorations).toEqual(line!.decorations);
    expect((await add('left_sleeve')).statusCode).toBe(400);
    // The store no longer offers it on the garment; the garment keeps its tick for when it is offered again.
    const types = (list: { id: number; customizations: { type: string }[] }[]) =>
      list.find((x) => x.id === p!.id)!.customizations.map((c) => c.type);
    expect(types((await call('GET', '/products/', buyer)).json().products)).not.toContain('dept_patch');
    expect(types((await call('GET', '/admin/products/', admin)).json().products)).toContain('dept_patch');
    await call('PUT', `/decorations/admin/${kind.id}`, admin, { active: true, positions: ['right_sleeve'] });
    // Offered again but no longer on the left sleeve: the garment's left-sleeve tick offers nothing.
    expect(types((await call('GET', '/products/', buyer)).json().products)).not.toContain('dept_patch');
  });

  it('takes a station or unit number as a kind’s text, refuses what cannot be sewn; the name stays letters only', async () => {
    const made = await call('POST', '/decorations/admin/', admin, {
      key: 'station_patch',
      label: 'Station patch',
      price: 5,
      positions: ['left_sleeve'],
      takes_text: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const [, p] = await someProducts(app, 2);
    await db
      .update(products)
      .set({ customizations: [...p!.customizations, { type: 'station_patch', sides: ['left_sleeve'] }] })
      .where(eq(products.id, p!.id));
    const buyer = await signedIn(app);
    const add = (customizations: object) =>
      call('POST', '/cart/items', buyer, { product_id: p!.id, size: p!.sizes[0]!.label, quantity: 1, customizations });
    const station = (text: string) => add({ decorations: [{ kind: 'station_patch', position: 'left_sleeve', text }] });

    const ok = await station(' Station 4 ');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().cart.items[0].customizations).toEqual([
      expect.objectContaining({ type: 'station_patch', position: 'left_sleeve', text: 'Station 4' }),
    ]);
    for (const text of ['Unit #12 & Co.', "O'Neil 7/B-2", 'Estación 3'])
      expect((await station(text)).statusCode).toBe(200);

    const refused = await station('Station 4!');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        field: 'customizations.station_patch.text',
        message: "The text can only contain letters, digits, spaces and - . # & ' /",
      },
    ]);
    const long = await station('Station '.repeat(4));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The text can be at most 30 characters');
    const name = await add({ add_name: { enabled: true, position: 'left_side', text: 'Station 4' } });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe(
      'The embroidered name can only contain letters, spaces, hyphens, apostrophes and periods',
    );
  });
});
