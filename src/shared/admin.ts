import { z } from 'zod';
import { allowanceFields } from './allowances';
import { ROLES } from './constants';
import { departmentCatalogFields, REQUIRED_NOT_IN_CATALOG, requiredWithinCatalog } from './department-catalog';
import { coercedRowId, emailField, searchTextField } from './fields';
import { userSchema } from './user';

// Admin contracts (docs/architecture.md#the-api): user changes, the allowed-e-mail list, the sign-in policy, departments.
export const roleSchema = z.enum(ROLES, { error: 'Role must be admin, employee or other' });

export const userPatchSchema = z
  .object({
    role: roleSchema.optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.is_active !== undefined, 'Nothing to change: send role or is_active');
export type UserPatch = z.infer<typeof userPatchSchema>;

export const USERS_PAGE_DEFAULT = 50;
export const USERS_PAGE_MAX = 200;

/** An empty query value (a cleared filter) means no filter. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const usersQuerySchema = z.object({
  search: searchTextField(254),
  role: blankAsAbsent(roleSchema),
  /** Members of the department (by address or domain, as orders decide it). */
  department_id: blankAsAbsent(coercedRowId('Choose a department')),
  active: blankAsAbsent(z.enum(['true', 'false'], { error: 'Filter by active true or false' })),
  limit: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).default(USERS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

const DOMAIN_RE = /^@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

/** An allowed-list entry: a whole address, or '@domain' for everyone at that domain. */
export const allowedPatternField = z
  .string({ error: 'Enter an e-mail address or an @domain' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter an e-mail address or an @domain')
  .max(254, 'Email is too long')
  .refine(
    (v) => (v.startsWith('@') ? DOMAIN_RE.test(v) : emailField.safeParse(v).success),
    'Enter a valid e-mail address or an @domain such as @example.gov',
  );
export const allowedEmailBodySchema = z.object({ pattern: allowedPatternField });

export const signinPolicySchema = z.enum(['open', 'allowed_list'], {
  error: "Policy must be 'open' or 'allowed_list'",
});
export type SigninPolicy = z.infer<typeof signinPolicySchema>;
export const signinPolicyBodySchema = z.object({ policy: signinPolicySchema });

/** A department domain, stored without the leading '@'. */
const domainField = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ''))
  .refine((v) => DOMAIN_RE.test(`@${v}`), 'Enter valid domains such as example.gov');

const emailList = (message: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .refine((v) => emailField.safeParse(v).success, message),
    )
    .max(500);

const unique = <T>(list: T[]) => [...new Set(list)];

const departmentFields = {
  name: z
    .string({ error: 'Department name is required' })
    .trim()
    .min(1, 'Department name is required')
    .max(120, 'Department name must be less than 120 characters'),
  domains: z.array(domainField).max(50).transform(unique),
  member_emails: emailList('Member e-mails must be valid e-mail addresses').transform(unique),
  approver_emails: emailList('Approver e-mails must be valid e-mail addresses').transform(unique),
  requires_approval: z.boolean(),
  tax_exempt: z.boolean(),
  ...allowanceFields,
  monthly_statement: z.boolean(),
  ...departmentCatalogFields,
};

export const APPROVER_REQUIRED = 'Add at least one approver e-mail when approval is required';

export const departmentBodySchema = z
  .object({
    ...departmentFields,
    domains: departmentFields.domains.default([]),
    member_emails: departmentFields.member_emails.default([]),
    approver_emails: departmentFields.approver_emails.default([]),
    requires_approval: departmentFields.requires_approval.default(true),
    tax_exempt: departmentFields.tax_exempt.default(false),
    allowance_amount: departmentFields.allowance_amount.default(null),
    allowance_period_start: departmentFields.allowance_period_start.default('01-01'),
    approval_over_allowance: departmentFields.approval_over_allowance.default(false),
    monthly_statement: departmentFields.monthly_statement.default(false),
    product_ids: departmentFields.product_ids.default(null),
    required_product_ids: departmentFields.required_product_ids.default([]),
  })
  .refine((d) => !d.requires_approval || d.approver_emails.length > 0, {
    message: APPROVER_REQUIRED,
    path: ['approver_emails'],
  })
  .refine((d) => requiredWithinCatalog(d.product_ids, d.required_product_ids), {
    message: REQUIRED_NOT_IN_CATALOG,
    path: ['required_product_ids'],
  });
export type DepartmentBody = z.output<typeof departmentBodySchema>;

/** PATCH: only the fields sent change; the approver rule is checked on the merged result by the server. */
export const departmentPatchSchema = z.object({
  name: departmentFields.name.optional(),
  domains: departmentFields.domains.optional(),
  member_emails: departmentFields.member_emails.optional(),
  approver_emails: departmentFields.approver_emails.optional(),
  requires_approval: departmentFields.requires_approval.optional(),
  tax_exempt: departmentFields.tax_exempt.optional(),
  allowance_amount: departmentFields.allowance_amount.optional(),
  allowance_period_start: departmentFields.allowance_period_start.optional(),
  approval_over_allowance: departmentFields.approval_over_allowance.optional(),
  monthly_statement: departmentFields.monthly_statement.optional(),
  product_ids: departmentFields.product_ids.optional(),
  required_product_ids: departmentFields.required_product_ids.optional(),
});
export type DepartmentPatch = z.output<typeof departmentPatchSchema>;

export const departmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  domains: z.array(z.string()),
  member_emails: z.array(z.string()),
  approver_emails: z.array(z.string()),
  requires_approval: z.boolean(),
  tax_exempt: z.boolean(),
  /** Each member's allowance per period in dollars; null = none. */
  allowance_amount: z.number().nullable(),
  allowance_period_start: z.string(),
  approval_over_allowance: z.boolean(),
  /** The approvers get a monthly statement e-mail of the department's orders. */
  monthly_statement: z.boolean(),
  /** The products (garment + colour) members may buy; null = the whole catalogue. */
  product_ids: z.array(z.number()).nullable(),
  /** Products shown to members as required items of their uniform. */
  required_product_ids: z.array(z.number()),
  created_at: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

export const allowedEmailSchema = z.object({ id: z.number(), pattern: z.string(), created_at: z.string() });

// Answers of the admin endpoints.
/** A user as the admin list shows them: the user and their last sign-in. */
export const adminUserSchema = userSchema.extend({
  last_login_at: z.string().nullable(),
  /** The department the address belongs to, if any. */
  department_name: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const usersAnswer = z.object({ success: z.literal(true), users: z.array(adminUserSchema), total: z.number() });
export const adminUserAnswer = z.object({ success: z.literal(true), user: adminUserSchema });
export const allowedEmailsAnswer = z.object({ success: z.literal(true), entries: z.array(allowedEmailSchema) });
export const allowedEmailAnswer = z.object({ success: z.literal(true), entry: allowedEmailSchema });
export const signinPolicyAnswer = z.object({ success: z.literal(true), policy: signinPolicySchema });
export const departmentsAnswer = z.object({ success: z.literal(true), departments: z.array(departmentSchema) });
export const departmentAnswer = z.object({ success: z.literal(true), department: departmentSchema });
