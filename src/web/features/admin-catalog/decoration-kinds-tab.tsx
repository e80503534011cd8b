import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import type { DecorationKind, DecorationPosition } from '@shared/decorations';
import { formatUsd } from '@shared/money';
import { LoadState } from '@web/components/load-state';
import { Modal } from '@web/components/modal';
import { Button, Table, type Column } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useCreateKind, useDecorationKinds, useUpdateKind } from './api/decoration-calls';
import { KindForm, type KindBody } from './kind-form';

type Editing = { kind?: DecorationKind } | null;

const positionNames = (keys: readonly string[], positions: readonly DecorationPosition[]) =>
  positions
    .filter((p) => keys.includes(p.key))
    .map((p) => p.label)
    .join(', ');

/**
 * The decoration kinds the shop sells (SPEC's three and any an admin added): their price per piece and the positions
 * they may take. A kind is switched off, never deleted: order lines keep its key, label and what it cost.
 */
export function DecorationKindsTab() {
  const { data, isPending, isError } = useDecorationKinds();
  const create = useCreateKind();
  const update = useUpdateKind();
  const [editing, setEditing] = useState<Editing>(null);
  const positions = data?.positions ?? [];

  const save = async (body: KindBody) => {
    const kind = editing?.kind;
    if (kind) {
      const { label, price, positions: where, active } = body;
      await update.mutateAsync({ id: kind.id, patch: { label, price, positions: where, active } });
    } else await create.mutateAsync(body);
    toast.success(`${body.label} ${kind ? 'saved' : 'added'}`);
    setEditing(null);
  };
  const setActive = (k: DecorationKind, active: boolean) =>
    update.mutate(
      { id: k.id, patch: { active } },
      {
        onSuccess: () => toast.success(`${k.label} ${active ? 'is offered again' : 'is no longer offered'}`),
        onError: (err) => toast.error(errorText(err, 'Failed to change the kind')),
      },
    );

  const columns: Column<DecorationKind>[] = [
    {
      key: 'label',
      header: 'Kind',
      label: 'Kind',
      cell: (k) => (
        <span className="block min-w-0 break-words">
          <span className="font-medium text-gray-100">{k.label}</span>
          <span className="block font-mono text-xs text-gray-400">{k.key}</span>
        </span>
      ),
    },
    { key: 'price', header: 'Price each', label: 'Price each', cell: (k) => formatUsd(k.price) },
    { key: 'positions', header: 'Positions', label: 'Positions', cell: (k) => positionNames(k.positions, positions) },
    { key: 'text', header: 'Takes text', label: 'Takes text', cell: (k) => (k.takes_text ? 'Yes' : 'No') },
    {
      key: 'active',
      header: 'Status',
      label: 'Status',
      cell: (k) => (
        <span className={k.active ? 'text-emerald-400' : 'text-amber-300'}>
          {k.active ? 'Offered' : 'Switched off'}
        </span>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      label: 'Actions',
      cell: (k) => (
        <span className="flex flex-wrap gap-2 lg:flex-nowrap">
          <Button variant="secondary" size="sm" aria-label={`Edit ${k.label}`} onClick={() => setEditing({ kind: k })}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Button>
          <Button
            variant={k.active ? 'danger-quiet' : 'secondary'}
            size="sm"
            aria-label={`${k.active ? 'Switch off' : 'Offer'} ${k.label}`}
            disabled={update.isPending}
            onClick={() => setActive(k, !k.active)}
          >
            {k.active ? 'Switch off' : 'Offer again'}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-3xl text-sm text-gray-400">
          What can go on a garment and what one piece of it costs. A garment offers a kind once it is ticked in the
          garment&rsquo;s editor. Switched-off kinds are no longer sold; placed orders keep them as bought.
        </p>
        <Button onClick={() => setEditing({})} className="text-sm">
          <Plus className="h-4 w-4" aria-hidden /> New kind
        </Button>
      </div>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading the decoration kinds..."
        failedText="Failed to load the decoration kinds"
      />
      {data ? (
        <Table
          caption="Decoration kinds"
          captionHidden
          columns={columns}
          rows={data.kinds}
          rowKey={(k) => k.key}
          rowTestId="kind-row"
          stackOnPhone
          empty="No decoration kinds yet."
        />
      ) : null}
      <Modal
        open={editing !== null}
        onOpenChange={(o) => (o ? undefined : setEditing(null))}
        title={editing?.kind ? `Edit ${editing.kind.label}` : 'New decoration kind'}
        size="lg"
      >
        {editing ? (
          <KindForm kind={editing.kind} positions={positions} onSave={save} onCancel={() => setEditing(null)} />
        ) : null}
      </Modal>
    </div>
  );
}
