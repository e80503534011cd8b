import { Link, useSearchParams } from 'react-router';
import { STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { PRODUCTION_DEFAULT_STATUSES } from '@shared/production';
import { LoadState } from '@web/components/load-state';
import { scopeFromParams, usePickList } from './api/production-api';
import { PrintButton } from './print-button';
import { PickList } from './pick-list';
import { PRODUCTION_CHOICES } from './choices';

/** /admin/production/pick-list: the pick list alone, for the orders chosen in the list or by status. */
export default function PickListPage() {
  const [params] = useSearchParams();
  const { ids, statuses, scope } = scopeFromParams(params, PRODUCTION_CHOICES, PRODUCTION_DEFAULT_STATUSES);
  const { data, isPending, isError } = usePickList(scope);
  const scopeText = ids.length
    ? `${ids.length} selected ${ids.length === 1 ? 'order' : 'orders'}`
    : statuses.map((s) => STATUS_LABELS[s as OrderStatus]).join(' + ') || 'No status chosen';
  return (
    <div className="px-4 py-6 sm:px-6 print:p-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div>
          <h1 className="text-2xl font-bold text-white">Pick list</h1>
          <p className="text-sm text-gray-300">
            Blanks and decorations to pull for {scopeText.toLowerCase()}.{' '}
            <Link
              to={`/admin/production?${params.toString()}`}
              className="text-brand-400 underline underline-offset-2 hover:text-brand-300"
            >
              Production sheet
            </Link>
          </p>
        </div>
        <PrintButton label="Print pick list" />
      </div>
      <div className="print:hidden">
        <LoadState
          pending={isPending && (ids.length > 0 || statuses.length > 0)}
          failed={isError}
          pendingText="Loading the pick list…"
          failedText="Failed to load the pick list"
        />
      </div>
      {data ? <PickList list={data} scope={scopeText} /> : null}
    </div>
  );
}
