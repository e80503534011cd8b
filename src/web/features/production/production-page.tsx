import { ListChecks, Package, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { PRODUCTION_CHOICES as CHOICES, PRODUCTION_DEFAULT_STATUSES } from '@shared/order-statuses';
import { LoadState } from '@web/components/load-state';
import { buttonClasses, Checkbox, PageHeader } from '@web/components/ui';
import { scopeFromParams, usePickList, useProductionSheet } from './api/production-api';
import { PickList } from './pick-list';
import { PrintButton } from './print-button';
import { ProductionSheet } from './production-sheet';
import { plural } from '@shared/plural';

const link = buttonClasses({ variant: 'secondary' });

/** /admin/production: what the shop floor makes, for the orders chosen in the list or by status. */
export default function ProductionPage() {
  const [params, setParams] = useSearchParams();
  const { ids, statuses, scope } = scopeFromParams(params, CHOICES, PRODUCTION_DEFAULT_STATUSES);
  // Local state answers the click at once; the URL keeps the choice for a reload or a shared link.
  const [withPickList, setWithPickList] = useState(params.get('pick') === '1');
  const { data, isPending, isError } = useProductionSheet(scope);
  const pick = usePickList(scope, withPickList);
  const scopeText = ids.length
    ? plural(ids.length, 'selected order')
    : statuses.map((s) => STATUS_LABELS[s as OrderStatus]).join(' + ') || 'No status chosen';
  const orderIds = data?.orders.map((o) => o.id) ?? [];

  const toggle = (s: OrderStatus, on: boolean) => {
    const next = on ? [...statuses, s] : statuses.filter((x) => x !== s);
    const p = new URLSearchParams(params);
    p.set('status', CHOICES.filter((c) => next.includes(c)).join(','));
    setParams(p, { replace: true });
  };
  const togglePick = (on: boolean) => {
    setWithPickList(on);
    const p = new URLSearchParams(params);
    if (on) p.set('pick', '1');
    else p.delete('pick');
    setParams(p, { replace: true });
  };
  const scopeParams = new URLSearchParams(params);
  scopeParams.delete('pick');

  return (
    <div className="px-4 py-6 sm:px-6 print:p-0">
      <div className="mb-4 space-y-3 print:hidden">
        <PageHeader
          title="Production"
          actions={
            <>
              <Link to={`/admin/production/pick-list?${scopeParams.toString()}`} className={link}>
                <ListChecks className="h-4 w-4" aria-hidden />
                Pick list
              </Link>
              {orderIds.length ? (
                <>
                  <Link to={`/admin/production/work-orders?orders=${orderIds.join(',')}`} className={link}>
                    <Printer className="h-4 w-4" aria-hidden />
                    Work orders ({orderIds.length})
                  </Link>
                  <Link to={`/admin/production/packing-slips?orders=${orderIds.join(',')}`} className={link}>
                    <Package className="h-4 w-4" aria-hidden />
                    Packing slips
                  </Link>
                </>
              ) : null}
              <PrintButton label="Print sheet" />
            </>
          }
        />
        {ids.length ? (
          <p className="text-sm text-gray-300">
            The sheet for the {plural(ids.length, 'order')} chosen in the order list.{' '}
            <Link to="/admin/production" className="text-brand-400 underline underline-offset-2 hover:text-brand-300">
              Choose by status instead
            </Link>
          </p>
        ) : (
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <legend className="mb-1 text-sm font-medium text-gray-300">Orders in</legend>
            {CHOICES.map((s) => (
              <Checkbox
                key={s}
                label={STATUS_LABELS[s]}
                checked={statuses.includes(s)}
                onChange={(e) => toggle(s, e.target.checked)}
              />
            ))}
          </fieldset>
        )}
        <Checkbox
          label="Print the pick list first"
          checked={withPickList}
          onChange={(e) => togglePick(e.target.checked)}
        />
      </div>
      <div className="print:hidden">
        <LoadState
          pending={isPending && (ids.length > 0 || statuses.length > 0)}
          failed={isError}
          pendingText="Loading the production sheet…"
          failedText="Failed to load the production sheet"
        />
      </div>
      {withPickList && pick.data ? (
        <div className="mb-8 print:mb-0 print:break-after-page">
          <PickList list={pick.data} scope={scopeText} />
        </div>
      ) : null}
      {data ? <ProductionSheet sheet={data} scope={scopeText} /> : null}
    </div>
  );
}
