import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@shared/audit';
import { API_BASE } from '@shared/constants';
import { formatShopDateTime } from '@shared/time';
import { LoadState } from '@web/components/load-state';
import { Pager } from '@web/components/pager';
import { buttonClasses, Field, Input, PageHeader, Select, Table, type Column } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { useAuditLog } from './audit-api';
import { AuditChanges } from './audit-changes';

const FILTERS = ['actor_id', 'kind', 'entity_type', 'entity', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
const LIMIT = 50;
const size = 'w-full sm:w-auto';

const columns: Column<AuditEntry>[] = [
  {
    key: 'at',
    header: 'When',
    label: 'When',
    cell: (e) => <span className="whitespace-nowrap">{formatShopDateTime(e.at)}</span>,
  },
  {
    key: 'who',
    header: 'Who',
    label: 'Who',
    cell: (e) => (
      <span className="block break-all lg:min-w-48">
        {e.actor_email} <span className="text-gray-400">({e.actor_role})</span>
      </span>
    ),
  },
  { key: 'kind', header: 'What', label: 'What', cell: (e) => <code className="text-xs">{e.kind}</code> },
  {
    key: 'record',
    header: 'Record',
    label: 'Record',
    // A bulk move names every order ("#12,13,14…"): one long word that must wrap on a phone.
    cell: (e) => <span className="break-all">{`${e.entity_type}${e.entity_id ? ` #${e.entity_id}` : ''}`}</span>,
  },
  {
    key: 'changes',
    header: 'Before → after',
    label: 'Before → after',
    cell: (e) => (
      <div className="min-w-0 break-all">
        <AuditChanges entry={e} />
      </div>
    ),
  },
  { key: 'ip', header: 'From', label: 'From', cell: (e) => <span className="tabular-nums">{e.ip}</span> },
];

/** /admin/audit: every staff and admin action, filtered by person, kind, record and days (Arizona), with a CSV. */
export default function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const offset = Number(params.get('offset') ?? 0) || 0;
  const query = new URLSearchParams();
  for (const f of FILTERS) {
    const v = params.get(f);
    if (v) query.set(f, v);
  }
  const exportQuery = query.toString();
  query.set('limit', String(LIMIT));
  query.set('offset', String(offset));
  const { data, isPending, isError, error } = useAuditLog(query);

  const change = (f: Filter, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(f, value);
        else next.delete(f);
        next.delete('offset');
        return next;
      },
      { replace: true },
    );
  const page = (to: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (to > 0) next.set('offset', String(to));
      else next.delete('offset');
      return next;
    });

  const total = data?.total ?? 0;
  return (
    <div className="px-4 py-6 sm:px-6">
      <PageHeader
        title="Audit log"
        description="Every change made by staff and admins: who, what changed from what to what, when (Arizona time) and from which address. Kept for two years."
        actions={
          <a
            href={`${API_BASE}/audit/export.csv?${exportQuery}`}
            download
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Download className="h-4 w-4" aria-hidden />
            Export CSV
          </a>
        }
      />
      <div className="mb-4 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap" data-testid="audit-filters">
        <Field label="Person">
          <Select
            className={`${size} sm:max-w-64`}
            value={params.get('actor_id') ?? ''}
            onChange={(e) => change('actor_id', e.target.value)}
          >
            <option value="">Everyone</option>
            {data?.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.email}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Kind">
          <Select className={size} value={params.get('kind') ?? ''} onChange={(e) => change('kind', e.target.value)}>
            <option value="">Every kind</option>
            {data?.kinds.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Record type">
          <Select
            className={size}
            value={params.get('entity_type') ?? ''}
            onChange={(e) => change('entity_type', e.target.value)}
          >
            <option value="">Every record</option>
            {data?.entity_types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Record id or order number">
          <Input
            className={`${size} sm:w-44`}
            value={params.get('entity') ?? ''}
            onChange={(e) => change('entity', e.target.value)}
          />
        </Field>
        <Field label="From">
          <Input
            type="date"
            className={size}
            value={params.get('from') ?? ''}
            max={params.get('to') ?? undefined}
            onChange={(e) => change('from', e.target.value)}
          />
        </Field>
        <Field label="To">
          <Input
            type="date"
            className={size}
            value={params.get('to') ?? ''}
            min={params.get('from') ?? undefined}
            onChange={(e) => change('to', e.target.value)}
          />
        </Field>
      </div>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading the audit log…"
        failedText={errorText(error, 'Failed to fetch the audit log')}
      />
      {data ? (
        <Table
          caption="Staff and admin actions, newest first"
          captionHidden
          columns={columns}
          rows={data.entries}
          rowKey={(e) => String(e.id)}
          stackOnPhone
          empty="Nothing recorded for these filters."
        />
      ) : null}
      <Pager offset={offset} limit={LIMIT} total={total} onPage={(n) => page((n - 1) * LIMIT)} />
    </div>
  );
}
