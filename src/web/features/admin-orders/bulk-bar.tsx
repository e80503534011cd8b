import { ClipboardList, ListChecks, Package, Printer, Truck, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { nextStatuses, STATUS_LABELS, type OrderStatus, type OrderSummary } from '@shared/orders';
import { Button, buttonClasses } from '@web/components/ui';
import { BulkMoveDialog } from './bulk-move-dialog';
import type { ApiAnswer } from '@web/lib/api';
import { plural } from '@shared/plural';

/** What a bulk move needs of a selected row: its move rules, and whether it holds money (its payment status). */
export type Picked = Pick<
  OrderSummary,
  'id' | 'order_number' | 'status' | 'fulfillment' | 'payment_status' | 'payment_method' | 'balance'
>;
export type BulkResult = { status: OrderStatus; answer: ApiAnswer<'/orders/admin/bulk-status', 'post'> };

/** Shipping needs each order's tracking number, so it is not a bulk move: "Ship with tracking" opens the ship table. */
const reachable = (picked: Picked[]) => {
  const out = new Map<OrderStatus, number>();
  for (const o of picked)
    for (const s of nextStatuses(o.status, o.fulfillment)) if (s !== 'shipped') out.set(s, (out.get(s) ?? 0) + 1);
  return [...out.entries()];
};

const button = buttonClasses({ variant: 'secondary', size: 'sm' });

/** What can be done to the selected orders: move them along the state machine, or print what to make. */
export function BulkBar({
  picked,
  onClear,
  onDone,
}: {
  picked: Picked[];
  onClear: () => void;
  onDone: (result: BulkResult) => void;
}) {
  const [moving, setMoving] = useState<OrderStatus | null>(null);
  if (picked.length === 0) return null;
  const ids = picked.map((o) => o.id).join(',');
  const shippable = picked.filter((o) => nextStatuses(o.status, o.fulfillment).includes('shipped')).length;
  return (
    <div
      role="region"
      aria-label="Selected orders"
      data-testid="bulk-bar"
      className="z-10 mb-3 md:sticky md:top-16 flex flex-wrap items-center gap-2 rounded-xl border border-brand-500/50 bg-ink-800 p-3 shadow-lg"
    >
      <p className="mr-1 text-sm font-semibold text-white" aria-live="polite">
        {picked.length} selected
      </p>
      {reachable(picked).map(([status, n]) => (
        <Button key={status} variant="secondary" size="sm" onClick={() => setMoving(status)}>
          Move to {STATUS_LABELS[status]}
          {n < picked.length ? <span className="text-xs text-gray-400">({n})</span> : null}
        </Button>
      ))}
      <Link to={`/admin/production?orders=${ids}`} className={button}>
        <ClipboardList className="h-4 w-4" aria-hidden />
        Production sheet for selected
      </Link>
      <Link to={`/admin/production/work-orders?orders=${ids}`} className={button}>
        <Printer className="h-4 w-4" aria-hidden />
        Work orders
      </Link>
      <Link to={`/admin/production/pick-list?orders=${ids}`} className={button}>
        <ListChecks className="h-4 w-4" aria-hidden />
        Pick list
      </Link>
      <Link to={`/admin/production/packing-slips?orders=${ids}`} className={button}>
        <Package className="h-4 w-4" aria-hidden />
        Packing slips
      </Link>
      {shippable ? (
        <Link to={`/admin/orders/ship?orders=${ids}`} className={button}>
          <Truck className="h-4 w-4" aria-hidden />
          Ship with tracking
          {shippable < picked.length ? <span className="text-xs text-gray-400">({shippable})</span> : null}
        </Link>
      ) : null}
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
        <X className="h-4 w-4" aria-hidden />
        Clear selection
      </Button>
      {moving ? (
        <BulkMoveDialog
          status={moving}
          picked={picked}
          onClose={() => setMoving(null)}
          onDone={(answer) => {
            setMoving(null);
            onDone({ status: moving, answer });
          }}
        />
      ) : null}
    </div>
  );
}

/** "5 orders moved to In production", then each refused order by number with the server's reason. */
export function BulkOutcome({ result, onDismiss }: { result: BulkResult; onDismiss: () => void }) {
  const { updated, failed } = result.answer;
  return (
    <div
      role="status"
      data-testid="bulk-result"
      className={`mb-3 rounded-xl border p-3 text-sm ${failed.length ? 'border-amber-500/50 bg-amber-500/10' : 'border-emerald-500/50 bg-emerald-500/10'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold text-white">
          {plural(updated.length, 'order')} moved to {STATUS_LABELS[result.status]}
          {failed.length ? `; ${failed.length} not moved` : ''}
        </p>
        <Button variant="icon" size="sm" onClick={onDismiss} aria-label="Dismiss">
          <X className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {updated.length ? (
        <p className="mt-2 flex flex-wrap gap-2">
          <Link to={`/admin/production?orders=${updated.join(',')}`} className={button}>
            <ClipboardList className="h-4 w-4" aria-hidden />
            Production sheet for these {updated.length}
          </Link>
          <Link to={`/admin/production/work-orders?orders=${updated.join(',')}`} className={button}>
            <Printer className="h-4 w-4" aria-hidden />
            Work orders
          </Link>
        </p>
      ) : null}
      {failed.length ? (
        <ul className="mt-2 space-y-1 text-gray-200">
          {failed.map((f) => (
            <li key={f.id}>
              <span className="font-mono font-semibold">{f.order_number ?? `#${f.id}`}</span>: {f.detail}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
