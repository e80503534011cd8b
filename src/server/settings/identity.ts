import { eq } from 'drizzle-orm';
import type { ShopIdentity, ShopIdentityUpdate } from '../../shared/shop-identity';
import type { Executor } from '../db/client';
import { settings } from '../db/schema';
import { setMailIdentity } from '../mail/shop-identity';
import { getSettingsRow, type SettingsRow } from './service';

export const identityDto = (row: SettingsRow): ShopIdentity => ({
  trading_name: row.tradingName,
  legal_name: row.legalName,
  address: { street: row.street, city: row.city, region: row.region, postal_code: row.postalCode },
  phone: row.phone,
  email: row.email,
  tax_id: row.taxId,
  logo: row.logo,
});

/** The shop's identity from the settings row: invoices, statements, packing slips and receipts print it. */
export async function shopIdentity(db: Executor): Promise<ShopIdentity> {
  return identityDto(await getSettingsRow(db));
}

/** Hands the identity to the mail template at start-up (a database not yet seeded keeps the shop's own facts). */
export async function refreshMailIdentity(db: Executor): Promise<void> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (row) setMailIdentity(identityDto(row));
}

export async function updateIdentity(db: Executor, input: ShopIdentityUpdate): Promise<ShopIdentity> {
  const [row] = await db
    .update(settings)
    .set({
      tradingName: input.trading_name,
      legalName: input.legal_name,
      street: input.street,
      city: input.city,
      region: input.region,
      postalCode: input.postal_code,
      phone: input.phone,
      email: input.email,
      taxId: input.tax_id,
      logo: input.logo,
      updatedAt: new Date(),
    })
    .where(eq(settings.id, 1))
    .returning();
  return identityDto(row!);
}
