import { Printer } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { STATUS_LABELS, type OrderStatus } from '@shared/orders';
import { PRODUCTION_DEFAULT_STATUSES } from '@shared/production';
import { LoadState } from '@web/components/load-state';
import { buttonClasses, Checkbox } from '@web/components/ui';
import { parseIds, useProductionSheet, type Scope } from './api/production-api';
import { PrintButton } from './print-button';
import { ProductionSheet } from './production-sheet';

/** The statuses a sheet can cover: what is still to be made or just made. */
const CHOICES: OrderStatus[] = ['awaiting_approval', 'pending', 'in_production', 'ready_for_pickup'];

const link = buttonClasses({ variant: 'secondary' });

/** /admin/production: what the shop floor makes, for the orders chosen in the list or by status (issue 17). */
export default function ProductionPage() {
  const [params, setParams] = useSearchParams();
  const ids = parseIds(params.get('orders'));
  const chosen = (params.get('status') ?? '')
    .split(',')
    .filter((s): s is OrderStatus => CHOICES.includes(s as OrderStatus));
  const statuses = params.has('status') ? chosen : PRODUCTION_DEFAULT_STATUSES;
  const scope: Scope = ids.length ? { orders: ids } : { statuses };
  const { data, isPending, isError } = useProductionSheet(scope);
  const scopeText = ids.length
    ? `${ids.length} selected ${ids.length === 1 ? 'order' : 'orders'}`
    : statuses.map((s) => STATUS_LABELS[s]).join(' + ') || 'No status chosen';
  const orderIds = data?.orders.map((o) => o.id) ?? [];

  const toggle = (s: OrderStatus, on: boolean) => {
    const next = on ? [...statuses, s] : statuses.filter((x) => x !== s);
    setParams({ status: CHOICES.filter((c) => next.includes(c)).join(',') }, { replace: true });
  };

  return (
    <div className="px-4 py-6 sm:px-6 print:p-0">
      <div className="mb-4 space-y-3 print:hidden">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-white">Production</h1>
          <div className="flex flex-wrap gap-2">
            {orderIds.length ? (
              <Link to={`/admin/production/work-orders?orders=${orderIds.join(',')}`} className={link}>
                <Printer className="h-4 w-4" aria-hidden />
                Work orders ({orderIds.length})
              </Link>
            ) : null}
            <PrintButton label="Print sheet" />
          </div>
        </div>
        {ids.length ? (
          <p className="text-sm text-gray-300">
            The sheet for the {ids.length} {ids.length === 1 ? 'order' : 'orders'} chosen in the order list.{' '}
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
      </div>
      <div className="print:hidden">
        <LoadState
          pending={isPending && (ids.length > 0 || statuses.length > 0)}
          failed={isError}
          pendingText="Loading the production sheet…"
          failedText="Failed to load the production sheet"
        />
      </div>
      {data ? <ProductionSheet sheet={data} scope={scopeText} /> : null}
    </div>
  );
}
