import { and, desc, eq } from 'drizzle-orm';
import type { StatementSent } from '../../shared/department-report';
import { formatShopDate, shopDay } from '../../shared/time';
import type { Db } from '../db/client';
import { departments, departmentStatementSends } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { approverLanguages } from '../orders';
import { monthName, statementMail, statementOrders } from './monthly-statements';

export const NO_APPROVERS = 'Add an approver e-mail first: the statement goes to the approvers';

/**
 * POST /departments/:id/statement: an admin sends the approvers this month's statement so far, one e-mail each.
 * Recorded per department and month; a second send of the same month answers 409 naming the first unless the admin
 * asks again on purpose (`again`). The department row is locked so two presses at once cannot both send.
 */
export async function sendStatementNow(
  db: Db,
  departmentId: number,
  by: { id: number },
  again: boolean,
  now = new Date(),
): Promise<StatementSent> {
  const month = shopDay(now).slice(0, 7);
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(departments).where(eq(departments.id, departmentId)).for('update');
    if (!d) throw notFound('Department not found');
    if (d.approverEmails.length === 0) {
      throw badRequest(NO_APPROVERS, [{ field: 'approver_emails', message: NO_APPROVERS }]);
    }
    const [earlier] = await tx
      .select({ at: departmentStatementSends.createdAt })
      .from(departmentStatementSends)
      .where(and(eq(departmentStatementSends.departmentId, d.id), eq(departmentStatementSends.month, month)))
      .orderBy(desc(departmentStatementSends.createdAt))
      .limit(1);
    if (earlier && !again) {
      throw new AppError(
        409,
        'STATEMENT_ALREADY_SENT',
        `The statement of ${monthName(month)} was already sent on ${formatShopDate(earlier.at)}. Send it again?`,
      );
    }
    const list = await statementOrders(tx, d.id, month);
    const languages = await approverLanguages(tx, d.approverEmails);
    await enqueueMail(
      tx,
      d.approverEmails.map((to) => statementMail(d.name, month, list, to, true, languages.get(to))),
    );
    const [row] = await tx
      .insert(departmentStatementSends)
      .values({ departmentId: d.id, month, sentBy: by.id, recipients: d.approverEmails.length })
      .returning({ at: departmentStatementSends.createdAt });
    return { month, recipients: d.approverEmails, orders: list.length, sent_at: row!.at.toISOString() };
  });
}
