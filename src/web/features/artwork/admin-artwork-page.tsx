import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ARTWORK_STATUS_LABELS, ARTWORK_STATUSES, type ArtworkStatus } from '@shared/artwork';
import { LoadState } from '@web/components/load-state';
import { formatDateTime } from '@web/components/orders/status-badge';
import { Button, Field, Input, PageHeader, Tabs } from '@web/components/ui';
import { useArtworkQueue, useCustomerSearch } from './api/artwork-calls';
import { ArtworkStatusBadge } from './proof-round';
import { UploadForm } from './upload-form';

const isStatus = (v: string | null): v is ArtworkStatus => ARTWORK_STATUSES.includes(v as ArtworkStatus);

/** Staff upload for a customer found by name or e-mail (the staff search). */
function UploadForCustomer() {
  const [q, setQ] = useState('');
  const [customer, setCustomer] = useState<{ id: number; name: string; email: string } | null>(null);
  const found = useCustomerSearch(q);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="for-customer" className="rounded-xl border border-gray-800 bg-ink-900 p-4">
      <h2 id="for-customer" className="mb-3 text-lg font-semibold text-white">
        Upload for a customer
      </h2>
      {customer ? (
        <div className="space-y-3">
          <p className="text-sm text-gray-300">
            For <strong className="text-white">{customer.name}</strong> ({customer.email}){' '}
            <Button variant="link" onClick={() => setCustomer(null)}>
              Change
            </Button>
          </p>
          <UploadForm customerId={customer.id} onDone={(id) => navigate(`/admin/artwork/${id}`)} />
        </div>
      ) : (
        <>
          <Field label="Find the customer" hint="Name or e-mail, two letters or more">
            <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
          </Field>
          {found.data ? (
            <ul className="mt-2 space-y-1" aria-label="Customers found">
              {found.data.customers.length === 0 ? <li className="text-sm text-gray-400">No customer found.</li> : null}
              {found.data.customers.map((c) => (
                <li key={c.id}>
                  <Button
                    variant="plain"
                    className="w-full rounded-lg px-2 py-1.5 text-left text-sm text-gray-200 hover:bg-gray-800"
                    onClick={() => setCustomer(c)}
                  >
                    {c.name} <span className="text-gray-400">({c.email})</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}

/** /admin/artwork: the queue by status, the longest waiting first, with the count of each. */
export default function AdminArtworkPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ArtworkStatus = isStatus(raw) ? raw : 'submitted';
  const q = useArtworkQueue(status);
  const counts = q.data?.counts;
  return (
    <div className="space-y-5 px-4 py-6 sm:px-6">
      <PageHeader
        flush
        title="Artwork"
        description="Customers' logos: send a proof for what was submitted or sent back, and see what waits for the customer."
      />
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Tabs
          className="min-w-0"
          label="Artwork by status"
          idPrefix="artwork-"
          value={status}
          onChange={(s) => setParams({ status: s }, { replace: true })}
          tabs={ARTWORK_STATUSES.map((s) => ({
            value: s,
            label: (
              <>
                {ARTWORK_STATUS_LABELS[s]}
                {counts ? (
                  <span
                    className="rounded-full bg-gray-800 px-2 text-xs text-gray-200"
                    data-testid={`artwork-count-${s}`}
                  >
                    {counts[s]}
                  </span>
                ) : null}
              </>
            ),
          }))}
        >
          <div>
            <LoadState
              pending={q.isPending}
              failed={q.isError}
              pendingText="Loading the artwork…"
              failedText="The artwork could not be loaded."
            />
            {q.data && q.data.artworks.length === 0 ? <p className="text-gray-400">Nothing here.</p> : null}
            <ul className="space-y-2" data-testid="artwork-queue">
              {q.data?.artworks.map((a) => (
                <li key={a.id}>
                  <Link
                    to={`/admin/artwork/${a.id}`}
                    className="flex items-center gap-3 rounded-xl border border-gray-800 bg-ink-900 p-3 hover:border-gray-600"
                  >
                    <img
                      src={a.preview_url}
                      alt=""
                      className="h-14 w-14 shrink-0 rounded bg-white object-contain p-1"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-white">{a.name}</span>
                      <span className="block truncate text-sm text-gray-400">
                        {a.customer.name} · {a.customer.email}
                      </span>
                    </span>
                    <span className="hidden text-right text-xs text-gray-400 sm:block">
                      <ArtworkStatusBadge status={a.status} />
                      <span className="mt-1 block">Since {formatDateTime(a.updated_at)}</span>
                      <span className="block">
                        {a.rounds} proof{a.rounds === 1 ? '' : 's'}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </Tabs>
        <UploadForCustomer />
      </div>
    </div>
  );
}
