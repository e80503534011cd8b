import { ArrowLeft, Download } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { API_BASE } from '@shared/constants';
import type { DepartmentReport } from '@shared/department-report';
import { formatUsd } from '@shared/money';
import { formatShopDate, shopDayStart } from '@shared/time';
import { LoadState } from '@web/components/load-state';
import { buttonClasses, Card, PageHeader, Table, type Column } from '@web/components/ui';
import { useDepartmentReport } from './report-api';
import { SendStatement } from './send-statement';

type Member = DepartmentReport['members'][number];
type Month = DepartmentReport['months'][number];

const num = 'text-right tabular-nums';
const usdOrDash = (dollars: number | null) => (dollars === null ? '—' : formatUsd(dollars));
const monthLabel = (m: string) =>
  new Date(`${m}-15T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** The period's last day: the day before the next period starts (noon keeps the date whole in the shop zone). */
const lastDay = (end: string) => formatShopDate(new Date(shopDayStart(end).getTime() - 12 * 3600_000));

const memberColumns: Column<Member>[] = [
  {
    key: 'member',
    header: 'Member',
    label: 'Member',
    cell: (m) => (
      <span className="break-all">
        {m.name ? <span className="block text-gray-100">{m.name}</span> : null}
        <span className={m.name ? 'text-xs text-gray-400' : ''}>{m.email}</span>
      </span>
    ),
  },
  { key: 'orders', header: 'Orders', label: 'Orders', cell: (m) => m.orders, className: num },
  { key: 'spend', header: 'Spend', label: 'Spend', cell: (m) => formatUsd(m.spend), className: num },
  { key: 'allowance', header: 'Allowance', label: 'Allowance', cell: (m) => usdOrDash(m.allowance), className: num },
  { key: 'used', header: 'Used', label: 'Allowance used', cell: (m) => usdOrDash(m.allowance_used), className: num },
  {
    key: 'remaining',
    header: 'Remaining',
    label: 'Allowance remaining',
    cell: (m) => usdOrDash(m.allowance_remaining),
    className: num,
  },
];
const monthColumns: Column<Month>[] = [
  { key: 'month', header: 'Month', label: 'Month', cell: (m) => monthLabel(m.month) },
  { key: 'orders', header: 'Orders', label: 'Orders', cell: (m) => m.orders, className: num },
  { key: 'spend', header: 'Spend', label: 'Spend', cell: (m) => formatUsd(m.spend), className: num },
];

/** /admin/departments/:id: what a department's members spent this period, per member and per month; CSV export. */
export default function DepartmentReportPage() {
  const id = Number(useParams().id);
  const { data: r, isPending, isError } = useDepartmentReport(id);
  return (
    <div className="px-4 py-6 sm:px-6">
      <Link
        to="/admin/users?tab=departments"
        className="mb-3 inline-flex items-center gap-1 text-sm text-gray-400 hover:text-white"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Departments
      </Link>
      <PageHeader
        title={r ? r.department.name : 'Department report'}
        description={
          r ? (
            <span data-testid="report-period">
              Spend from {formatShopDate(shopDayStart(r.period.start))} to {lastDay(r.period.end)}: the amounts of
              orders approved or not needing approval, allowance included (waiting, cancelled and denied orders are left
              out).
            </span>
          ) : null
        }
        actions={
          r ? (
            <>
              <SendStatement departmentId={id} />
              <a
                href={`${API_BASE}/departments/${id}/report.csv`}
                download
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                <Download className="h-4 w-4" aria-hidden />
                Export CSV
              </a>
            </>
          ) : null
        }
      />
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading the report…"
        failedText="Failed to load the report"
      />
      {r ? (
        <div className="space-y-6">
          <dl className="grid max-w-md grid-cols-2 gap-3" data-testid="report-total">
            <Card padding="sm">
              <dt className="text-xs text-gray-400">Spend this period</dt>
              <dd className="text-xl font-semibold text-white tabular-nums">{formatUsd(r.total.spend)}</dd>
            </Card>
            <Card padding="sm">
              <dt className="text-xs text-gray-400">Orders</dt>
              <dd className="text-xl font-semibold text-white tabular-nums">{r.total.orders}</dd>
            </Card>
          </dl>
          <section>
            <h2 className="mb-2 font-semibold text-white">Per member</h2>
            <p className="mb-2 text-sm text-gray-400">
              Allowance used counts orders still waiting for approval; members not listed have not ordered this period
              and have their whole allowance.
            </p>
            {r.members.length ? (
              <Table
                caption="Spend per member"
                captionHidden
                columns={memberColumns}
                rows={r.members}
                rowKey={(m) => String(m.user_id)}
                stackOnPhone
              />
            ) : (
              <p className="text-sm text-gray-400">No orders this period yet.</p>
            )}
          </section>
          <section>
            <h2 className="mb-2 font-semibold text-white">Per month</h2>
            <Table
              caption="Spend per month"
              captionHidden
              columns={monthColumns}
              rows={r.months}
              rowKey={(m) => m.month}
              stackOnPhone
            />
          </section>
        </div>
      ) : null}
    </div>
  );
}
