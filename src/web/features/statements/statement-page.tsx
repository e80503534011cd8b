import { Link, useParams } from 'react-router';
import { LoadState } from '@web/components/load-state';
import { PrintButton } from '@web/features/production';
import { StatementSheet } from './statement-sheet';
import { useStatement } from './statements-api';
import { buttonClasses, PageHeader } from '@web/components/ui';

const link = 'text-brand-400 underline underline-offset-2 hover:text-brand-300';

/** /admin/statements/:departmentId: one department's statement on screen, printable on Letter paper. */
export default function StatementPage() {
  const id = Number(useParams().departmentId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, isError } = useStatement(valid ? id : null);
  return (
    <div className="px-4 py-6 sm:px-6 print:p-0">
      <PageHeader
        className="print:hidden"
        title={data ? `Statement: ${data.department.name}` : 'Statement'}
        description={
          <Link to="/admin/statements" className={link}>
            All statements
          </Link>
        }
        actions={
          data ? (
            <>
              <Link
                to={`/admin/statements/allocate?department=${id}`}
                className={buttonClasses({ variant: 'secondary' })}
              >
                Record a payment
              </Link>
              <PrintButton label="Print statement" />
            </>
          ) : null
        }
      />
      <div className="print:hidden">
        <LoadState
          pending={valid && isPending}
          failed={!valid || isError}
          pendingText="Loading statement…"
          failedText="Failed to fetch the statement"
        />
      </div>
      {data ? <StatementSheet statement={data} /> : null}
    </div>
  );
}
