import { and, asc, count, desc, eq } from 'drizzle-orm';
import { ADDRESS_MESSAGES, SAVED_ADDRESSES_MAX, type AddressData, type SavedAddress } from '../../shared/addresses';
import type { Db, Executor } from '../db/client';
import { customerAddresses, users } from '../db/schema';
import { conflict, notFound } from '../http/errors';

type Row = typeof customerAddresses.$inferSelect;

const dto = (r: Row): SavedAddress => ({
  id: r.id,
  label: r.label,
  address_line1: r.addressLine1,
  address_line2: r.addressLine2,
  city: r.city,
  state: r.state,
  zip_code: r.zipCode,
  is_default: r.isDefault,
});

/** The default first, then the oldest first (the order they were saved in). */
export async function listAddresses(db: Executor, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id));
  return rows.map(dto);
}

// Writes for one customer run one at a time (their user row is locked): two first addresses saved at once must not
// both become the default.
async function lockCustomer(tx: Executor, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function own(tx: Executor, userId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)));
  // Another customer's address is as absent as one never saved.
  if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
  return row;
}

async function clearDefault(tx: Executor, userId: number) {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));
}

const columns = (a: AddressData) => ({
  label: a.label,
  addressLine1: a.address_line1,
  addressLine2: a.address_line2,
  city: a.city,
  state: a.state,
  zipCode: a.zip_code,
});

export function createAddress(db: Db, userId: number, input: AddressData): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))) as [{ n: number }];
    if (n >= SAVED_ADDRESSES_MAX) throw conflict(ADDRESS_MESSAGES.tooMany, 'TOO_MANY_ADDRESSES');
    const isDefault = n === 0 || input.is_default === true;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(customerAddresses)
      .values({ userId, ...columns(input), isDefault })
      .returning();
    return dto(row!);
  });
}

export function updateAddress(db: Db, userId: number, id: number, input: AddressData): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const row = await own(tx, userId, id);
    // The default stays the default until another is made default (unticking it alone would leave none).
    const isDefault = row.isDefault || input.is_default === true;
    if (isDefault && !row.isDefault) await clearDefault(tx, userId);
    const [saved] = await tx
      .update(customerAddresses)
      .set({ ...columns(input), isDefault, updatedAt: new Date() })
      .where(eq(customerAddresses.id, id))
      .returning();
    return dto(saved!);
  });
}

export function setDefaultAddress(db: Db, userId: number, id: number): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    await own(tx, userId, id);
    await clearDefault(tx, userId);
    const [saved] = await tx
      .update(customerAddresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(customerAddresses.id, id))
      .returning();
    return dto(saved!);
  });
}

/** Deleting the default makes the oldest one left the default. Orders keep their own copy of the address. */
export function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const row = await own(tx, userId, id);
    await tx.delete(customerAddresses).where(eq(customerAddresses.id, id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))
      .orderBy(asc(customerAddresses.id))
      .limit(1);
    if (next) await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, next.id));
  });
}
