import { asc, eq } from 'drizzle-orm';
import { toDollars } from '../../shared/money';
import { shopDay } from '../../shared/time';
import { STATEMENT_PAYMENTS_DAYS, type Statement } from '../../shared/payments';
import type { Executor } from '../db/client';
import { departments } from '../db/schema';
import { notFound } from '../http/errors';
import { allocationSummaries } from './allocations';
import { openOrderDto, openOrders } from './open-orders';

/** GET /payments/admin/statements/:id: what a department owes on account, oldest order first. */
export async function departmentStatement(db: Executor, departmentId: number, now = new Date()): Promise<Statement> {
  const [department] = await db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.id, departmentId));
  if (!department) throw notFound('Department not found');
  // Received in the window, by the day the money came (an allocation recorded later is still dated by it).
  const since = shopDay(new Date(now.getTime() - STATEMENT_PAYMENTS_DAYS * 24 * 3600 * 1000));
  const [owing, received] = await Promise.all([
    openOrders(db, { kind: 'department', id: departmentId }),
    allocationSummaries(db, { departmentId, since }),
  ]);
  const outstanding = owing.reduce((sum, o) => sum + o.account.balanceCents, 0);
  return {
    department,
    issued_at: now.toISOString(),
    orders: owing.map(openOrderDto),
    outstanding: toDollars(outstanding),
    payments_received: received,
  };
}

/** GET /payments/admin/statements: every department with what it owes on account, to choose a statement. */
export async function statementDepartments(db: Executor) {
  const [all, owing] = await Promise.all([
    db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .orderBy(asc(departments.name), asc(departments.id)),
    openOrders(db),
  ]);
  return all.map((d) => {
    const mine = owing.filter((o) => o.departmentId === d.id);
    return {
      id: d.id,
      name: d.name,
      order_count: mine.length,
      outstanding: toDollars(mine.reduce((s, o) => s + o.account.balanceCents, 0)),
    };
  });
}
