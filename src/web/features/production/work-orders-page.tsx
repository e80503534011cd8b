import { Link, useSearchParams } from 'react-router';
import { parseIds } from '@web/lib/id-list';
import { useWorkOrders } from './api/production-api';
import { BatchState } from './batch-state';
import { PrintButton } from './print-button';
import { WorkOrder } from './work-order';
import { PageHeader } from '@web/components/ui';
import { plural } from '@shared/plural';

/** /admin/production/work-orders?orders=1,2: one printed page per order (styles/app.css breaks after each). */
export default function WorkOrdersPage() {
  const [params] = useSearchParams();
  const ids = parseIds(params.get('orders'));
  const results = useWorkOrders(ids);
  return (
    <div className="px-4 py-6 sm:px-6 print:p-0">
      <PageHeader
        className="print:hidden"
        title="Work orders"
        description={
          <>
            {plural(ids.length, 'order')}, one page each.{' '}
            <Link to="/admin/orders" className="text-brand-400 underline underline-offset-2 hover:text-brand-300">
              Back to orders
            </Link>
          </>
        }
        actions={<PrintButton label="Print work orders" />}
      />
      <BatchState results={results} />
      {/* Soonest due first, the order the floor makes them in. */}
      {results
        .flatMap((r) => (r.data ? [r.data] : []))
        .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id)
        .map((o) => (
          <WorkOrder key={o.id} order={o} />
        ))}
    </div>
  );
}
