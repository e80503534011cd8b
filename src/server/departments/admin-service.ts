import { asc, eq, ne } from 'drizzle-orm';
import { APPROVER_REQUIRED, type Department, type DepartmentBody, type DepartmentPatch } from '../../shared/admin';
import type { Db, Executor } from '../db/client';
import { departments, orders } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import type { DepartmentRow } from './service';

export const departmentDto = (d: DepartmentRow): Department => ({
  id: d.id,
  name: d.name,
  domains: d.domains,
  member_emails: d.memberEmails,
  approver_emails: d.approverEmails,
  requires_approval: d.requiresApproval,
  tax_exempt: d.taxExempt,
  created_at: d.createdAt.toISOString(),
});

export async function listDepartments(db: Executor): Promise<Department[]> {
  const rows = await db.select().from(departments).orderBy(asc(departments.name), asc(departments.id));
  return rows.map(departmentDto);
}

/** An address or domain in two departments would make membership depend on lookup order: refuse it. */
async function assertNoOverlap(
  db: Executor,
  body: Pick<DepartmentBody, 'domains' | 'member_emails'>,
  exceptId?: number,
) {
  const others = await db
    .select()
    .from(departments)
    .where(exceptId === undefined ? undefined : ne(departments.id, exceptId));
  for (const d of others) {
    const domain = body.domains.find((x) => d.domains.some((y) => y.toLowerCase().replace(/^@/, '') === x));
    if (domain) throw conflict(`The domain ${domain} already belongs to ${d.name}`, 'DEPARTMENT_OVERLAP');
    const member = body.member_emails.find((x) => d.memberEmails.some((y) => y.toLowerCase() === x));
    if (member) throw conflict(`${member} is already a member of ${d.name}`, 'DEPARTMENT_OVERLAP');
  }
}

export async function createDepartment(db: Db, body: DepartmentBody): Promise<Department> {
  return db.transaction(async (tx) => {
    await assertNoOverlap(tx, body);
    const [row] = await tx
      .insert(departments)
      .values({
        name: body.name,
        domains: body.domains,
        memberEmails: body.member_emails,
        approverEmails: body.approver_emails,
        requiresApproval: body.requires_approval,
        taxExempt: body.tax_exempt,
      })
      .returning();
    return departmentDto(row!);
  });
}

export async function updateDepartment(db: Db, id: number, patch: DepartmentPatch): Promise<Department> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(departments).where(eq(departments.id, id)).for('update');
    if (!current) throw notFound('Department not found');
    const merged = {
      domains: patch.domains ?? current.domains,
      member_emails: patch.member_emails ?? current.memberEmails,
      approver_emails: patch.approver_emails ?? current.approverEmails,
      requires_approval: patch.requires_approval ?? current.requiresApproval,
    };
    if (merged.requires_approval && merged.approver_emails.length === 0) {
      throw badRequest(APPROVER_REQUIRED, [{ field: 'approver_emails', message: APPROVER_REQUIRED }]);
    }
    await assertNoOverlap(tx, merged, id);
    const [row] = await tx
      .update(departments)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        domains: merged.domains,
        memberEmails: merged.member_emails,
        approverEmails: merged.approver_emails,
        requiresApproval: merged.requires_approval,
        ...(patch.tax_exempt !== undefined ? { taxExempt: patch.tax_exempt } : {}),
      })
      .where(eq(departments.id, id))
      .returning();
    return departmentDto(row!);
  });
}

export const DEPARTMENT_IN_USE =
  'This department has orders and cannot be deleted. Remove its domains and members instead so new orders no longer use it.';

/**
 * Orders keep a reference to the department that decided their approval and tax, so a department
 * with orders is never deleted (409); emptying its domains and members retires it without losing history.
 */
export async function deleteDepartment(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.id, id))
      .for('update');
    if (!current) throw notFound('Department not found');
    const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.departmentId, id)).limit(1);
    if (used) throw conflict(DEPARTMENT_IN_USE, 'DEPARTMENT_IN_USE');
    await tx.delete(departments).where(eq(departments.id, id));
  });
}
