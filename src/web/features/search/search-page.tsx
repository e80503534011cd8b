import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SEARCH_MIN_CHARS, SEARCH_TOO_SHORT, STATUS_LABELS } from '@shared/orders';
import { formatShopDate } from '@shared/time';
import { LoadState } from '@web/components/load-state';
import { SearchBox } from '@web/components/search-box';
import { useGlobalSearch } from './api/search-api';
import { Card, PageHeader } from '@web/components/ui';

function Group({
  title,
  count,
  children,
  more,
}: {
  title: string;
  count: number;
  children: ReactNode;
  more?: ReactNode;
}) {
  const id = `search-${title.toLowerCase()}`;
  return (
    <Card as="section" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="mb-2 text-sm font-semibold text-gray-300">
        {title} <span className="text-gray-400">({count})</span>
      </h2>
      {count === 0 ? <p className="text-sm text-gray-400">None found.</p> : <ul className="space-y-2">{children}</ul>}
      {more}
    </Card>
  );
}

const link = 'text-brand-300 hover:underline focus-visible:outline-2 focus-visible:outline-brand-400';

/** Orders, customers and conversations for one text (?q=, so a link or a reload keeps the search). */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [typed, setTyped] = useState(q);
  useEffect(() => {
    setTyped(q);
  }, [q]);
  useEffect(() => {
    if (typed.trim() === q) return;
    const t = setTimeout(() => setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true }), 300);
    return () => clearTimeout(t);
  }, [typed, q, setParams]);
  const tooShort = q.length > 0 && q.length < SEARCH_MIN_CHARS;
  const { data, isPending, isError, isPlaceholderData } = useGlobalSearch(q);
  const listHref = (extra = '') => `/admin/orders?${new URLSearchParams({ q })}${extra}`;

  return (
    <div className="px-4 py-6 sm:px-6">
      <PageHeader title="Search" />
      <SearchBox
        label="Search orders, customers and conversations"
        value={typed}
        onChange={setTyped}
        placeholder="Order number, name, e-mail, phone, PO, product, embroidered name, tracking, department or note"
        className="mb-4"
      />
      {tooShort ? (
        <p className="text-sm text-amber-300" role="status">
          {SEARCH_TOO_SHORT}
        </p>
      ) : null}
      {q.length >= SEARCH_MIN_CHARS ? (
        <LoadState pending={isPending} failed={isError} pendingText="Searching…" failedText="Search failed" />
      ) : null}
      {data && q.length >= SEARCH_MIN_CHARS ? (
        <div className={`grid gap-4 lg:grid-cols-3 ${isPlaceholderData ? 'opacity-70' : ''}`}>
          <Group
            title="Orders"
            count={data.orders_total}
            more={
              data.orders_total > data.orders.length ? (
                <Link to={listHref()} className={`mt-3 inline-block text-sm ${link}`}>
                  All {data.orders_total} in the order list
                </Link>
              ) : null
            }
          >
            {data.orders.map((o) => (
              <li key={o.id} className="text-sm" data-testid="search-order">
                <Link to={listHref(`&order=${o.id}`)} className={link}>
                  {o.order_number}
                </Link>{' '}
                <span className="text-gray-200">{o.customer_name}</span>
                <p className="text-xs text-gray-400">
                  {STATUS_LABELS[o.status]} · placed {formatShopDate(o.created_at)}
                </p>
              </li>
            ))}
          </Group>
          <Group title="Customers" count={data.customers.length}>
            {data.customers.map((c) => (
              <li key={c.id} className="text-sm" data-testid="search-customer">
                <Link to={`/admin/customers/${c.id}`} className={link}>
                  {c.name}
                </Link>
                <p className="text-xs break-all text-gray-400">
                  {c.email}
                  {c.phone ? ` · ${c.phone}` : ''}
                </p>
              </li>
            ))}
          </Group>
          <Group title="Conversations" count={data.conversations.length}>
            {data.conversations.map((c) => (
              <li key={c.id} className="text-sm" data-testid="search-conversation">
                <Link to={`/admin/messages/${c.id}`} className={link}>
                  {c.name}
                </Link>
                <p className="text-xs break-all text-gray-400">
                  {c.email} · last message {formatShopDate(c.last_message_at)}
                </p>
              </li>
            ))}
          </Group>
        </div>
      ) : null}
    </div>
  );
}
