import { z } from 'zod';
import { shopDayField, shopDayRange } from './shop-days';

// The owner's reports (docs/product.md#reports): sales over a range of shop days, grouped one way per report.

export const REPORT_KINDS = ['day', 'week', 'month', 'product', 'decoration', 'department', 'allowance'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TITLES: Record<ReportKind, string> = {
  day: 'Sales by day',
  week: 'Sales by week',
  month: 'Sales by month',
  product: 'Sales by product',
  decoration: 'Sales by decoration',
  department: 'Sales by department',
  allowance: 'Allowance spend by department',
};

/** A report covers at most five years (to before the same day five years on): longer is refused, not cut. */
export const REPORT_MAX_YEARS = 5;
export const REPORT_RANGE_TOO_LONG = `A report covers at most ${REPORT_MAX_YEARS} years`;
export const REPORT_DATES_REQUIRED = 'Choose a start and an end date';

export const reportKindParams = z.object({
  kind: z.enum(REPORT_KINDS, { error: `Choose one of the reports: ${REPORT_KINDS.join(', ')}` }),
});

/** Shop days (America/Phoenix), both inclusive. */
export const reportQuerySchema = z
  .object({ from: shopDayField, to: shopDayField })
  .superRefine((v, ctx) => {
    if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_DATES_REQUIRED });
    if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_DATES_REQUIRED });
    shopDayRange({ years: REPORT_MAX_YEARS, message: REPORT_RANGE_TOO_LONG })(v, ctx);
  })
  .transform((v) => ({ from: v.from as string, to: v.to as string }));
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/**
 * One row of any report; the fields a report does not show are null. `amount` is the report's main figure (the one
 * the chart draws): sales for the sales reports, merchandise for products, decoration sales for decorations and the
 * allowance spent for allowances.
 */
export const reportRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Orders counted; null for products and decorations, whose rows count garments (distinct orders cost too much at scale). */
  orders: z.number().nullable(),
  units: z.number().nullable(),
  amount: z.number(),
  credits: z.number().nullable(),
  net: z.number().nullable(),
  refunds: z.number().nullable(),
  average: z.number().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(reportRowSchema),
  total: reportRowSchema,
});
export type Report = z.infer<typeof reportSchema>;
export const reportAnswer = z.object({ success: z.literal(true), report: reportSchema });

export type ReportField = Exclude<keyof ReportRow, 'key' | 'label'>;
export type ReportColumn = { field: ReportField; heading: string; money: boolean };

const col = (field: ReportField, heading: string, money = true): ReportColumn => ({ field, heading, money });
const SALES_COLUMNS = [
  col('orders', 'Orders', false),
  col('amount', 'Sales'),
  col('credits', 'Credits'),
  col('net', 'Net sales'),
  col('refunds', 'Refunded'),
  col('average', 'Average order'),
];

/** The columns each report shows, on screen and in its CSV, after the row's label. */
export const REPORT_COLUMNS: Record<ReportKind, { label: string; columns: ReportColumn[] }> = {
  day: { label: 'Day', columns: SALES_COLUMNS },
  week: { label: 'Week of', columns: SALES_COLUMNS },
  month: { label: 'Month', columns: SALES_COLUMNS },
  department: { label: 'Department', columns: SALES_COLUMNS },
  product: {
    label: 'Product',
    columns: [col('units', 'Units', false), col('amount', 'Merchandise')],
  },
  decoration: {
    label: 'Decoration',
    columns: [col('units', 'Garments', false), col('amount', 'Decoration sales')],
  },
  allowance: {
    label: 'Department',
    columns: [col('orders', 'Orders', false), col('amount', 'Allowance spent')],
  },
};
