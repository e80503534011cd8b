import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { KIT_MESSAGES } from '../../shared/kits';
import { cartLines, carts, departmentKits, products, settings } from '../db/schema';
import { createTestApp } from '../test/harness';
import { signedIn, type SignedIn } from '../test/users';

// Department kits (docs/product.md#department-kits): admins define them against the department's catalogue; a member
// adds one in one step (a size each, the name once) at today's prices, all lines or none.
const { app } = await createTestApp();
const db = app.deps.db;
const admin = await signedIn(app, 'admin');
const employee = await signedIn(app, 'employee');
const all = await db.select().from(products).where(eq(products.active, true)).orderBy(products.id);
const tee = all.find((p) => p.customizations.some((c) => c.type === 'add_name' && c.sides.includes('left_side')))!;
const cap = all.find((p) => p.baseName === 'Structured Ball Cap')!;
const outside = all.find((p) => p.id !== tee.id && p.id !== cap.id)!;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn | null, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who?.headers ?? {}, payload });

let n = 0;
async function department(productIds: number[] | null) {
  n += 1;
  const res = await api('POST', '/departments/', admin, {
    name: `Kit Fire ${n}`,
    domains: [`kit${n}.gov`],
    requires_approval: false,
    product_ids: productIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().department.id as number, domain: `kit${n}.gov` };
}
const memberOf = (d: { domain: string }) => signedIn(app, 'other', { email: `crew${++n}@${d.domain}` });

const recruitKit = (departmentId: number) => ({
  department_id: departmentId,
  name: 'New recruit',
  description: 'What a new firefighter needs on day one',
  items: [
    { product_id: tee.id, quantity: 3, decorations: [{ type: 'add_name', position: 'left_side' }] },
    { product_id: cap.id, quantity: 1, decorations: [{ type: 'add_name', position: 'front' }] },
  ],
});

async function cartOf(userId: number) {
  const [cart] = await db.select().from(carts).where(eq(carts.userId, userId));
  if (!cart) return [];
  return db.select().from(cartLines).where(eq(cartLines.cartId, cart.id)).orderBy(cartLines.id);
}

describe('kits: what admins define', () => {
  it('creates a kit, answers it with today’s prices from pricing, and lists it for the department', async () => {
    const d = await department([tee.id, cap.id]);
    const res = await api('POST', '/kits/admin/', admin, recruitKit(d.id));
    expect(res.statusCode, res.body).toBe(201);
    const kit = res.json().kit;
    const [s] = await db.select().from(settings);
    const teeUnit = tee.basePriceCents + tee.sizes[0]!.upcharge_cents + s!.nameCostCents;
    const capUnit = cap.basePriceCents + cap.sizes[0]!.upcharge_cents + s!.nameCostCents;
    expect(kit.items.map((i: { unit_price: number }) => i.unit_price)).toEqual([teeUnit / 100, capUnit / 100]);
    expect(kit.total_price).toBe((teeUnit * 3 + capUnit) / 100);
    const list = await api('GET', `/departments/${d.id}/kits`, admin);
    expect(list.json().kits.map((k: { name: string }) => k.name)).toEqual(['New recruit']);
  });

  it('refuses a garment outside the department’s catalogue or a decoration it does not take, and writes nothing', async () => {
    const d = await department([tee.id, cap.id]);
    const before = (await db.select().from(departmentKits)).length;
    const foreign = await api('POST', '/kits/admin/', admin, {
      ...recruitKit(d.id),
      items: [{ product_id: outside.id, quantity: 1, decorations: [] }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/is not in Kit Fire \d+'s catalogue/);
    const sleeveCap = await api('POST', '/kits/admin/', admin, {
      ...recruitKit(d.id),
      items: [{ product_id: cap.id, quantity: 1, decorations: [{ type: 'us_flag', position: 'left_side' }] }],
    });
    expect(sleeveCap.statusCode).toBe(400);
    expect(sleeveCap.json().code).toBe('CUSTOMIZATION_NOT_OFFERED');
    const empty = await api('POST', '/kits/admin/', admin, { ...recruitKit(d.id), items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(KIT_MESSAGES.noItems);
    const nameless = await api('POST', '/kits/admin/', admin, { ...recruitKit(d.id), name: '  ' });
    expect(nameless.json().message).toBe(KIT_MESSAGES.name);
    expect((await db.select().from(departmentKits)).length).toBe(before);
  });

  it('takes a kind an admin added; refuses an unknown one or one that takes a text, naming the row', async () => {
    const d = await department([tee.id, cap.id]);
    for (const [key, takesText] of [
      ['kit_patch', false],
      ['kit_tab', true],
    ] as const) {
      const made = await api('POST', '/decorations/admin/', admin, {
        key,
        label: key === 'kit_patch' ? 'Station patch' : 'Station tab',
        price: 3,
        positions: ['left_sleeve'],
        takes_text: takesText,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    await db
      .update(products)
      .set({
        customizations: [
          ...tee.customizations,
          { type: 'kit_patch', sides: ['left_sleeve'] },
          { type: 'kit_tab', sides: ['left_sleeve'] },
        ],
      })
      .where(eq(products.id, tee.id));
    const before = (await db.select().from(departmentKits)).length;
    const kit = (decorations: { type: string; position: string }[]) =>
      api('POST', '/kits/admin/', admin, {
        ...recruitKit(d.id),
        items: [{ product_id: tee.id, quantity: 1, decorations }],
      });
    const unknown = await kit([{ type: 'no_such_kind', position: 'left_sleeve' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'items.0.decorations', message: 'Unknown customization type' }]);
    const texted = await kit([{ type: 'kit_tab', position: 'left_sleeve' }]);
    expect(texted.statusCode).toBe(400);
    expect(texted.json().message).toBe('Enter the text for the station tab');
    expect((await db.select().from(departmentKits)).length).toBe(before);
    const made = await kit([{ type: 'kit_patch', position: 'left_sleeve' }]);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().kit.items[0].decorations).toEqual([{ type: 'kit_patch', position: 'left_sleeve' }]);
    await db.update(products).set({ customizations: tee.customizations }).where(eq(products.id, tee.id));
  });

  it('lets only admins define kits: an employee and a customer get 403', async () => {
    const d = await department(null);
    expect((await api('POST', '/kits/admin/', employee, recruitKit(d.id))).statusCode).toBe(403);
    const member = await memberOf(d);
    expect((await api('POST', '/kits/admin/', member, recruitKit(d.id))).statusCode).toBe(403);
    expect((await api('GET', `/departments/${d.id}/kits`, member)).statusCode).toBe(403);
  });

  it('edits and removes a kit; a missing one is 404', async () => {
    const d = await department(null);
    const id = (await api('POST', '/kits/admin/', admin, recruitKit(d.id))).json().kit.id;
    const { department_id: _, ...body } = recruitKit(d.id);
    const edited = await api('PUT', `/kits/admin/${id}`, admin, { ...body, name: 'Engine crew', active: false });
    expect(edited.json().kit).toMatchObject({ name: 'Engine crew', active: false });
    expect((await api('DELETE', `/kits/admin/${id}`, admin)).statusCode).toBe(200);
    expect((await api('DELETE', `/kits/admin/${id}`, admin)).statusCode).toBe(404);
  });
});

describe('kits: what members do', () => {
  it('adds every garment with its size and the name once, at today’s prices', async () => {
    const d = await department([tee.id, cap.id]);
    const kit = (await api('POST', '/kits/admin/', admin, recruitKit(d.id))).json().kit;
    const member = await memberOf(d);
    const mine = await api('GET', '/kits/', member);
    expect(mine.json().kits.map((k: { id: number }) => k.id)).toEqual([kit.id]);
    const res = await api('POST', `/kits/${kit.id}/cart`, member, {
      sizes: [tee.sizes[1]!.label, cap.sizes[0]!.label],
      name: 'RAMIREZ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(KIT_MESSAGES.added);
    const lines = await cartOf(member.id);
    expect(lines.map((l) => [l.productId, l.size, l.quantity])).toEqual([
      [tee.id, tee.sizes[1]!.label, 3],
      [cap.id, cap.sizes[0]!.label, 1],
    ]);
    expect(lines.map((l) => l.customizations)).toEqual([
      [{ type: 'add_name', position: 'left_side', text: 'RAMIREZ' }],
      [{ type: 'add_name', position: 'front', text: 'RAMIREZ' }],
    ]);
  });

  it('asks for the name and a size for every garment; a bad one adds nothing', async () => {
    const d = await department(null);
    const kit = (await api('POST', '/kits/admin/', admin, recruitKit(d.id))).json().kit;
    const member = await memberOf(d);
    const noName = await api('POST', `/kits/${kit.id}/cart`, member, { sizes: ['M', cap.sizes[0]!.label] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors[0]).toMatchObject({ field: 'name', message: 'Enter the name to embroider' });
    const oneSize = await api('POST', `/kits/${kit.id}/cart`, member, { sizes: ['M'], name: 'RAMIREZ' });
    expect(oneSize.json().message).toBe(KIT_MESSAGES.chooseSize);
    const badSize = await api('POST', `/kits/${kit.id}/cart`, member, { sizes: ['M', 'XXXXL'], name: 'RAMIREZ' });
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().errors[0].field).toBe('sizes.1');
    expect(await cartOf(member.id)).toEqual([]);
  });

  it('adds none of a kit whose garment has left the catalogue since (all or nothing)', async () => {
    const d = await department([tee.id, cap.id]);
    const kit = (await api('POST', '/kits/admin/', admin, recruitKit(d.id))).json().kit;
    const member = await memberOf(d);
    const narrowed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/departments/${d.id}`,
      headers: admin.headers,
      payload: { product_ids: [tee.id] },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const listed = (await api('GET', '/kits/', member)).json().kits[0];
    expect(listed.items.map((i: { available: boolean }) => i.available)).toEqual([true, false]);
    const res = await api('POST', `/kits/${kit.id}/cart`, member, {
      sizes: [tee.sizes[0]!.label, cap.sizes[0]!.label],
      name: 'RAMIREZ',
    });
    expect(res.statusCode).toBe(403);
    expect(await cartOf(member.id)).toEqual([]);
  });

  it('hides another department’s kit and a withdrawn one (404), and shows none to a customer outside departments', async () => {
    const d = await department(null);
    const other = await department(null);
    const kit = (await api('POST', '/kits/admin/', admin, recruitKit(d.id))).json().kit;
    const stranger = await memberOf(other);
    expect((await api('POST', `/kits/${kit.id}/cart`, stranger, { sizes: ['M', 'S/M'], name: 'A' })).statusCode).toBe(
      404,
    );
    const { department_id: _, ...body } = recruitKit(d.id);
    await api('PUT', `/kits/admin/${kit.id}`, admin, { ...body, active: false });
    const member = await memberOf(d);
    expect((await api('GET', '/kits/', member)).json().kits).toEqual([]);
    expect((await api('POST', `/kits/${kit.id}/cart`, member, { sizes: ['M', 'S/M'], name: 'A' })).statusCode).toBe(
      404,
    );
    const walkIn = await signedIn(app);
    expect((await api('GET', '/kits/', walkIn)).json().kits).toEqual([]);
    expect((await api('GET', '/kits/', null)).statusCode).toBe(401);
  });
});
