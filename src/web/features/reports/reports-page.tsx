import { useState, type FormEvent } from 'react';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { API_BASE } from '@shared/constants';
import { formatUsd } from '@shared/money';
import { BOOK_KINDS, BOOK_TITLES, type BookKind } from '@shared/books';
import { REPORT_COLUMNS, REPORT_KINDS, REPORT_TITLES, type ReportKind, type ReportRow } from '@shared/reports';
import { shopDay } from '@shared/time';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Button, buttonClasses, Card, Field, Input, PageHeader, Select, Table, type Column } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { BookView } from './books-view';
import { ReportChart } from './report-chart';
import { daysBefore, readableRows } from './report-labels';
import { reportQueryString, useReport, type ReportRange } from './reports-api';

const num = 'text-right tabular-nums';
const isKind = (v: string | null): v is ReportKind => REPORT_KINDS.includes(v as ReportKind);
const isBook = (v: string | null): v is BookKind => BOOK_KINDS.includes(v as BookKind);

function columnsOf(kind: ReportKind): Column<ReportRow>[] {
  const { label, columns } = REPORT_COLUMNS[kind];
  return [
    {
      key: 'label',
      header: label,
      label,
      cell: (r) => (r.key === 'total' ? <strong className="text-white">{r.label}</strong> : r.label),
    },
    ...columns.map((c) => ({
      key: c.field,
      header: c.heading,
      label: c.heading,
      className: num,
      cell: (r: ReportRow) => {
        const v = r[c.field];
        if (v === null) return '—';
        return c.money ? formatUsd(v) : v;
      },
    })),
  ];
}

/** /admin/reports: the owner's reports over a range of shop days, as a chart, a table and CSV (admins). */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const today = shopDay(new Date());
  const kindParam = params.get('kind');
  const book: BookKind | null = isBook(kindParam) ? kindParam : null;
  const kind: ReportKind = isKind(kindParam) ? kindParam : 'day';
  const range: ReportRange = { from: params.get('from') ?? daysBefore(today, 29), to: params.get('to') ?? today };
  const [draft, setDraft] = useState(range);
  const { data: report, isPending, error, isFetching } = useReport(kind, range, !book);

  const apply = (next: Partial<ReportRange & { kind: ReportKind | BookKind }>) => {
    const merged = { kind: book ?? kind, ...range, ...next };
    setParams({ kind: merged.kind, from: merged.from, to: merged.to }, { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const csvHref = `${API_BASE}/reports/${kind}/export.csv?${reportQueryString(range)}`;
  const shown = report && report.kind === kind ? report : null;
  const rows = shown ? [...readableRows(shown), shown.total] : [];

  return (
    <div className="px-4 py-6 sm:px-6">
      <PageHeader
        title="Reports"
        description={
          book
            ? 'The books count money on the shop day (Arizona) it moved: every payment, refund and credit, whatever became of its order. Sales tax counts the accepted orders placed in each month; the ageing shows what is owed today.'
            : 'Sales are the amounts of orders placed in the range (shop time, Arizona) that the shop accepted: pending, in production, ready, shipped or completed, allowance included. Orders waiting for approval, cancelled or denied are left out. Credits lower net sales; refunds are shown apart; the cash-up shows money on the day it moved.'
        }
      />
      <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3">
        <Field label="Report">
          <Select value={book ?? kind} onChange={(e) => apply({ kind: e.target.value as ReportKind | BookKind })}>
            <optgroup label="Sales (by the day orders were placed)">
              {REPORT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {REPORT_TITLES[k]}
                </option>
              ))}
            </optgroup>
            <optgroup label="The books (by the day money moved)">
              {BOOK_KINDS.map((k) => (
                <option key={k} value={k}>
                  {BOOK_TITLES[k]}
                </option>
              ))}
            </optgroup>
          </Select>
        </Field>
        <Field label="From">
          <Input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </Field>
        <Field label="To">
          <Input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </Field>
        <Button type="submit" variant="secondary" loading={isFetching}>
          Show
        </Button>
        {book ? null : (
          <a href={csvHref} download className={buttonClasses({ variant: 'secondary' })}>
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </a>
        )}
      </form>
      {book ? <BookView kind={book} range={range} /> : null}
      {!book && isPending ? (
        <p role="status" className="text-gray-400">
          Loading the report…
        </p>
      ) : null}
      <ErrorAlert
        message={!book && error ? errorText(error, 'Failed to load the report') : null}
        className="mb-4 text-red-400"
      />
      {!book && shown && !error ? (
        <div className="space-y-4">
          <dl className="grid max-w-xl grid-cols-2 gap-3 sm:grid-cols-3" data-testid="report-total">
            <Card padding="sm">
              <dt className="text-xs text-gray-400">
                {REPORT_COLUMNS[kind].columns.find((c) => c.field === 'amount')?.heading}
              </dt>
              <dd className="text-xl font-semibold text-white tabular-nums">{formatUsd(shown.total.amount)}</dd>
            </Card>
            {shown.total.orders !== null ? (
              <Card padding="sm">
                <dt className="text-xs text-gray-400">Orders</dt>
                <dd className="text-xl font-semibold text-white tabular-nums">{shown.total.orders}</dd>
              </Card>
            ) : null}
            {shown.total.average !== null ? (
              <Card padding="sm">
                <dt className="text-xs text-gray-400">Average order</dt>
                <dd className="text-xl font-semibold text-white tabular-nums">{formatUsd(shown.total.average)}</dd>
              </Card>
            ) : null}
          </dl>
          <ReportChart report={{ ...shown, rows: readableRows(shown) }} heading={shown.title} />
          <Table
            caption={`${shown.title}, ${shown.from} to ${shown.to}`}
            captionHidden
            columns={columnsOf(kind)}
            rows={rows}
            rowKey={(r) => r.key}
            stackOnPhone
            empty={<p className="text-sm text-gray-400">No sales in this range.</p>}
          />
        </div>
      ) : null}
    </div>
  );
}
