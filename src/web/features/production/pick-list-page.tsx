import { Link, useSearchParams } from 'react-router';
import { STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { PRODUCTION_CHOICES, PRODUCTION_DEFAULT_STATUSES } from '@shared/order-statuses';
import { LoadState } from '@web/components/load-state';
import { scopeFromParams, usePickList } from './api/production-api';
import { PrintButton } from './print-button';
import { PickList } from './pick-list';
import { PageHeader } from '@web/components/ui';
import { plural } from '@shared/plural';

/** /admin/production/pick-list: the pick list alone, for the orders chosen in the list or by status. */
export default function PickListPage() {
  const [params] = useSearchParams();
  const { ids, statuses, scope } = scopeFromParams(params, PRODUCTION_CHOICES, PRODUCTION_DEFAULT_STATUSES);
  const { data, isPending, isError } = usePickList(scope);
  const scopeText = ids.length
    ? plural(ids.length, 'selected order')
    : statuses.map((s) => STATUS_LABELS[s as OrderStatus]).join(' + ') || 'No status chosen';
  return (
    <div className="px-4 py-6 sm:px-6 print:p-0">
      <PageHeader
        className="print:hidden"
        title="Pick list"
        description={
          <>
            Blanks and decorations to pull for {scopeText.toLowerCase()}.{' '}
            <Link
              to={`/admin/production?${params.toString()}`}
              className="text-brand-400 underline underline-offset-2 hover:text-brand-300"
            >
              Production sheet
            </Link>
          </>
        }
        actions={<PrintButton label="Print pick list" />}
      />
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
