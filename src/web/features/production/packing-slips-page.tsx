import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Checkbox, PageHeader } from '@web/components/ui';
import { parseIds } from '@web/lib/id-list';
import { useWorkOrders } from './api/production-api';
import { PackingSlip } from './packing-slip';
import { BatchState } from './batch-state';
import { PrintButton } from './print-button';
import { plural } from '@shared/plural';

/** /admin/production/packing-slips?orders=1,2: one packing slip per order, one page each; ?prices=1 adds amounts. */
export default function PackingSlipsPage() {
  const [params, setParams] = useSearchParams();
  const ids = parseIds(params.get('orders'));
  // Local state answers the click at once; the URL keeps the choice for a reload or a shared link.
  const [prices, setShown] = useState(params.get('prices') === '1');
  const results = useWorkOrders(ids);
  const setPrices = (on: boolean) => {
    setShown(on);
    const p = new URLSearchParams(params);
    if (on) p.set('prices', '1');
    else p.delete('prices');
    setParams(p, { replace: true });
  };
  return (
    <div className="px-4 py-6 sm:px-6 print:p-0">
      <PageHeader
        className="print:hidden"
        title="Packing slips"
        description={
          <>
            {plural(ids.length, 'order')}, one page each.{' '}
            <Link to="/admin/orders" className="text-brand-400 underline underline-offset-2 hover:text-brand-300">
              Back to orders
            </Link>
          </>
        }
        actions={<PrintButton label="Print packing slips" />}
      >
        <Checkbox className="mt-2" label="Show prices" checked={prices} onChange={(e) => setPrices(e.target.checked)} />
      </PageHeader>
      <BatchState results={results} />
      {results.map((r, i) => (r.data ? <PackingSlip key={ids[i]} order={r.data} prices={prices} /> : null))}
    </div>
  );
}
