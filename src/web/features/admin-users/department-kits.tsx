import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Department } from '@shared/admin';
import { decorationLabel, POSITION_LABELS } from '@shared/cart-basics';
import type { KitInput, KitView } from '@shared/kits';
import { formatUsd } from '@shared/money';
import { LoadState } from '@web/components/load-state';
import { Button, ConfirmDialog } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAdminProducts } from '@web/features/admin-catalog';
import { useDeleteKit, useDepartmentKits, useSaveKit } from './api/kit-calls';
import { KitForm } from './kit-form';

const decorationWords = (item: KitView['items'][number]) =>
  item.decorations.map((d) => `${decorationLabel(d.type)} (${POSITION_LABELS[d.position]})`).join(', ');

/** A department's kits (docs/product.md#department-kits): listed, then edited one at a time in the same dialog. */
export function DepartmentKits({ department }: { department: Department }) {
  const kits = useDepartmentKits(department.id);
  const products = useAdminProducts();
  const save = useSaveKit(department.id);
  const del = useDeleteKit(department.id);
  const [editing, setEditing] = useState<KitView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<KitView | null>(null);
  const offered = useMemo(
    () =>
      (products.data ?? []).filter(
        (p) => p.active && (department.product_ids === null || department.product_ids.includes(p.id)),
      ),
    [products.data, department.product_ids],
  );

  const onSave = (body: KitInput) =>
    save.mutate(
      { id: editing === 'new' || editing === null ? undefined : editing.id, body },
      {
        onSuccess: (k) => {
          toast.success(`${k.name} saved`);
          setEditing(null);
        },
        onError: (err) => toast.error(errorText(err, 'Failed to save the kit')),
      },
    );

  if (editing !== null)
    return (
      <KitForm
        key={editing === 'new' ? 'new' : editing.id}
        departmentId={department.id}
        kit={editing === 'new' ? undefined : editing}
        products={offered}
        saving={save.isPending}
        onSave={onSave}
        onCancel={() => setEditing(null)}
      />
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-md text-sm text-gray-400">
          Garments members order together, added to the cart in one step with a size each and the name once.
        </p>
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden /> New kit
        </Button>
      </div>
      <LoadState
        pending={kits.isPending}
        failed={kits.isError}
        pendingText="Loading kits..."
        failedText="Failed to load kits"
      />
      {kits.data?.length === 0 ? <p className="text-sm text-gray-400">No kits yet.</p> : null}
      <ul className="space-y-3">
        {kits.data?.map((kit) => (
          <li key={kit.id} data-testid="kit-card" className="rounded-lg border border-gray-800 p-3">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-semibold break-words text-gray-100">{kit.name}</h3>
                <p className="text-sm text-gray-400">
                  {formatUsd(kit.total_price)} at today’s prices{kit.active ? '' : ' · not offered'}
                </p>
              </div>
              <div className="flex shrink-0 gap-1">
                <Button variant="icon" aria-label={`Edit ${kit.name}`} onClick={() => setEditing(kit)}>
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
                <Button variant="icon" aria-label={`Delete ${kit.name}`} onClick={() => setDeleting(kit)}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            </div>
            <ul className="mt-2 space-y-1 text-sm text-gray-300">
              {kit.items.map((item, i) => (
                <li key={i} className={item.available ? '' : 'text-amber-300'}>
                  {item.quantity} × {item.product_name}
                  {item.color ? ` – ${item.color}` : ''}
                  {item.decorations.length ? ` · ${decorationWords(item)}` : ''}
                  {item.available ? '' : ' · no longer offered'}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete kit?"
        description={`${deleting?.name ?? ''} will no longer be offered to members. Carts and orders keep their lines.`}
        confirmLabel="Delete"
        danger
        pending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => toast.success(`${deleting.name} deleted`),
            onError: (err) => toast.error(errorText(err, 'Failed to delete the kit')),
            onSettled: () => setDeleting(null),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
