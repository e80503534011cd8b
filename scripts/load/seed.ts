// What the back-office journeys need beyond the bench's base seed: a department whose members check out against an
// allowance, and customers who write to the shop. Each connection gets its own of both (drive.ts deals them out).
import type { Database } from '../../src/server/db/client';
import { departments } from '../../src/server/db/schema';
import { customers, sessionsFor } from '../bench/seed';

/** Members are the department's by their address's domain, as a real department's staff are. */
const DEPARTMENT_DOMAIN = 'load-fire.test';
/**
 * $250 a year each: a member's first orders are covered in part or whole and later ones find the balance spent (an
 * allowance line of $0), so both paths of the ledger run.
 */
const ALLOWANCE_CENTS = 25_000;

export type BackOffice = { memberCookies: string[]; writerCookies: string[] };

export async function seedBackOffice(
  database: Database,
  plan: { members: number; writers: number },
): Promise<BackOffice> {
  const db = database.db;
  await db.insert(departments).values({
    name: 'Load Fire Department',
    domains: [DEPARTMENT_DOMAIN],
    // Approval would hold the orders out of the production sheet's pending ones; the allowance is what is measured.
    requiresApproval: false,
    allowanceCents: ALLOWANCE_CENTS,
    allowancePeriodStart: '01-01',
  });
  const members = await customers(db, 'load-member', plan.members, DEPARTMENT_DOMAIN);
  const writers = await customers(db, 'load-writer', plan.writers);
  return { memberCookies: await sessionsFor(db, members), writerCookies: await sessionsFor(db, writers) };
}
