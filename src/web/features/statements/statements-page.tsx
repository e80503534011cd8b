import { Link } from 'react-router';
import { formatUsd } from '@shared/money';
import { LoadState } from '@web/components/load-state';
import { buttonClasses, PageHeader, Table, type Column } from '@web/components/ui';
import { useStatementDepartments } from './statements-api';

type Row = { id: number; name: string; order_count: number; outstanding: number };

const link = 'text-brand-400 underline underline-offset-2 hover:text-brand-300';

/** /admin/statements: what each department owes on account; each opens its printable statement. */
export default function StatementsPage() {
  const { data, isPending, isError } = useStatementDepartments();
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: 'Department',
      label: 'Department',
      cell: (d) => (
        <Link to={`/admin/statements/${d.id}`} className={link}>
          {d.name}
        </Link>
      ),
    },
    {
      key: 'orders',
      header: 'Unpaid orders',
      label: 'Unpaid orders',
      cell: (d) => d.order_count,
      className: 'text-right tabular-nums',
    },
    {
      key: 'outstanding',
      header: 'Outstanding',
      label: 'Outstanding',
      cell: (d) => formatUsd(d.outstanding),
      className: 'text-right tabular-nums',
    },
  ];
  return (
    <div className="px-4 py-6 sm:px-6">
      <PageHeader
        title="Statements"
        actions={
          <Link to="/admin/statements/allocate" className={buttonClasses({ variant: 'secondary' })}>
            Record one payment for several orders
          </Link>
        }
        description={
          <>
            What each department owes on its account: orders put on the department&apos;s account that are not fully
            paid (orders waiting for approval, cancelled or denied are left out). Open one to print its statement.{' '}
            <Link to="/admin/orders?payment=unpaid" className={link}>
              All unpaid orders
            </Link>
          </>
        }
      />
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading departments…"
        failedText="Failed to fetch departments"
      />
      {data && data.length === 0 ? <p className="text-gray-400">No departments yet.</p> : null}
      {data && data.length > 0 ? (
        <Table
          caption="Departments and what they owe"
          captionHidden
          columns={columns}
          rows={data}
          rowKey={(d) => String(d.id)}
          stackOnPhone
        />
      ) : null}
    </div>
  );
}
