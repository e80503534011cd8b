import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { allowanceLedger } from '../db/schema';
import { heldSum } from './held';

export type LedgerEntry = {
  userId: number;
  departmentId: number;
  orderId: number;
  /** Positive: used; negative: returned. */
  amountCents: number;
  periodStart: string;
  reason: string;
};

export async function writeLedger(db: Executor, entry: LedgerEntry): Promise<void> {
  if (entry.amountCents === 0) return;
  await db.insert(allowanceLedger).values(entry);
}

/** What one order holds of its member's allowance now, and the period and department it was taken from. */
export async function orderAllowance(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      usedCents: heldSum,
      periodStart: sql<string | null>`min(${allowanceLedger.periodStart})`,
      departmentId: sql<number | null>`min(${allowanceLedger.departmentId})`,
      userId: sql<number | null>`min(${allowanceLedger.userId})`,
    })
    .from(allowanceLedger)
    .where(eq(allowanceLedger.orderId, orderId));
  if (!row?.periodStart) return null;
  return {
    usedCents: Number(row.usedCents),
    periodStart: row.periodStart,
    departmentId: Number(row.departmentId),
    userId: Number(row.userId),
  };
}

/** A cancelled or denied order gives back all it still holds, to the period it was taken from. */
export async function returnOrderAllowance(db: Executor, orderId: number, reason: string): Promise<void> {
  const held = await orderAllowance(db, orderId);
  if (!held || held.usedCents === 0) return;
  await writeLedger(db, {
    userId: held.userId,
    departmentId: held.departmentId,
    orderId,
    amountCents: -held.usedCents,
    periodStart: held.periodStart,
    reason,
  });
}
