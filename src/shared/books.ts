import { z } from 'zod';

// The books an accountant accepts (docs/product.md#the-books): money counted on the day it moved (the cash-up), sales
// tax per month, open balances by age, and the accounting export. Dollars with two decimals at the edge.

export const BOOK_KINDS = ['money', 'tax', 'ageing'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

export const BOOK_TITLES: Record<BookKind, string> = {
  money: 'Money in and out by day (cash-up)',
  tax: 'Sales tax by month',
  ageing: 'Open balances by age',
};

/** The ledger row kind the cash-up shows for credits: they lower what an order owes and move no money. */
export const CREDIT_ROW = 'credit';
export const CREDIT_ROW_LABEL = 'Credits (no money moved)';

/** One day and one way money moved: what came in, what went back, the net for the till. */
export const moneyRowSchema = z.object({
  day: z.string(),
  /** A ledger method (cash, check, card_terminal, stripe, department_check, other), or "credit". */
  method: z.string(),
  method_label: z.string(),
  entries: z.number(),
  payments: z.number(),
  refunds: z.number(),
  net: z.number(),
  credits: z.number(),
});
export type MoneyRow = z.infer<typeof moneyRowSchema>;
const moneySums = moneyRowSchema.omit({ day: true, method: true, method_label: true });

export const moneyReportSchema = z.object({
  kind: z.literal('money'),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  /** One row per day and method with any ledger entry, in day order then method. */
  rows: z.array(moneyRowSchema),
  /** The range per method: the till's count for the whole range. */
  methods: z.array(moneyRowSchema.omit({ day: true })),
  total: moneySums,
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;

/** One month of sales tax: sales as placed (accepted orders), split into taxable and exempt, and the tax charged. */
export const taxRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  orders: z.number(),
  /** Merchandise (the lines) plus any discounts and fees, less the allowance: what the customer was charged for goods. */
  sales: z.number(),
  taxable: z.number(),
  exempt: z.number(),
  tax: z.number(),
  shipping: z.number(),
});
export type TaxRow = z.infer<typeof taxRowSchema>;

export const taxReportSchema = z.object({
  kind: z.literal('tax'),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(taxRowSchema),
  /** The exempt sales per department that holds the exemption, named. */
  exempt_departments: z.array(
    z.object({ department_id: z.number(), name: z.string(), orders: z.number(), exempt: z.number() }),
  ),
  total: taxRowSchema,
});
export type TaxReport = z.infer<typeof taxReportSchema>;

export const AGE_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  current: 'Current',
  days_1_30: '1-30 days',
  days_31_60: '31-60 days',
  days_61_90: '61-90 days',
  over_90: 'Over 90 days',
};

/** Days past the due date into its bucket: not yet past due is current. */
export function ageBucket(daysPastDue: number): AgeBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days_1_30';
  if (daysPastDue <= 60) return 'days_31_60';
  if (daysPastDue <= 90) return 'days_61_90';
  return 'over_90';
}

const bucketSums = z.object({
  current: z.number(),
  days_1_30: z.number(),
  days_31_60: z.number(),
  days_61_90: z.number(),
  over_90: z.number(),
  total: z.number(),
});
export type BucketSums = z.infer<typeof bucketSums>;

export const ageingOrderSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  customer_id: z.number(),
  customer: z.string(),
  email: z.string(),
  department_id: z.number().nullable(),
  department: z.string().nullable(),
  placed: z.string(),
  due_date: z.string(),
  days_past_due: z.number(),
  bucket: z.enum(AGE_BUCKETS),
  balance: z.number(),
});
export type AgeingOrder = z.infer<typeof ageingOrderSchema>;

export const ageingReportSchema = z.object({
  kind: z.literal('ageing'),
  title: z.string(),
  /** The shop day the ages are counted to (today). */
  as_of: z.string(),
  orders: z.array(ageingOrderSchema),
  customers: z.array(
    bucketSums.extend({ customer_id: z.number(), customer: z.string(), email: z.string(), orders: z.number() }),
  ),
  departments: z.array(
    bucketSums.extend({ department_id: z.number().nullable(), department: z.string(), orders: z.number() }),
  ),
  total: bucketSums,
});
export type AgeingReport = z.infer<typeof ageingReportSchema>;

export const moneyReportAnswer = z.object({ success: z.literal(true), report: moneyReportSchema });
export const taxReportAnswer = z.object({ success: z.literal(true), report: taxReportSchema });
export const ageingReportAnswer = z.object({ success: z.literal(true), report: ageingReportSchema });

/** The accounting export's two files: invoices (sales as placed) and the money and credits against them. */
export const ACCOUNTING_FILES = ['invoices', 'payments'] as const;
export type AccountingFile = (typeof ACCOUNTING_FILES)[number];

/** Column names as Xero's sales-invoice import spells them; QuickBooks Online maps each by name on import. */
export const INVOICE_CSV_COLUMNS = [
  'ContactName',
  'EmailAddress',
  'InvoiceNumber',
  'Reference',
  'InvoiceDate',
  'DueDate',
  'Description',
  'Quantity',
  'UnitAmount',
  'LineAmount',
  'AccountCode',
  'TaxType',
  'TaxAmount',
  'Currency',
] as const;

/** Date, Amount, Payee, Description, Reference: the bank-statement columns both Xero and QuickBooks Online read. */
export const PAYMENT_CSV_COLUMNS = [
  'Date',
  'Amount',
  'Payee',
  'Description',
  'Reference',
  'InvoiceNumber',
  'Kind',
  'Method',
  'Account',
] as const;

/** The default account codes of the export (Xero's standard chart; change them in the importer's mapping). */
export const ACCOUNT_CODES = { sales: '200', shipping: '200', allowance: '200', adjustments: '200' } as const;
export const TAX_TYPES = { taxed: 'Tax on Sales', exempt: 'Tax Exempt', none: 'No Tax' } as const;
