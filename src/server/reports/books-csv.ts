import { sql } from 'drizzle-orm';
import {
  ACCOUNT_CODES,
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  INVOICE_CSV_COLUMNS,
  PAYMENT_CSV_COLUMNS,
  TAX_TYPES,
  type AccountingFile,
  type AgeingReport,
  type MoneyReport,
  type TaxReport,
} from '../../shared/books';
import { csvRow as line, dollarsText } from '../../shared/csv';
import { toCents } from '../../shared/money';
import { SALE_STATUSES } from '../../shared/order-statuses';
import { LEDGER_METHOD_LABELS, type LedgerMethod } from '../../shared/payments';
import type { ReportQuery } from '../../shared/reports';
import { SHOP_TIME_ZONE, shopDayStart } from '../../shared/time';
import type { Executor } from '../db/client';
import { selectRows } from '../db/rows';
import { customerName } from '../orders';

// The books as CSV (RFC 4180, UTF-8 with BOM, CRLF, like every export): each file's rows add up to its Total row.

const BOM = '\uFEFF';
const $ = (dollars: number) => dollarsText(toCents(dollars));

export function moneyCsv(r: MoneyReport): string {
  return [
    BOM,
    line([r.title, `${r.from} to ${r.to}`]),
    line(['Day', 'Method', 'Entries', 'Payments', 'Refunds', 'Net', 'Credits']),
    ...r.rows.map((x) => line([x.day, x.method_label, x.entries, $(x.payments), $(x.refunds), $(x.net), $(x.credits)])),
    line(['Total', null, r.total.entries, $(r.total.payments), $(r.total.refunds), $(r.total.net), $(r.total.credits)]),
    '\r\n',
    line(['By method', 'Method', 'Entries', 'Payments', 'Refunds', 'Net', 'Credits']),
    ...r.methods.map((x) =>
      line([`${r.from} to ${r.to}`, x.method_label, x.entries, $(x.payments), $(x.refunds), $(x.net), $(x.credits)]),
    ),
  ].join('');
}

export function taxCsv(r: TaxReport): string {
  const cells = (x: TaxReport['total']) => [
    x.label,
    x.orders,
    $(x.sales),
    $(x.taxable),
    $(x.exempt),
    $(x.tax),
    $(x.shipping),
  ];
  return [
    BOM,
    line([r.title, `${r.from} to ${r.to}`]),
    line(['Month', 'Orders', 'Sales', 'Taxable sales', 'Exempt sales', 'Tax collected', 'Shipping']),
    ...r.rows.map((x) => line(cells(x))),
    line(cells(r.total)),
    '\r\n',
    line(['Exempt department', 'Orders', 'Exempt sales']),
    ...r.exempt_departments.map((d) => line([d.name, d.orders, $(d.exempt)])),
  ].join('');
}

export function ageingCsv(r: AgeingReport): string {
  const buckets = (o: { bucket: string; balance: number }) =>
    AGE_BUCKETS.map((b) => (o.bucket === b ? $(o.balance) : '0.00'));
  return [
    BOM,
    line([r.title, `as of ${r.as_of}`]),
    line([
      'Customer',
      'Email',
      'Department',
      'Order',
      'Placed',
      'Due',
      'Days past due',
      ...AGE_BUCKETS.map((b) => AGE_BUCKET_LABELS[b]),
      'Balance',
    ]),
    ...r.orders.map((o) =>
      line([
        o.customer,
        o.email,
        o.department,
        o.order_number,
        o.placed,
        o.due_date,
        o.days_past_due,
        ...buckets(o),
        $(o.balance),
      ]),
    ),
    line(['Total', null, null, null, null, null, null, ...AGE_BUCKETS.map((b) => $(r.total[b])), $(r.total.total)]),
  ].join('');
}

export const booksFilename = (kind: string, from: string, to: string) => `${kind}-${from}-to-${to}.csv`;

type Num = string | number | bigint | null;
const n = (v: Num) => (v === null ? 0 : Number(v));
const DAY_MS = 86_400_000;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const between = (column: string, { from, to }: ReportQuery) =>
  sql`${sql.raw(column)} >= ${shopDayStart(from).toISOString()}::timestamptz
    and ${sql.raw(column)} < ${shopDayStart(dayAfter(to)).toISOString()}::timestamptz`;
const localDay = (column: string) => sql.raw(`to_char(${column} at time zone '${SHOP_TIME_ZONE}', 'YYYY-MM-DD')`);

/** Adjustments printed as the tax column, not as lines of their own. */
const TAX_KINDS = new Set(['tax', 'tax_exemption']);

/**
 * Invoices: one per order the shop accepted, placed in the period, dated its placement day and due on its due date.
 * Its lines are the merchandise (carrying the order's tax), then each priced adjustment (shipping, allowance,
 * discounts, fees) by its own label, so the lines and the tax add up to the order's total.
 */
async function invoicesCsv(db: Executor, q: ReportQuery): Promise<string> {
  const statuses = sql.join(
    SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await selectRows<{
    order_number: string;
    po_number: string | null;
    day: string;
    due_date: string;
    subtotal_cents: number;
    tax_cents: number;
    tax_exempt_reason: string | null;
    adjustments: { kind: string; label: string; amountCents: number }[];
    items: Num;
    email: string;
    first_name: string | null;
    last_name: string | null;
  }>(
    db,
    sql`select o.order_number, o.po_number, ${localDay('o.created_at')} as day, o.due_date::text as due_date,
        o.subtotal_cents, o.tax_cents, o.tax_exempt_reason, o.adjustments,
        (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id) as items,
        u.email, u.first_name, u.last_name
      from orders o join users u on u.id = o.user_id
      where ${between('o.created_at', q)} and o.status in (${statuses})
      order by o.created_at, o.id`,
  );
  const out = [BOM, line([...INVOICE_CSV_COLUMNS])];
  for (const o of rows) {
    const contact = customerName({ email: o.email, first_name: o.first_name, last_name: o.last_name });
    const taxType = o.tax_exempt_reason ? TAX_TYPES.exempt : TAX_TYPES.taxed;
    const head = [contact, o.email, o.order_number, o.po_number, o.day, o.due_date];
    const item = (description: string, cents: number, account: string, type: string, taxCents: number) =>
      line([
        ...head,
        description,
        1,
        dollarsText(cents),
        dollarsText(cents),
        account,
        type,
        dollarsText(taxCents),
        'USD',
      ]);
    const items = n(o.items);
    out.push(
      item(
        `Merchandise (${items} ${items === 1 ? 'item' : 'items'})`,
        o.subtotal_cents,
        ACCOUNT_CODES.sales,
        taxType,
        o.tax_cents,
      ),
    );
    for (const a of o.adjustments) {
      if (TAX_KINDS.has(a.kind) || a.amountCents === 0) continue;
      const account =
        a.kind === 'shipping'
          ? ACCOUNT_CODES.shipping
          : a.kind === 'allowance'
            ? ACCOUNT_CODES.allowance
            : ACCOUNT_CODES.adjustments;
      out.push(item(a.label, a.amountCents, account, TAX_TYPES.none, 0));
    }
  }
  return out.join('');
}

const KIND_WORDS = { payment: 'Payment', refund: 'Refund', credit: 'Credit note' } as const;
/** Where each way of paying lands in the books: money taken at the counter waits to be banked; Stripe pays out. */
const accountFor = (kind: string, method: string) =>
  kind === 'credit' ? 'Sales adjustments' : method === 'stripe' ? 'Stripe clearing' : 'Undeposited funds';

/**
 * Payments, refunds and credits dated in the period (the ledger's own dates, whatever became of the order), signed
 * as a bank statement reads them: money in positive, money back and credits negative.
 */
async function paymentsCsv(db: Executor, q: ReportQuery): Promise<string> {
  const rows = await selectRows<{
    day: string;
    kind: 'payment' | 'refund' | 'credit';
    method: string;
    amount_cents: number;
    reference: string | null;
    reason: string | null;
    order_number: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
  }>(
    db,
    sql`select ${localDay('p.created_at')} as day, p.kind, p.method, p.amount_cents, p.reference, p.reason,
        o.order_number, u.email, u.first_name, u.last_name
      from payments p join orders o on o.id = p.order_id join users u on u.id = o.user_id
      where ${between('p.created_at', q)}
      order by p.created_at, p.id`,
  );
  const out = [BOM, line([...PAYMENT_CSV_COLUMNS])];
  for (const p of rows) {
    const how = p.kind === 'credit' ? 'no money moved' : LEDGER_METHOD_LABELS[p.method as LedgerMethod];
    const signed = p.kind === 'payment' ? p.amount_cents : -p.amount_cents;
    out.push(
      line([
        p.day,
        dollarsText(signed),
        customerName({ email: p.email, first_name: p.first_name, last_name: p.last_name }),
        `${KIND_WORDS[p.kind]} for order ${p.order_number} (${how})${p.reason ? `: ${p.reason}` : ''}`,
        p.reference,
        p.order_number,
        KIND_WORDS[p.kind],
        p.kind === 'credit' ? null : LEDGER_METHOD_LABELS[p.method as LedgerMethod],
        accountFor(p.kind, p.method),
      ]),
    );
  }
  return out.join('');
}

export async function accountingCsv(db: Executor, file: AccountingFile, q: ReportQuery): Promise<string> {
  return file === 'invoices' ? invoicesCsv(db, q) : paymentsCsv(db, q);
}

export const accountingFilename = (file: AccountingFile, q: ReportQuery) =>
  `accounting-${file}-${q.from}-to-${q.to}.csv`;
