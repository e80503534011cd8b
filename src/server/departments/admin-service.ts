import { asc, eq, inArray, ne } from 'drizzle-orm';
import { APPROVER_REQUIRED, type Department, type DepartmentBody, type DepartmentPatch } from '../../shared/admin';
import { REQUIRED_NOT_IN_CATALOG, requiredWithinCatalog, unknownProducts } from '../../shared/department-catalog';
import { toCents, toDollars } from '../../shared/money';
import type { Db, Executor } from '../db/client';
import { departments, orders, products } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import type { DepartmentRow } from './service';
import { departmentsChanged } from './changes';

export const departmentDto = (d: DepartmentRow): Department => ({
  id: d.id,
  name: d.name,
  domains: d.domains,
  member_emails: d.memberEmails,
  approver_emails: d.approverEmails,
  requires_approval: d.requiresApproval,
  tax_exempt: d.taxExempt,
  allowance_amount: d.allowanceCents === null ? null : toDollars(d.allowanceCents),
  allowance_period_start: d.allowancePeriodStart,
  approval_over_allowance: d.approvalOverAllowance,
  monthly_statement: d.monthlyStatement,
  product_ids: d.productIds,
  required_product_ids: d.requiredProductIds,
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

/** Ids that name no product are refused (400 naming the field) so a typo never silently empties a catalogue. */
async function assertCatalog(db: Executor, productIds: number[] | null, required: number[]) {
  const named = [...new Set([...(productIds ?? []), ...required])];
  if (named.length) {
    const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, named));
    const known = new Set(found.map((r) => r.id));
    for (const [field, list] of [
      ['product_ids', productIds ?? []],
      ['required_product_ids', required],
    ] as const) {
      const unknown = list.filter((id) => !known.has(id));
      if (unknown.length) throw badRequest(unknownProducts(unknown), [{ field, message: unknownProducts(unknown) }]);
    }
  }
  if (!requiredWithinCatalog(productIds, required))
    throw badRequest(REQUIRED_NOT_IN_CATALOG, [{ field: 'required_product_ids', message: REQUIRED_NOT_IN_CATALOG }]);
}

export async function createDepartment(db: Db, body: DepartmentBody): Promise<Department> {
  const made = await db.transaction(async (tx) => {
    await assertNoOverlap(tx, body);
    await assertCatalog(tx, body.product_ids, body.required_product_ids);
    const [row] = await tx
      .insert(departments)
      .values({
        name: body.name,
        domains: body.domains,
        memberEmails: body.member_emails,
        approverEmails: body.approver_emails,
        requiresApproval: body.requires_approval,
        taxExempt: body.tax_exempt,
        allowanceCents: body.allowance_amount === null ? null : toCents(body.allowance_amount),
        allowancePeriodStart: body.allowance_period_start,
        approvalOverAllowance: body.approval_over_allowance,
        monthlyStatement: body.monthly_statement,
        productIds: body.product_ids,
        requiredProductIds: body.required_product_ids,
      })
      .returning();
    return departmentDto(row!);
  });
  // After the commit, so no rebuild in between reads the old membership and catalogues.
  departmentsChanged(db);
  return made;
}

export async function updateDepartment(db: Db, id: number, patch: DepartmentPatch): Promise<Department> {
  const updated = await db.transaction(async (tx) => {
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
    const productIds = patch.product_ids !== undefined ? patch.product_ids : current.productIds;
    const required = patch.required_product_ids ?? current.requiredProductIds;
    await assertCatalog(tx, productIds, required);
    const [row] = await tx
      .update(departments)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        domains: merged.domains,
        memberEmails: merged.member_emails,
        approverEmails: merged.approver_emails,
        requiresApproval: merged.requires_approval,
        ...(patch.tax_exempt !== undefined ? { taxExempt: patch.tax_exempt } : {}),
        ...(patch.allowance_amount !== undefined
          ? { allowanceCents: patch.allowance_amount === null ? null : toCents(patch.allowance_amount) }
          : {}),
        ...(patch.allowance_period_start !== undefined ? { allowancePeriodStart: patch.allowance_period_start } : {}),
        ...(patch.approval_over_allowance !== undefined
          ? { approvalOverAllowance: patch.approval_over_allowance }
          : {}),
        ...(patch.monthly_statement !== undefined ? { monthlyStatement: patch.monthly_statement } : {}),
        productIds,
        requiredProductIds: required,
      })
      .where(eq(departments.id, id))
      .returning();
    return departmentDto(row!);
  });
  departmentsChanged(db);
  return updated;
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
  departmentsChanged(db);
}
