import { and, asc, eq, inArray } from 'drizzle-orm';
import { refusedCustomization, sortCustomizations, type Customization } from '../../shared/cart';
import {
  KIT_MESSAGES,
  kitNameSchema,
  kitTakesName,
  type AddKit,
  type KitInput,
  type KitItemInput,
  type KitView,
} from '../../shared/kits';
import { refusedKind, takenNow } from '../../shared/decorations';
import { toDollars } from '../../shared/money';
import type { Db, Executor } from '../db/client';
import { departmentKits, products } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { mayBuy } from '../catalog';
import { findDepartment, findDepartmentForEmail, type DepartmentRow } from '../departments';
import { decorationPrices, priceProductLine } from '../pricing';
import { addLine } from '../cart';

type KitRow = typeof departmentKits.$inferSelect;
type ProductRow = typeof products.$inferSelect;

const decorationsOf = (item: KitItemInput, name: string | null): Customization[] =>
  sortCustomizations(
    item.decorations.map((d) => ({ type: d.type, position: d.position, text: d.type === 'add_name' ? name : null })),
  );

async function productsById(db: Executor, ids: number[]): Promise<Map<number, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((p) => [p.id, p]));
}

/** Kits as the screens show them: each garment with today's unit price from pricing, never a stored one. */
async function views(db: Executor, kits: KitRow[], department: DepartmentRow | null): Promise<KitView[]> {
  const [byId, costs] = await Promise.all([
    productsById(
      db,
      kits.flatMap((k) => k.items.map((i) => i.product_id)),
    ),
    decorationPrices(db),
  ]);
  return kits.map((kit) => {
    let total = 0;
    const items = kit.items.map((item) => {
      const p = byId.get(item.product_id);
      const first = p?.sizes[0]?.label ?? '';
      const line = p
        ? priceProductLine(
            p,
            { size: first, quantity: item.quantity, customizations: decorationsOf(item, null) },
            costs,
          )
        : null;
      const unitCents = line ? line.unitBaseCents + line.unitCustomizationCents : 0;
      total += line?.totalCents ?? 0;
      return {
        product_id: item.product_id,
        product_name: p?.baseName ?? 'Garment no longer sold',
        color: p?.color ?? '',
        image_base: p?.imageBase ?? '',
        is_multi_image: p?.isMultiImage ?? false,
        sizes: (p?.sizes ?? []).map((s) => ({ label: s.label, extra_cost: toDollars(s.upcharge_cents) })),
        quantity: item.quantity,
        decorations: item.decorations,
        available: Boolean(p?.active) && mayBuy(department, item.product_id),
        unit_price: toDollars(unitCents),
      };
    });
    return {
      id: kit.id,
      department_id: kit.departmentId,
      name: kit.name,
      description: kit.description,
      active: kit.active,
      items,
      total_price: toDollars(total),
    };
  });
}

/** Every garment must be sold, in the department's catalogue, and take each decoration where the kit puts it. */
async function checkItems(db: Executor, department: DepartmentRow, items: KitItemInput[]) {
  const [byId, { kinds }] = await Promise.all([
    productsById(
      db,
      items.map((i) => i.product_id),
    ),
    decorationPrices(db),
  ]);
  for (const [index, item] of items.entries()) {
    const p = byId.get(item.product_id);
    const field = `items.${index}.product_id`;
    if (!p?.active) throw badRequest('This garment is not sold', [{ field, message: 'This garment is not sold' }]);
    if (!mayBuy(department, p.id)) {
      const message = `${p.baseName} (${p.color}) is not in ${department.name}'s catalogue`;
      throw badRequest(message, [{ field, message }]);
    }
    // Kinds are rows: an unknown or switched-off one, or one that takes a text besides the name (a kit's member types
    // only the name), is refused here rather than when a member adds the kit.
    const kind = refusedKind(
      item.decorations.map((d) => ({ type: d.type, text: d.type === 'add_name' ? 'Name' : null })),
      kinds,
    );
    if (kind) throw badRequest(kind.message, [{ field: `items.${index}.decorations`, message: kind.message }]);
    const refused = refusedCustomization(p.baseName, takenNow(p.customizations, kinds), item.decorations, kinds);
    if (refused)
      throw badRequest(
        refused.message,
        [{ field: `items.${index}.decorations`, message: refused.message }],
        'CUSTOMIZATION_NOT_OFFERED',
      );
  }
}

async function departmentOrThrow(db: Executor, id: number): Promise<DepartmentRow> {
  const department = await findDepartment(db, id);
  if (!department)
    throw badRequest('Department not found', [{ field: 'department_id', message: 'Department not found' }]);
  return department;
}

export async function departmentKitList(db: Executor, departmentId: number): Promise<KitView[]> {
  const department = await departmentOrThrow(db, departmentId);
  const rows = await db
    .select()
    .from(departmentKits)
    .where(eq(departmentKits.departmentId, departmentId))
    .orderBy(asc(departmentKits.name), asc(departmentKits.id));
  return views(db, rows, department);
}

async function kitById(db: Executor, id: number): Promise<KitRow> {
  const [row] = await db.select().from(departmentKits).where(eq(departmentKits.id, id));
  if (!row) throw notFound(KIT_MESSAGES.notFound);
  return row;
}

export async function createKit(db: Db, input: KitInput): Promise<KitView> {
  return db.transaction(async (tx) => {
    const department = await departmentOrThrow(tx, input.department_id);
    await checkItems(tx, department, input.items);
    const [row] = await tx
      .insert(departmentKits)
      .values({
        departmentId: department.id,
        name: input.name,
        description: input.description,
        active: input.active,
        items: input.items,
      })
      .returning();
    return (await views(tx, [row!], department))[0]!;
  });
}

export async function updateKit(db: Db, id: number, input: Omit<KitInput, 'department_id'>): Promise<KitView> {
  return db.transaction(async (tx) => {
    const kit = await kitById(tx, id);
    const department = await departmentOrThrow(tx, kit.departmentId);
    await checkItems(tx, department, input.items);
    const [row] = await tx
      .update(departmentKits)
      .set({ name: input.name, description: input.description, active: input.active, items: input.items })
      .where(eq(departmentKits.id, id))
      .returning();
    return (await views(tx, [row!], department))[0]!;
  });
}

export async function deleteKit(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await kitById(tx, id);
    await tx.delete(departmentKits).where(eq(departmentKits.id, id));
  });
}

/** The active kits of the signed-in member's department; none for a customer outside a department. */
export async function myKits(db: Executor, user: { email: string }): Promise<KitView[]> {
  const department = await findDepartmentForEmail(db, user.email);
  if (!department) return [];
  const rows = await db
    .select()
    .from(departmentKits)
    .where(and(eq(departmentKits.departmentId, department.id), eq(departmentKits.active, true)))
    .orderBy(asc(departmentKits.name), asc(departmentKits.id));
  return views(db, rows, department);
}

/**
 * Puts every garment of the kit in the cart, each as the store adds a line (catalogue, size and decorations checked
 * again, today's price), all or none: one refused garment leaves the cart as it was.
 */
export async function addKitToCart(db: Db, user: { id: number; email: string }, kitId: number, body: AddKit) {
  const department = await findDepartmentForEmail(db, user.email);
  const [kit] = await db.select().from(departmentKits).where(eq(departmentKits.id, kitId));
  // Another department's kit, or a withdrawn one, answers as a missing one.
  if (!kit || !kit.active || kit.departmentId !== department?.id) throw notFound(KIT_MESSAGES.notFound);
  if (body.sizes.length !== kit.items.length)
    throw badRequest(KIT_MESSAGES.chooseSize, [{ field: 'sizes', message: KIT_MESSAGES.chooseSize }]);
  let name: string | null = null;
  if (kitTakesName(kit)) {
    const parsed = kitNameSchema.safeParse(body.name ?? '');
    if (!parsed.success) {
      const message = parsed.error.issues[0]!.message;
      throw badRequest(message, [{ field: 'name', message }]);
    }
    name = parsed.data;
  }
  const byId = await productsById(
    db,
    kit.items.map((i) => i.product_id),
  );
  for (const [index, item] of kit.items.entries()) {
    const p = byId.get(item.product_id);
    if (p && !p.sizes.some((s) => s.label === body.sizes[index]))
      throw badRequest(KIT_MESSAGES.chooseSize, [
        { field: `sizes.${index}`, message: `Choose one of the sizes offered for ${p.baseName}` },
      ]);
  }
  await db.transaction(async (tx) => {
    for (const [index, item] of kit.items.entries())
      await addLine(tx, user, {
        product_id: item.product_id,
        size: body.sizes[index]!,
        quantity: item.quantity,
        customizations: decorationsOf(item, name),
      });
  });
}
