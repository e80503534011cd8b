import { sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '../shared/constants';
import { toCents } from '../shared/money';
import { SEED_PRODUCTS } from './catalog';
import type { Db, Tx } from './db/client';
import { departments, products, settings, users } from './db/schema';

/**
 * Idempotent: run at every start; fills only what is missing. Instances starting together on one PostgreSQL
 * server take turns (a transaction-scoped advisory lock), so two never both find the catalogue empty and fill it.
 */
export async function seed(db: Db, opts: { adminEmails: string[] }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await fillMissing(tx, opts);
  });
}

async function fillMissing(db: Tx, opts: { adminEmails: string[] }): Promise<void> {
  await db
    .insert(settings)
    .values({
      id: 1,
      taxRatePpm: Math.round(DEFAULT_SETTINGS.tax_rate * 1_000_000),
      shippingCostCents: toCents(DEFAULT_SETTINGS.shipping_cost),
      nameCostCents: toCents(DEFAULT_SETTINGS.name_cost),
      usFlagCostCents: toCents(DEFAULT_SETTINGS.us_flag_cost),
      azFlagCostCents: toCents(DEFAULT_SETTINGS.az_flag_cost),
    })
    .onConflictDoNothing();

  for (const email of opts.adminEmails) {
    await db
      .insert(users)
      .values({ email, role: 'admin' })
      .onConflictDoUpdate({ target: users.email, set: { role: 'admin', isActive: true } });
  }

  if ((await db.$count(products)) === 0) {
    await db.insert(products).values(SEED_PRODUCTS.map(({ kind: _kind, ...p }) => p));
  }

  if ((await db.$count(departments)) === 0) {
    await db.insert(departments).values({
      name: 'Desert Valley Fire & Medical',
      domains: ['dvfire.gov'],
      approverEmails: ['quartermaster@dvfire.gov'],
      requiresApproval: true,
      taxExempt: false,
    });
  }
}
