import { Link, useParams } from 'react-router';
import { LoadState } from '@web/components/load-state';
import { PrintButton } from '@web/features/production';
import { StatementSheet } from './statement-sheet';
import { useStatement } from './statements-api';

const link = 'text-brand-400 underline underline-offset-2 hover:text-brand-300';

/** /admin/statements/:departmentId: one department's statement on screen, printable on Letter paper. */
export default function StatementPage() {
  const id = Number(useParams().departmentId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, isError } = useStatement(valid ? id : null);
  return (
    <div className="px-4 py-6 sm:px-6 print:p-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div>
          <h1 className="text-2xl font-bold text-white">{data ? `Statement: ${data.department.name}` : 'Statement'}</h1>
          <p className="text-sm text-gray-400">
            <Link to="/admin/statements" className={link}>
              All statements
            </Link>
          </p>
        </div>
        {data ? <PrintButton label="Print statement" /> : null}
      </div>
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
