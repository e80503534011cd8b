import { Download, FileText, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { API_BASE, PAGE_SIZES } from '@shared/constants';
import { SEARCH_MIN_CHARS, SEARCH_TOO_SHORT, type OrderSummary } from '@shared/orders';
import { LoadState } from '@web/components/load-state';
import { buttonClasses, PageHeader } from '@web/components/ui';
import { useSession } from '@web/features/auth';
import { useAdminOrders, useDepartmentChoices } from './api/admin-orders-api';
import { AdminOrderModal } from './admin-order-modal';
import { BulkBar, BulkOutcome, type BulkResult, type Picked } from './bulk-bar';
import { FiltersBar } from './filters-bar';
import { listQuery, readFilters, writeFilters, type OrderFilters } from './order-filters';
import { OrdersTable } from './orders-table';
import { Pager } from '@web/components/pager';
import { StatusTabs } from './status-tabs';

const LIMIT = PAGE_SIZES.adminOrders;

/** The staff order list: filters in the URL, refreshing while open, rows to select and move together. */
export default function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const query = useMemo(() => listQuery(filters, LIMIT), [filters]);
  const { data, isPending, isError, isPlaceholderData, dataUpdatedAt } = useAdminOrders(query);
  const isAdmin = useSession().data?.role === 'admin';
  const departments = useDepartmentChoices(isAdmin).data ?? null;
  const [picked, setPicked] = useState<Map<number, Picked>>(new Map());
  const [result, setResult] = useState<BulkResult | null>(null);
  // The chosen order stays open even when a change moves it out of the current filter; ?order=<id> opens it.
  const openId = Number(params.get('order')) || null;
  const [openSummary, setOpenSummary] = useState<OrderSummary | null>(null);

  const queryText = query.toString();
  useEffect(() => {
    setPicked(new Map());
  }, [queryText]);

  const change = useCallback(
    (patch: Partial<OrderFilters>) => setParams((q) => writeFilters(q, patch), { replace: true }),
    [setParams],
  );
  const openOrder = (o: OrderSummary | null) => {
    setOpenSummary(o);
    setParams((q) => {
      const next = new URLSearchParams(q);
      if (o) next.set('order', String(o.id));
      else next.delete('order');
      return next;
    });
  };
  const toggle = (o: Picked) =>
    setPicked((m) => {
      const next = new Map(m);
      if (next.has(o.id)) next.delete(o.id);
      else next.set(o.id, o);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setPicked((m) => {
      const next = new Map(m);
      for (const o of data?.orders ?? []) {
        if (on) next.set(o.id, o);
        else next.delete(o.id);
      }
      return next;
    });

  const total = data?.total ?? 0;
  const tooShort = filters.search.trim().length > 0 && filters.search.trim().length < SEARCH_MIN_CHARS;
  const exportQuery = new URLSearchParams(query);
  exportQuery.delete('limit');
  exportQuery.delete('offset');
  if (exportQuery.get('sort') === 'due') exportQuery.delete('sort');

  return (
    <div className="px-4 py-6 sm:px-6">
      <PageHeader
        title="Orders"
        actions={
          <>
            <Link to="/admin/statements" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              <FileText className="h-4 w-4" aria-hidden />
              Statements
            </Link>
            <Link to="/admin/orders/ship" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              <Upload className="h-4 w-4" aria-hidden />
              Import tracking CSV
            </Link>
            <a
              href={`${API_BASE}/orders/admin/export.csv?${exportQuery}`}
              download
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              <Download className="h-4 w-4" aria-hidden />
              Export CSV
            </a>
          </>
        }
      />
      <FiltersBar filters={filters} departments={departments} onChange={change} />
      <StatusTabs value={filters.status} counts={data?.counts} onChange={(status) => change({ status })}>
        {result ? <BulkOutcome result={result} onDismiss={() => setResult(null)} /> : null}
        <BulkBar
          picked={[...picked.values()]}
          onClear={() => setPicked(new Map())}
          onDone={(r) => {
            setResult(r);
            // What failed stays selected, to fix and try again.
            setPicked((m) => new Map([...m].filter(([id]) => r.answer.failed.some((f) => f.id === id))));
          }}
        />
        <LoadState
          pending={isPending}
          failed={isError}
          pendingText="Loading orders…"
          failedText="Failed to fetch orders"
        />
        {data && data.orders.length === 0 ? (
          <p className="rounded-lg border border-gray-800 p-6 text-center text-gray-400">
            {tooShort ? SEARCH_TOO_SHORT : 'No orders match.'}
          </p>
        ) : null}
        {data && data.orders.length > 0 ? (
          <OrdersTable
            orders={data.orders}
            selected={new Set(picked.keys())}
            onToggle={(id) => {
              const o = data.orders.find((x) => x.id === id);
              if (o) toggle(o);
            }}
            onToggleAll={toggleAll}
            onOpen={openOrder}
            now={dataUpdatedAt || Date.now()}
            dimmed={isPlaceholderData}
          />
        ) : null}
        <Pager offset={(filters.page - 1) * LIMIT} limit={LIMIT} total={total} onPage={(page) => change({ page })} />
      </StatusTabs>
      {openId ? (
        <AdminOrderModal
          id={openId}
          summary={openSummary?.id === openId ? openSummary : null}
          onClose={() => openOrder(null)}
        />
      ) : null}
    </div>
  );
}
