import { ChevronRight, Package } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@shared/money';
import type { Order } from '@shared/orders';
import { LoadState } from '@web/components/load-state';
import { formatDate, StatusBadge } from '@web/components/orders/status-badge';
import { useMyOrders } from './api/orders-api';
import { ModifyOrderModal } from './modify-order-modal';
import { OrderDetailsModal } from './order-details-modal';

export default function OrdersPage() {
  const { data: orders, isPending, isError } = useMyOrders();
  const [openId, setOpenId] = useState<number | null>(null);
  const [modifying, setModifying] = useState<Order | null>(null);
  const open = orders?.find((o) => o.id === openId) ?? null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="mb-5 text-2xl font-bold text-white">My Orders</h1>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading your orders…"
        failedText="Failed to fetch orders"
      />
      {orders && orders.length === 0 ? (
        <div className="rounded-xl border border-gray-800 bg-ink-900 p-8 text-center">
          <Package className="mx-auto h-10 w-10 text-gray-500" aria-hidden />
          <p className="mt-3 text-lg font-semibold text-white">No orders yet</p>
          <Link
            to="/store"
            className="mt-4 inline-flex rounded-lg bg-brand-500 px-4 py-2 font-semibold text-ink-950 hover:bg-brand-400"
          >
            Browse the store
          </Link>
        </div>
      ) : null}
      {orders && orders.length > 0 ? (
        <ul
          className="divide-y divide-gray-800 overflow-hidden rounded-xl border border-gray-800 bg-ink-900"
          data-testid="orders-list"
        >
          {orders.map((o) => (
            <li key={o.id}>
              <button
                type="button"
                onClick={() => setOpenId(o.id)}
                data-testid="order-row"
                data-order-number={o.order_number}
                className="grid w-full grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-3 text-left hover:bg-gray-800/60 focus-visible:bg-gray-800/60 focus-visible:outline-none sm:grid-cols-[11rem_8rem_1fr_6rem_1.25rem]"
              >
                <span className="font-mono font-semibold text-gray-100">{o.order_number}</span>
                <span className="text-right text-sm text-gray-400 sm:text-left">{formatDate(o.created_at)}</span>
                <span>
                  <StatusBadge status={o.status} />
                </span>
                <span className="text-right font-semibold text-gray-100">{formatUsd(o.total)}</span>
                <ChevronRight className="hidden h-5 w-5 text-gray-500 sm:block" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {open && !modifying ? (
        <OrderDetailsModal
          order={open}
          onClose={() => setOpenId(null)}
          onModify={setModifying}
          onOpenOrder={setOpenId}
        />
      ) : null}
      {modifying ? (
        <ModifyOrderModal
          order={modifying}
          onClose={() => setModifying(null)}
          onDone={(created) => {
            setModifying(null);
            setOpenId(created.id);
          }}
        />
      ) : null}
    </div>
  );
}
