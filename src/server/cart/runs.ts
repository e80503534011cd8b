import { and, eq } from 'drizzle-orm';
import { addCartItemSchema, type AddCartItem } from '../../shared/cart';
import { readRoster, ROSTER_ROWS_MAX, rosterRowCount, RUN_MESSAGES, type RosterRow } from '../../shared/cart-runs';
import type { Db, Executor } from '../db/client';
import { products } from '../db/schema';
import { AppError, badRequest, type FieldError } from '../http/errors';
import { addLine, CART_MESSAGES } from './lines';

type User = { id: number; email: string };

async function offeredSizes(db: Executor, productId: number): Promise<string[]> {
  const [p] = await db
    .select({ sizes: products.sizes })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)));
  if (!p)
    throw badRequest(CART_MESSAGES.productUnavailable, [
      { field: 'product_id', message: CART_MESSAGES.productUnavailable },
    ]);
  return p.sizes.map((s) => s.label);
}

/** One line as POST /cart/items takes it, checked by the same schema; its problems come back under `prefix`. */
function lineInput(raw: Record<string, unknown>, prefix: string): AddCartItem | FieldError[] {
  const parsed = addCartItemSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return parsed.error.issues.map((i) => ({ field: [prefix, ...i.path].join('.'), message: i.message }));
}

/** Adds the lines in one transaction: a refusal of any of them (a merged line over 99, say) adds none. */
async function addAll(db: Db, user: User, lines: { input: AddCartItem; field: string }[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const l of lines) {
      try {
        await addLine(tx, user, l.input);
      } catch (err) {
        if (err instanceof AppError && err.status === 400) {
          const message = `${l.field}: ${err.message}`;
          throw badRequest(message, [{ field: l.field, message: err.message }], err.code);
        }
        throw err;
      }
    }
  });
}

/**
 * A size run: one line per size, all with the same decorations. Every size is checked before anything is written,
 * and every bad size is named (an unknown size, a quantity outside 1 to 99).
 */
export async function addSizeRun(
  db: Db,
  user: User,
  body: { product_id: number; quantities: Record<string, number>; customizations?: unknown },
): Promise<{ pieces: number; lines: number }> {
  const offered = await offeredSizes(db, body.product_id);
  const errors: FieldError[] = [];
  const lines: { input: AddCartItem; field: string }[] = [];
  for (const [size, quantity] of Object.entries(body.quantities)) {
    const field = `quantities.${size}`;
    if (!offered.includes(size)) {
      errors.push({ field, message: RUN_MESSAGES.unknownSize(size, offered) });
      continue;
    }
    const input = lineInput(
      { product_id: body.product_id, size, quantity, customizations: body.customizations },
      'customizations',
    );
    if (Array.isArray(input)) errors.push(...input.filter((e) => !errors.some((x) => x.field === e.field)));
    else lines.push({ input, field });
  }
  if (errors.length) throw badRequest(errors.map((e) => e.message).join('; '), errors);
  await addAll(db, user, lines);
  return { pieces: lines.reduce((n, l) => n + l.input.quantity, 0), lines: lines.length };
}

/** The decorations of one roster row: the request's, with the row's name as the embroidered text. */
function withName(raw: unknown, name: string): unknown {
  if (Array.isArray(raw)) {
    if (!raw.some((c) => isNameEntry(c))) return null;
    return raw.map((c) => (isNameEntry(c) ? { ...(c as object), text: name } : c));
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const entry = (raw as Record<string, unknown>).add_name;
  if (typeof entry !== 'object' || entry === null || (entry as { enabled?: unknown }).enabled === false) return null;
  return { ...raw, add_name: { ...entry, text: name } };
}

const isNameEntry = (c: unknown) =>
  typeof c === 'object' &&
  c !== null &&
  (c as { type?: unknown }).type === 'add_name' &&
  (c as { enabled?: unknown }).enabled !== false;

export type RosterResult = { rows: RosterRow[]; added: boolean; message: string };

/**
 * A roster: each row checked on its own (name, size, quantity, no formula), then, with `commit`, every row added as
 * a line with its embroidered name, or nothing when any row is bad. A roster over the row cap is refused whole.
 */
export async function roster(
  db: Db,
  user: User,
  body: { product_id: number; csv: string; customizations?: unknown; commit: boolean },
): Promise<RosterResult> {
  const count = rosterRowCount(body.csv);
  if (count > ROSTER_ROWS_MAX)
    throw badRequest(RUN_MESSAGES.tooManyRows(count), [{ field: 'csv', message: RUN_MESSAGES.tooManyRows(count) }]);
  if (count === 0) throw badRequest(RUN_MESSAGES.csvEmpty, [{ field: 'csv', message: RUN_MESSAGES.csvEmpty }]);
  const offered = await offeredSizes(db, body.product_id);
  // The decorations are checked once, with a stand-in name, so a bad position is one 400 and not one per row.
  const sample = withName(body.customizations, 'Name');
  if (sample === null)
    throw badRequest(RUN_MESSAGES.noName, [{ field: 'customizations.add_name', message: RUN_MESSAGES.noName }]);
  const checked = lineInput(
    { product_id: body.product_id, size: offered[0], customizations: sample },
    'customizations',
  );
  if (Array.isArray(checked)) throw badRequest(checked[0]!.message, checked);
  const rows = readRoster(body.csv, offered);
  const bad = rows.filter((r) => r.error);
  if (!body.commit) {
    const message = bad.length
      ? RUN_MESSAGES.rosterInvalid(bad.length).replace('; nothing was added', '')
      : `${rows.length} ${rows.length === 1 ? 'row is' : 'rows are'} ready to add`;
    return { rows, added: false, message };
  }
  if (bad.length)
    throw new AppError(400, 'ROSTER_INVALID', RUN_MESSAGES.rosterInvalid(bad.length), {
      errors: bad.map((r) => ({ field: `rows.${r.line}`, message: `Row ${r.line}: ${r.error}` })),
    });
  await addAll(
    db,
    user,
    rows.map((r) => {
      const input = lineInput(
        {
          product_id: body.product_id,
          size: r.size,
          quantity: r.quantity,
          customizations: withName(body.customizations, r.name),
        },
        `rows.${r.line}`,
      );
      if (Array.isArray(input)) throw badRequest(`Row ${r.line}: ${input[0]!.message}`, input);
      return { input, field: `rows.${r.line}` };
    }),
  );
  const pieces = rows.reduce((n, r) => n + (r.quantity ?? 0), 0);
  return { rows, added: true, message: RUN_MESSAGES.added(pieces, rows.length) };
}
