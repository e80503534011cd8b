import { z } from 'zod';

// Department allowances (docs/product.md#allowances): an amount per member per yearly period starting on a month and day.
export const ALLOWANCE_MAX = 100_000;

const allowanceAmount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .refine((v) => Number.isFinite(v) && v >= 0, `${label} cannot be negative`)
    .refine((v) => v <= ALLOWANCE_MAX, `${label} must be at most $${ALLOWANCE_MAX.toLocaleString('en-US')}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} must be in whole cents`);

export const allowanceAmountField = allowanceAmount('Allowance').nullable();

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const PERIOD_START_INVALID = 'Enter the period start as MM-DD, a real day such as 07-01';

/** 'MM-DD' of a real calendar day. February 29 is refused: a period must start every year. */
export const periodStartField = z
  .string({ error: PERIOD_START_INVALID })
  .trim()
  .refine((v) => {
    const m = /^(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const month = Number(m[1]);
    const day = Number(m[2]);
    if (month < 1 || month > 12 || day < 1) return false;
    return day <= (month === 2 ? 28 : DAYS_IN_MONTH[month - 1]!);
  }, PERIOD_START_INVALID);

export const allowanceFields = {
  allowance_amount: allowanceAmountField,
  allowance_period_start: periodStartField,
  approval_over_allowance: z.boolean({ error: 'approval_over_allowance must be true or false' }),
};

/** PUT /departments/:id/allowances/:userId: one member's amount in place of the department's; null removes it. */
export const allowanceOverrideBodySchema = z.object({ amount: allowanceAmount('Amount').nullable() });

export const allowanceOverrideSchema = z.object({
  user_id: z.number(),
  email: z.string(),
  amount: z.number(),
});
export type AllowanceOverride = z.infer<typeof allowanceOverrideSchema>;
export const allowanceOverridesAnswer = z.object({
  success: z.literal(true),
  overrides: z.array(allowanceOverrideSchema),
});

/** GET /users/me/allowance: the member's balance in the current period, or null without an allowance. */
export const myAllowanceSchema = z.object({
  amount: z.number(),
  used: z.number(),
  remaining: z.number(),
  /** First and last day of the period, 'YYYY-MM-DD' in the shop's time zone. */
  period_start: z.string(),
  period_end: z.string(),
  department: z.string(),
});
export type MyAllowance = z.infer<typeof myAllowanceSchema>;
export const myAllowanceAnswer = z.object({ success: z.literal(true), allowance: myAllowanceSchema.nullable() });

export const ALLOWANCE_CHANGED =
  'Your allowance balance changed while you were checking out. Review the new total and place the order again.';
export const OVERRIDE_NOT_MEMBER = 'This user is not a member of the department';
