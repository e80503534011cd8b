import { asc, eq } from 'drizzle-orm';
import type {
  DecorationKind,
  DecorationKindCreate,
  DecorationKindUpdate,
  DecorationPosition,
} from '../../shared/decorations';
import { toCents, toDollars } from '../../shared/money';
import type { Db, Executor } from '../db/client';
import { decorationKinds, decorationPositions } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/errors';
import { invalidateCatalog } from '../catalog';
import { invalidateDecorationPrices, ruleCentsOf, type DecorationKindRow } from '../pricing';

export const DECORATION_MESSAGES = {
  notFound: 'Decoration kind not found',
  keyTaken: 'A decoration kind with this key already exists',
  unknownPosition: 'Choose positions from the list',
  specKey: 'SPEC’s kinds keep their key',
} as const;

export const kindDto = (k: DecorationKindRow): DecorationKind => ({
  id: k.id,
  key: k.key,
  label: k.label,
  price: toDollars(ruleCentsOf(k)),
  positions: k.positions,
  takes_text: k.takesText,
  active: k.active,
  sort_order: k.sortOrder,
});

export async function positionList(db: Executor): Promise<DecorationPosition[]> {
  const rows = await db.select().from(decorationPositions).orderBy(asc(decorationPositions.sortOrder));
  return rows.map((p) => ({ key: p.key, label: p.label, sort_order: p.sortOrder }));
}

export async function kindList(db: Executor, opts: { activeOnly: boolean }): Promise<DecorationKind[]> {
  const rows = await db
    .select()
    .from(decorationKinds)
    .where(opts.activeOnly ? eq(decorationKinds.active, true) : undefined)
    .orderBy(asc(decorationKinds.sortOrder), asc(decorationKinds.id));
  return rows.map(kindDto);
}

async function checkPositions(db: Executor, positions: readonly string[]) {
  const known = new Set((await positionList(db)).map((p) => p.key));
  const bad = positions.findIndex((p) => !known.has(p));
  if (bad >= 0)
    throw badRequest(DECORATION_MESSAGES.unknownPosition, [
      { field: `positions.${bad}`, message: DECORATION_MESSAGES.unknownPosition },
    ]);
}

/** A new kind; products take it once staff tick it in the garment editor. */
export async function createKind(db: Db, input: DecorationKindCreate): Promise<DecorationKind> {
  const row = await db.transaction(async (tx) => {
    await checkPositions(tx, input.positions);
    const [made] = await tx
      .insert(decorationKinds)
      .values({
        key: input.key,
        label: input.label,
        priceRule: { kind: 'flat', cents: toCents(input.price) },
        positions: input.positions,
        takesText: input.takes_text,
        active: input.active,
        sortOrder: input.sort_order ?? 100,
      })
      .onConflictDoNothing({ target: decorationKinds.key })
      .returning();
    // A 409 like a taken slug, naming the field so the admin's form shows it under the key.
    if (!made)
      throw new AppError(409, 'KEY_TAKEN', DECORATION_MESSAGES.keyTaken, {
        errors: [{ field: 'key', message: DECORATION_MESSAGES.keyTaken }],
      });
    return made;
  });
  invalidateDecorationPrices(db);
  invalidateCatalog(db);
  return kindDto(row);
}

/** Label, price, positions, active, order: a price change applies to open carts at once, never to placed orders. */
export async function updateKind(db: Db, id: number, input: DecorationKindUpdate): Promise<DecorationKind> {
  const row = await db.transaction(async (tx) => {
    if (input.positions) await checkPositions(tx, input.positions);
    const [changed] = await tx
      .update(decorationKinds)
      .set({
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.price !== undefined ? { priceRule: { kind: 'flat' as const, cents: toCents(input.price) } } : {}),
        ...(input.positions !== undefined ? { positions: input.positions } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
        updatedAt: new Date(),
      })
      .where(eq(decorationKinds.id, id))
      .returning();
    if (!changed) throw notFound(DECORATION_MESSAGES.notFound);
    return changed;
  });
  invalidateDecorationPrices(db);
  invalidateCatalog(db);
  return kindDto(row);
}
