import { Store, Truck } from 'lucide-react';
import { formatUsd } from '@shared/money';
import type { Fulfillment, OrderSummary } from '@shared/orders';
import { formatShopDateTime, shopDay } from '@shared/time';
import { DueBadge } from '@web/components/orders/due-badge';
import { PaymentStatusBadge } from '@web/components/orders/payment-summary';
import { StatusBadge } from '@web/components/orders/status-badge';
import { Card, Checkbox, cx } from '@web/components/ui';
import { formatAge } from '@web/lib/age';
import { formatPlaced } from './order-filters';
import { plural } from '@shared/plural';
import { personName } from '@shared/person-name';

type Row = OrderSummary;
type Props = {
  orders: Row[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (on: boolean) => void;
  onOpen: (o: Row) => void;
  now: number;
  dimmed: boolean;
};

const customerName = (o: Row) => personName(o.customer.first_name, o.customer.last_name, o.customer.email);

export function FulfillmentTag({ value }: { value: Fulfillment }) {
  const Icon = value === 'pickup' ? Store : Truck;
  return (
    <span className="inline-flex items-center gap-1 text-gray-300">
      <Icon className="h-3.5 w-3.5 text-gray-400" aria-hidden />
      {value === 'pickup' ? 'Pickup' : 'Shipping'}
    </span>
  );
}

/** "PO 4471", but a number already written "PO-4471" is not labelled twice. */
const poLabel = (po: string) => (/^po\b/i.test(po) ? po : `PO ${po}`);

const th = 'px-2 py-2 font-medium xl:px-3';
const td = '@xl:px-2 @xl:py-2.5 xl:px-3';

/**
 * The staff list. Its columns follow the width the table has beside the 320 px menu (container queries), not the
 * window's: every column from 1152 px of table; below that the fulfilment, item count and PO stack under the status,
 * total and order number; below 1024 px (a 1280 px window) the placed time stacks under the order number too, since
 * its column pushed Total out of sight once a row had a long status or a partial payment; below 768 px (a 1024 px
 * window) the payment stacks under the status and the customer column narrows, so nothing is cut or scrolled away.
 * Under 576 px (a phone, or a landscape phone beside the menu) each row is a card. A row opens the order; its box
 * selects it.
 */
export function OrdersTable({ orders, selected, onToggle, onToggleAll, onOpen, now, dimmed }: Props) {
  const all = orders.length > 0 && orders.every((o) => selected.has(o.id));
  const some = !all && orders.some((o) => selected.has(o.id));
  const today = shopDay(new Date(now));
  const selectAll = (
    <Checkbox
      aria-label="Select all orders on this page"
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = some;
      }}
      onChange={(e) => onToggleAll(e.target.checked)}
    />
  );
  return (
    <Card padding="none" className={cx('@container overflow-x-auto', dimmed && 'opacity-80')}>
      {/* On a phone the header row is hidden; the select-all box stands above the cards instead. */}
      <div className="flex items-center gap-3 border-b border-gray-800 px-4 py-2 text-sm text-gray-300 @xl:hidden">
        {selectAll}
        <span aria-hidden>Select all on this page</span>
      </div>
      <table className="w-full text-sm" data-testid="admin-orders-table">
        <thead className="hidden bg-ink-800/60 text-left text-xs tracking-wide text-gray-400 uppercase @xl:table-header-group">
          <tr>
            <th className="w-9 py-2 pr-1 pl-3">{selectAll}</th>
            <th className={th}>Order</th>
            <th className={th}>Customer</th>
            <th className={th}>Status</th>
            <th className={th}>Due</th>
            <th className={`${th} hidden @3xl:table-cell`}>Payment</th>
            <th className={`${th} hidden @6xl:table-cell`}>Fulfilment</th>
            <th className={`${th} hidden text-right @6xl:table-cell`}>Items</th>
            <th className={`${th} @max-5xl:hidden`}>
              Placed <span className="normal-case">(MST)</span>
            </th>
            <th className={`${th} hidden @6xl:table-cell`}>PO number</th>
            <th className={`${th} text-right`}>Total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-800">
          {orders.map((o) => {
            const open = () => onOpen(o);
            const isSelected = selected.has(o.id);
            return (
              <tr
                key={o.id}
                tabIndex={0}
                data-testid="admin-order-row"
                data-order-number={o.order_number}
                aria-selected={isSelected}
                onClick={open}
                onKeyDown={(e) => {
                  if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
                  e.preventDefault();
                  open();
                }}
                className={`grid cursor-pointer grid-cols-[auto_1fr_auto] items-start gap-x-3 gap-y-1 px-4 py-3 hover:bg-gray-800/60 focus-visible:bg-gray-800/60 focus-visible:outline-none @xl:table-row @xl:p-0 ${isSelected ? 'bg-brand-500/10' : ''}`}
              >
                <td
                  className="row-span-3 pt-0.5 @xl:w-9 @xl:py-2.5 @xl:pr-1 @xl:pl-3"
                  onClick={(e) => e.stopPropagation()}
                >
                  <Checkbox
                    aria-label={`Select order ${o.order_number}`}
                    checked={isSelected}
                    onChange={() => onToggle(o.id)}
                  />
                </td>
                <td className={`${td} min-w-0`}>
                  <span className="block font-mono font-semibold whitespace-nowrap text-gray-100">
                    {o.order_number}
                  </span>
                  {o.po_number ? (
                    <span className="block truncate text-xs text-gray-400 @6xl:hidden">{poLabel(o.po_number)}</span>
                  ) : null}
                  {/* The age may wrap under the time: the narrowest table needs the room for Total. */}
                  <span className="hidden text-xs text-gray-400 @xl:@max-5xl:block">
                    <span className="whitespace-nowrap">{formatPlaced(o.created_at)}</span> ·{' '}
                    <span className="whitespace-nowrap">{formatAge(o.created_at, now)}</span>
                  </span>
                </td>
                <td
                  className={`${td} col-span-2 col-start-2 row-start-2 min-w-0 text-gray-300 @xl:max-w-40 @3xl:max-w-48 @6xl:max-w-64`}
                >
                  <span className="block font-medium break-words text-gray-100">{customerName(o)}</span>
                  <span className="block truncate text-xs text-gray-400">{o.department_name ?? o.customer.email}</span>
                </td>
                <td className={`${td} col-start-2 row-start-3 flex flex-wrap items-center gap-2 @xl:table-cell`}>
                  <StatusBadge status={o.status} />
                  <span className="@xl:ml-1 @3xl:hidden">
                    <PaymentStatusBadge status={o.payment_status} />
                  </span>
                  <span className="text-xs @xl:mt-1 @xl:block @6xl:hidden">
                    <FulfillmentTag value={o.fulfillment} />
                  </span>
                </td>
                <td className={`${td} col-span-2 col-start-2 row-start-4 text-xs @xl:text-sm`}>
                  <span className="text-gray-400 @xl:sr-only">Due </span>
                  <DueBadge due={o.due_date} status={o.status} today={today} />
                </td>
                <td className={`${td} hidden @3xl:table-cell`}>
                  <PaymentStatusBadge status={o.payment_status} />
                  {o.payment_status === 'partially_paid' ? (
                    <span className="mt-1 block text-xs whitespace-nowrap text-gray-400">
                      {formatUsd(o.balance)} due
                    </span>
                  ) : null}
                </td>
                <td className={`${td} hidden @6xl:table-cell`}>
                  <FulfillmentTag value={o.fulfillment} />
                </td>
                <td className={`${td} hidden text-right text-gray-300 tabular-nums @6xl:table-cell`}>{o.item_count}</td>
                <td
                  className={`${td} col-start-3 row-start-3 text-right text-gray-300 @xl:text-left @xl:@max-5xl:hidden`}
                >
                  <time dateTime={o.created_at} title={formatShopDateTime(o.created_at)} className="block">
                    <span className="hidden whitespace-nowrap @xl:block">{formatPlaced(o.created_at)}</span>
                    <span className="block text-xs whitespace-nowrap text-gray-400">
                      {formatAge(o.created_at, now)}
                    </span>
                  </time>
                </td>
                <td className={`${td} hidden break-all text-gray-300 @6xl:table-cell`}>{o.po_number ?? '—'}</td>
                <td className={`${td} col-start-3 row-start-1 text-right font-semibold text-gray-100 tabular-nums`}>
                  {formatUsd(o.total)}
                  <span className="block text-xs font-normal text-gray-400 @6xl:hidden">
                    {plural(o.item_count, 'item')}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
