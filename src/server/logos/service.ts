import { eq } from 'drizzle-orm';
import type { LogoPrices, LogoPricesInput } from '../../shared/logos';
import { toCents, toDollars } from '../../shared/money';
import type { Db, Executor } from '../db/client';
import { settings } from '../db/schema';
import { readLogoPrices } from '../pricing';

export const logoPricesDto = (p: LogoPrices): LogoPricesInput => ({
  bands: p.bands.map((b) => ({ up_to: b.upTo, price: toDollars(b.cents) })),
  extra_per_thousand: toDollars(p.extraPerThousandCents),
  estimate_stitches: p.estimateStitches,
  digitising_fee: toDollars(p.digitisingFeeCents),
});

export const readLogoPricesDto = async (db: Db) => logoPricesDto(await readLogoPrices(db));

/** The new table for every cart from now on; orders keep what they were charged. */
export async function updateLogoPrices(db: Executor, input: LogoPricesInput): Promise<LogoPrices> {
  const value: LogoPrices = {
    bands: input.bands.map((b) => ({ upTo: b.up_to, cents: toCents(b.price) })),
    extraPerThousandCents: toCents(input.extra_per_thousand),
    estimateStitches: input.estimate_stitches,
    digitisingFeeCents: toCents(input.digitising_fee),
  };
  const [row] = await db
    .update(settings)
    .set({ logoPrices: value, updatedAt: new Date() })
    .where(eq(settings.id, 1))
    .returning({ p: settings.logoPrices });
  return row!.p;
}
