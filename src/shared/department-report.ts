import { z } from 'zod';

// Department reports (docs/product.md#department-reports): spend per member and per month over the current period, and
// each member's allowance used and remaining.

export const departmentReportSchema = z.object({
  department: z.object({ id: z.number(), name: z.string() }),
  /** Shop calendar days: the first day of the period and the first day of the next one. */
  period: z.object({ start: z.string(), end: z.string() }),
  members: z.array(
    z.object({
      user_id: z.number(),
      email: z.string(),
      name: z.string().nullable(),
      orders: z.number(),
      spend: z.number(),
      /** The member's allowance for the period (the department's amount or their own), null without one. */
      allowance: z.number().nullable(),
      /** From the allowance ledger: uses less returns, including orders still waiting for approval. */
      allowance_used: z.number().nullable(),
      allowance_remaining: z.number().nullable(),
    }),
  ),
  /** Every month of the period, "2026-03", in order; months without orders carry zeros. */
  months: z.array(z.object({ month: z.string(), orders: z.number(), spend: z.number() })),
  total: z.object({ orders: z.number(), spend: z.number() }),
});
export type DepartmentReport = z.infer<typeof departmentReportSchema>;
export const departmentReportAnswer = z.object({ success: z.literal(true), report: departmentReportSchema });

/** POST /departments/:id/statement: `again` sends a month already sent by hand once more. */
export const statementSendBodySchema = z.object({
  again: z.boolean({ error: 'again must be true or false' }).optional(),
});
export const statementSentSchema = z.object({
  /** The shop month sent so far, "2026-03". */
  month: z.string(),
  recipients: z.array(z.string()),
  orders: z.number(),
  sent_at: z.string(),
});
export type StatementSent = z.infer<typeof statementSentSchema>;
export const statementSentAnswer = z.object({ success: z.literal(true), statement: statementSentSchema });
