import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import {
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  type AgeingReport,
  type BookKind,
  type BucketSums,
  type MoneyReport,
  type MoneyRow,
  type TaxReport,
  type TaxRow,
} from '@shared/books';
import { API_BASE } from '@shared/constants';
import { formatUsd } from '@shared/money';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { buttonClasses, Card, Table, type Column } from '@web/components/ui';
import { apiGet, errorText } from '@web/lib/api';
import { readableDay } from './report-labels';
import { reportQueryString, type ReportRange } from './reports-api';

const num = 'text-right tabular-nums';
function moneyColumn<Row>(key: string, header: string, value: (r: Row) => number): Column<Row> {
  return { key, header, label: header, className: num, cell: (r) => formatUsd(value(r)) };
}

/** Only the book on screen is fetched; the last one stays while the next loads. */
const bookQuery = (kind: BookKind, shown: BookKind, range: ReportRange) =>
  ({
    queryKey: ['book', kind, kind === 'ageing' ? '' : range.from, kind === 'ageing' ? '' : range.to],
    placeholderData: keepPreviousData,
    enabled: kind === shown,
    retry: false,
  }) as const;

const useMoney = (shown: BookKind, range: ReportRange) =>
  useQuery({
    ...bookQuery('money', shown, range),
    queryFn: () => apiGet('/reports/money', { query: range }).then((r) => r.report),
  });
const useTax = (shown: BookKind, range: ReportRange) =>
  useQuery({
    ...bookQuery('tax', shown, range),
    queryFn: () => apiGet('/reports/tax', { query: range }).then((r) => r.report),
  });
const useAgeing = (shown: BookKind, range: ReportRange) =>
  useQuery({
    ...bookQuery('ageing', shown, range),
    queryFn: () => apiGet('/reports/ageing').then((r) => r.report),
  });

function CsvLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} download className={buttonClasses({ variant: 'secondary' })}>
      <Download className="h-4 w-4" aria-hidden />
      {children}
    </a>
  );
}

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4" data-testid="book-total">
      {items.map(([label, value]) => (
        <Card padding="sm" key={label}>
          <dt className="text-xs text-gray-400">{label}</dt>
          <dd className="text-xl font-semibold text-white tabular-nums">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

const MONEY_COLUMNS: Column<MoneyRow>[] = [
  { key: 'day', header: 'Day', label: 'Day', cell: (r) => (r.day ? readableDay(r.day) : <strong>Total</strong>) },
  { key: 'method', header: 'Method', label: 'Method', cell: (r) => r.method_label },
  { key: 'entries', header: 'Entries', label: 'Entries', className: num, cell: (r) => r.entries },
  moneyColumn('payments', 'Payments', (r) => r.payments),
  moneyColumn('refunds', 'Refunds', (r) => r.refunds),
  moneyColumn('net', 'Net', (r) => r.net),
  moneyColumn('credits', 'Credits', (r) => r.credits),
];

function MoneyBook({ report: r }: { report: MoneyReport }) {
  return (
    <div className="space-y-4">
      <Figures
        items={[
          ['Payments', formatUsd(r.total.payments)],
          ['Refunds', formatUsd(r.total.refunds)],
          ['Net taken', formatUsd(r.total.net)],
          ['Credits', formatUsd(r.total.credits)],
        ]}
      />
      <h2 className="text-lg font-semibold text-gray-100">By method, {rangeWords(r)}</h2>
      <Table
        caption={`By method, ${rangeWords(r)}`}
        captionHidden
        columns={MONEY_COLUMNS.slice(1)}
        rows={r.methods.map((m) => ({ ...m, day: '' }))}
        rowKey={(m) => m.method}
        stackOnPhone
        empty={<p className="text-sm text-gray-400">No money moved in this range.</p>}
      />
      <h2 className="text-lg font-semibold text-gray-100">By day and method</h2>
      <Table
        caption={`${r.title}, ${rangeWords(r)}`}
        captionHidden
        columns={MONEY_COLUMNS}
        rows={[...r.rows, { ...r.total, day: '', method: 'total', method_label: '' }]}
        rowKey={(x) => `${x.day}|${x.method}`}
        stackOnPhone
      />
    </div>
  );
}

const TAX_COLUMNS: Column<TaxRow>[] = [
  {
    key: 'label',
    header: 'Month',
    label: 'Month',
    cell: (r) => (r.key === 'total' ? <strong>Total</strong> : r.label),
  },
  { key: 'orders', header: 'Orders', label: 'Orders', className: num, cell: (r) => r.orders },
  moneyColumn('sales', 'Sales', (r) => r.sales),
  moneyColumn('taxable', 'Taxable sales', (r) => r.taxable),
  moneyColumn('exempt', 'Exempt sales', (r) => r.exempt),
  moneyColumn('tax', 'Tax collected', (r) => r.tax),
  moneyColumn('shipping', 'Shipping', (r) => r.shipping),
];

function TaxBook({ report: r }: { report: TaxReport }) {
  return (
    <div className="space-y-4">
      <Figures
        items={[
          ['Tax collected', formatUsd(r.total.tax)],
          ['Taxable sales', formatUsd(r.total.taxable)],
          ['Exempt sales', formatUsd(r.total.exempt)],
          ['Orders', String(r.total.orders)],
        ]}
      />
      <Table
        caption={`${r.title}, ${rangeWords(r)}`}
        captionHidden
        columns={TAX_COLUMNS}
        rows={[...r.rows, r.total]}
        rowKey={(x) => x.key}
        stackOnPhone
      />
      <h2 className="text-lg font-semibold text-gray-100">Exempt sales by department</h2>
      {r.exempt_departments.length === 0 ? (
        <p className="text-sm text-gray-400">No tax-exempt sales in this range.</p>
      ) : (
        <ul className="space-y-1 text-gray-200" data-testid="exempt-departments">
          {r.exempt_departments.map((d) => (
            <li key={d.department_id}>
              {d.name}: {formatUsd(d.exempt)} over {d.orders} {d.orders === 1 ? 'order' : 'orders'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function bucketColumns<Row extends BucketSums>(): Column<Row>[] {
  return [
    ...AGE_BUCKETS.map((b) => moneyColumn<Row>(b, AGE_BUCKET_LABELS[b], (r) => r[b])),
    moneyColumn<Row>('total', 'Total', (r) => r.total),
  ];
}

function AgeingBook({ report: r }: { report: AgeingReport }) {
  type Customer = AgeingReport['customers'][number];
  type Dept = AgeingReport['departments'][number];
  type Line = AgeingReport['orders'][number];
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-300">
        Balances owed today ({readableDay(r.as_of)}), aged by days past each order&apos;s due date.
      </p>
      <Figures
        items={[
          ['Owed in all', formatUsd(r.total.total)],
          ['Current', formatUsd(r.total.current)],
          ['1-60 days', formatUsd(r.total.days_1_30 + r.total.days_31_60)],
          ['Over 60 days', formatUsd(r.total.days_61_90 + r.total.over_90)],
        ]}
      />
      <h2 className="text-lg font-semibold text-gray-100">By customer</h2>
      <Table<Customer>
        caption="Open balances by customer"
        captionHidden
        columns={[
          { key: 'customer', header: 'Customer', label: 'Customer', cell: (c) => c.customer },
          ...bucketColumns<Customer>(),
        ]}
        rows={r.customers}
        rowKey={(c) => String(c.customer_id)}
        stackOnPhone
        empty={<p className="text-sm text-gray-400">Nothing is owed.</p>}
      />
      <h2 className="text-lg font-semibold text-gray-100">By department</h2>
      <Table<Dept>
        caption="Open balances by department"
        captionHidden
        columns={[
          { key: 'department', header: 'Department', label: 'Department', cell: (d) => d.department },
          ...bucketColumns<Dept>(),
        ]}
        rows={r.departments}
        rowKey={(d) => String(d.department_id ?? 'none')}
        stackOnPhone
      />
      <h2 className="text-lg font-semibold text-gray-100">Orders</h2>
      <Table<Line>
        caption="Orders with a balance"
        captionHidden
        columns={[
          {
            key: 'order',
            header: 'Order',
            label: 'Order',
            cell: (o) => (
              <Link to={`/admin/orders/${o.id}`} className="font-mono text-sky-300 underline">
                {o.order_number}
              </Link>
            ),
          },
          { key: 'customer', header: 'Customer', label: 'Customer', cell: (o) => o.customer },
          { key: 'department', header: 'Department', label: 'Department', cell: (o) => o.department ?? '—' },
          { key: 'due', header: 'Due', label: 'Due', cell: (o) => readableDay(o.due_date) },
          { key: 'age', header: 'Age', label: 'Age', cell: (o) => AGE_BUCKET_LABELS[o.bucket] },
          moneyColumn<Line>('balance', 'Balance', (o) => o.balance),
        ]}
        rows={r.orders}
        rowKey={(o) => String(o.id)}
        stackOnPhone
      />
    </div>
  );
}

const rangeWords = (r: { from: string; to: string }) => `${readableDay(r.from)} to ${readableDay(r.to)}`;

/** One of the books (the cash-up, sales tax, ageing) with its CSV, and the accounting export for the range. */
export function BookView({ kind, range }: { kind: BookKind; range: ReportRange }) {
  const moneyQ = useMoney(kind, range);
  const taxQ = useTax(kind, range);
  const ageQ = useAgeing(kind, range);
  const q = kind === 'money' ? moneyQ : kind === 'tax' ? taxQ : ageQ;
  const qs = reportQueryString(range);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <CsvLink href={`${API_BASE}/reports/${kind}/export.csv${kind === 'ageing' ? '' : `?${qs}`}`}>
          Export CSV
        </CsvLink>
        <CsvLink href={`${API_BASE}/reports/accounting/invoices.csv?${qs}`}>Accounting: invoices</CsvLink>
        <CsvLink href={`${API_BASE}/reports/accounting/payments.csv?${qs}`}>Accounting: payments</CsvLink>
      </div>
      {q.isPending ? (
        <p role="status" className="text-gray-400">
          Loading the report…
        </p>
      ) : null}
      <ErrorAlert message={q.error ? errorText(q.error, 'Failed to load the report') : null} className="text-red-400" />
      {kind === 'money' && moneyQ.data && !moneyQ.error ? <MoneyBook report={moneyQ.data} /> : null}
      {kind === 'tax' && taxQ.data && !taxQ.error ? <TaxBook report={taxQ.data} /> : null}
      {kind === 'ageing' && ageQ.data && !ageQ.error ? <AgeingBook report={ageQ.data} /> : null}
    </div>
  );
}
