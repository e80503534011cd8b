import { useEffect, useState } from 'react';
import { PAGE_SIZES } from '@shared/constants';
import { formatUsd } from '@shared/money';
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus, type OrderSummary } from '@shared/orders';
import { LoadState } from '@web/components/load-state';
import { formatDate, StatusBadge } from '@web/components/orders/status-badge';
import { SearchBox } from '@web/components/search-box';
import { useAdminOrders } from './api/admin-orders-api';
import { AdminOrderModal } from './admin-order-modal';

const LIMIT = PAGE_SIZES.adminOrders;

export default function AdminOrdersPage() {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  // The chosen order stays open even when a status change moves it out of the current filter.
  const [open, setOpen] = useState<OrderSummary | null>(null);
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(typed);
      setOffset(0);
    }, 300);
    return () => clearTimeout(t);
  }, [typed]);
  const { data, isPending, isError, isFetching } = useAdminOrders({ status, search, offset, limit: LIMIT });
  const counts = data?.counts;
  const tabs: { key: OrderStatus | null; label: string; n?: number }[] = [
    { key: null, label: 'All', n: counts?.all },
    ...ORDER_STATUSES.map((s) => ({ key: s, label: STATUS_LABELS[s], n: counts?.[s] })),
  ];
  const total = data?.total ?? 0;

  return (
    <div className="px-4 py-6 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-white">Orders</h1>
        <SearchBox
          label="Search orders"
          value={typed}
          onChange={setTyped}
          placeholder="Order number, customer name or e-mail"
          className="relative block w-full sm:w-80"
        />
      </div>
      <div
        role="tablist"
        aria-label="Filter by status"
        className="mb-4 flex gap-1 overflow-x-auto border-b border-gray-800 pb-px"
      >
        {tabs.map((t) => (
          <button
            key={t.key ?? 'all'}
            role="tab"
            aria-selected={status === t.key}
            data-testid={`status-tab-${t.key ?? 'all'}`}
            onClick={() => {
              setStatus(t.key);
              setOffset(0);
            }}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap ${status === t.key ? 'border-brand-500 font-semibold text-white' : 'border-transparent text-gray-400 hover:text-gray-200'}`}
          >
            {t.label}
            <span className="ml-1.5 rounded-full bg-gray-800 px-1.5 py-0.5 text-xs text-gray-300">{t.n ?? '·'}</span>
          </button>
        ))}
      </div>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading orders…"
        failedText="Failed to fetch orders"
      />
      {data && data.orders.length === 0 ? (
        <p className="rounded-lg border border-gray-800 p-6 text-center text-gray-400">No orders match.</p>
      ) : null}
      {data && data.orders.length > 0 ? (
        <div
          className={`overflow-hidden rounded-xl border border-gray-800 bg-ink-900 ${isFetching ? 'opacity-80' : ''}`}
        >
          <table className="w-full text-sm">
            <thead className="hidden bg-ink-800/60 text-left text-xs tracking-wide text-gray-400 uppercase md:table-header-group">
              <tr>
                <th className="px-4 py-2 font-medium">Order</th>
                <th className="px-4 py-2 font-medium">Customer</th>
                <th className="px-4 py-2 font-medium">Date</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 text-right font-medium">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-800">
              {data.orders.map((o) => (
                <tr
                  key={o.id}
                  tabIndex={0}
                  data-testid="admin-order-row"
                  data-order-number={o.order_number}
                  onClick={() => setOpen(o)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), setOpen(o))}
                  className="grid cursor-pointer grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 hover:bg-gray-800/60 focus-visible:bg-gray-800/60 focus-visible:outline-none md:table-row md:p-0"
                >
                  <td className="font-mono font-semibold text-gray-100 md:px-4 md:py-3">{o.order_number}</td>
                  <td className="col-span-2 row-start-2 min-w-0 text-gray-300 md:px-4 md:py-3">
                    <span className="block truncate">
                      {[o.customer.first_name, o.customer.last_name].filter(Boolean).join(' ') || o.customer.email}
                    </span>
                    <span className="block truncate text-xs text-gray-500">{o.customer.email}</span>
                  </td>
                  <td className="row-start-3 text-gray-400 md:px-4 md:py-3">{formatDate(o.created_at)}</td>
                  <td className="row-start-3 text-right md:px-4 md:py-3 md:text-left">
                    <StatusBadge status={o.status} />
                  </td>
                  <td className="col-start-2 row-start-1 text-right font-semibold text-gray-100 md:px-4 md:py-3">
                    {formatUsd(o.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {total > LIMIT ? (
        <nav className="mt-4 flex items-center justify-between text-sm text-gray-400" aria-label="Pages">
          <span>
            {offset + 1}–{Math.min(offset + LIMIT, total)} of {total}
          </span>
          <span className="flex gap-2">
            <button
              type="button"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - LIMIT))}
              className="rounded-lg border border-gray-700 px-3 py-1.5 text-gray-200 disabled:opacity-40"
            >
              Previous
            </button>
            <button
              type="button"
              disabled={offset + LIMIT >= total}
              onClick={() => setOffset(offset + LIMIT)}
              className="rounded-lg border border-gray-700 px-3 py-1.5 text-gray-200 disabled:opacity-40"
            >
              Next
            </button>
          </span>
        </nav>
      ) : null}
      {open ? <AdminOrderModal summary={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
