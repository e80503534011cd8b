import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { parseIds } from '@web/lib/id-list';
import { useWorkOrders } from './api/production-api';
import { PrintButton } from './print-button';
import { WorkOrder } from './work-order';
import { PageHeader } from '@web/components/ui';
import { plural } from '@shared/plural';

/** /admin/production/work-orders?orders=1,2: one printed page per order (styles/app.css breaks after each). */
export default function WorkOrdersPage() {
  const [params] = useSearchParams();
  const ids = parseIds(params.get('orders'));
  const results = useWorkOrders(ids);
  const ready = results.every((r) => r.data);
  const failed = results.filter((r) => r.isError).length;
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
      <div className="print:hidden">
        {ids.length === 0 ? <p className="text-gray-400">Choose orders in the order list first.</p> : null}
        {!ready && !failed ? (
          <p role="status" className="text-gray-400">
            Loading orders…
          </p>
        ) : null}
        <ErrorAlert message={failed ? `${failed} of the orders could not be loaded` : null} />
      </div>
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
