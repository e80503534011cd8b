import { Pencil, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminProduct } from '@shared/catalog-admin';
import { formatUsd } from '@shared/money';
import { categoryLabel } from '@shared/category-labels';
import { LoadState } from '@web/components/load-state';
import { Modal } from '@web/components/modal';
import { SearchBox } from '@web/components/search-box';
import { Button, Card, PageHeader, Select } from '@web/components/ui';
import { useSession } from '@web/features/auth';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAdminProducts, useCreateProduct, usePatchProducts } from './api/catalog-calls';
import { ColourForm, type ColourBody } from './colour-form';
import { GarmentForm, type GarmentBody } from './garment-form';
import { filterGarments, groupGarments, type CatalogFilter, type Garment } from './garments';
import { ImageDrop } from './image-drop';

type Editing =
  | { kind: 'new-garment' }
  | { kind: 'garment'; garment: Garment }
  | { kind: 'new-colour'; garment: Garment }
  | { kind: 'colour'; colour: AdminProduct };

export default function AdminCatalogPage() {
  const { data: me } = useSession();
  const canEdit = me?.role === 'admin';
  const { data, isPending, isError } = useAdminProducts();
  const create = useCreateProduct();
  const patch = usePatchProducts();
  const [filter, setFilter] = useState<CatalogFilter>({ search: '', category: '', active: '' });
  const [editing, setEditing] = useState<Editing | null>(null);

  const garments = useMemo(() => groupGarments(data ?? []), [data]);
  const shown = filterGarments(garments, filter);
  const categories = [...new Set(garments.map((g) => g.first.category))].sort();
  const saving = create.isPending || patch.isPending;
  const fail = (fallback: string) => (err: unknown) => toast.error(errorText(err, fallback));
  const done = (message: string) => () => {
    toast.success(message);
    setEditing(null);
  };

  const saveGarment = (body: GarmentBody, first?: { color: string; color_hex: string }) => {
    if (editing?.kind === 'garment')
      return patch.mutate(
        editing.garment.colours.map((c) => ({ id: c.id, patch: body })),
        { onSuccess: done(`${body.base_name} saved`), onError: fail('Failed to save the garment') },
      );
    create.mutate(
      { ...body, ...first! },
      { onSuccess: done(`${body.base_name} created`), onError: fail('Failed to create the garment') },
    );
  };
  const saveColour = (body: ColourBody) => {
    if (editing?.kind === 'colour')
      return patch.mutate([{ id: editing.colour.id, patch: body }], {
        onSuccess: done(`${body.color} saved`),
        onError: fail('Failed to save the colour'),
      });
    if (editing?.kind !== 'new-colour') return;
    const g = editing.garment.first;
    create.mutate(
      {
        base_name: g.base_name,
        category: g.category,
        description: g.description,
        base_price: g.base_price,
        sizes: g.sizes,
        is_multi_image: g.is_multi_image,
        customizations: g.customizations,
        ...body,
      },
      { onSuccess: done(`${body.color} added`), onError: fail('Failed to add the colour') },
    );
  };
  const setActive = (c: AdminProduct, active: boolean) =>
    patch.mutate([{ id: c.id, patch: { active } }], {
      onSuccess: () => toast.success(`${c.name} ${active ? 'is back in the store' : 'left the store'}`),
      onError: fail('Failed to change the colour'),
    });

  const title =
    editing?.kind === 'new-garment'
      ? 'New garment'
      : editing?.kind === 'garment'
        ? `Edit ${editing.garment.name}`
        : editing?.kind === 'new-colour'
          ? `New colour of ${editing.garment.name}`
          : editing?.kind === 'colour'
            ? `Edit ${editing.colour.name}`
            : '';

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-8">
      <PageHeader
        flush
        title="Catalogue"
        description={
          canEdit
            ? 'Garments, their colours and photos. Deactivate a colour to take it out of the store.'
            : 'Garments, their colours and photos. Only admins can change them.'
        }
        actions={
          canEdit ? (
            <Button onClick={() => setEditing({ kind: 'new-garment' })} className="text-sm">
              <Plus className="h-4 w-4" aria-hidden /> New garment
            </Button>
          ) : null
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label="Search garments"
          value={filter.search}
          onChange={(search) => setFilter({ ...filter, search })}
          placeholder="Search by garment, colour or slug"
          className="flex-1"
        />
        <label className="sm:w-44">
          <span className="sr-only">Filter by category</span>
          <Select
            value={filter.category}
            onChange={(e) => setFilter({ ...filter, category: e.target.value })}
            className="text-sm"
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </Select>
        </label>
        <label className="sm:w-40">
          <span className="sr-only">Filter by status</span>
          <Select
            value={filter.active}
            onChange={(e) => setFilter({ ...filter, active: e.target.value as CatalogFilter['active'] })}
            className="text-sm"
          >
            <option value="">All statuses</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
        </label>
      </div>

      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading the catalogue..."
        failedText="Failed to load the catalogue"
      />
      {data && shown.length === 0 ? <p className="text-gray-400">No garments match.</p> : null}

      <ul className="space-y-4">
        {shown.map((g) => (
          <Card key={g.name} as="li" data-testid="garment-card" className="min-w-0">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="text-lg font-semibold break-words text-gray-100">{g.name}</h2>
                <p className="text-sm text-gray-400">
                  {categoryLabel(g.first.category)} · {formatUsd(g.first.base_price)} ·{' '}
                  {g.first.sizes.map((s) => s.label).join(', ')}
                </p>
              </div>
              {canEdit ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'garment', garment: g })}>
                    <Pencil className="h-4 w-4" aria-hidden /> Edit garment
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'new-colour', garment: g })}>
                    <Plus className="h-4 w-4" aria-hidden /> Add colour
                  </Button>
                </div>
              ) : null}
            </div>
            <ul className="mt-4 divide-y divide-gray-800">
              {g.colours.map((c) => (
                <li
                  key={c.id}
                  data-testid="colour-row"
                  className="flex flex-col gap-3 py-3 lg:flex-row lg:items-center"
                >
                  <div className="flex min-w-0 flex-1 items-center gap-3">
                    <span
                      className="h-6 w-6 shrink-0 rounded-full ring-1 ring-gray-600"
                      style={{ background: c.color_hex }}
                      aria-hidden
                    />
                    <div className="min-w-0">
                      <p className="font-medium text-gray-100">
                        {c.color}{' '}
                        <span className={c.active ? 'text-xs text-emerald-400' : 'text-xs text-amber-300'}>
                          {c.active ? 'Active' : 'Inactive'}
                        </span>
                      </p>
                      <p className="text-xs break-all text-gray-400">{c.slug}</p>
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <ImageDrop product={c} side="front" canEdit={canEdit} />
                    {c.is_multi_image ? <ImageDrop product={c} side="back" canEdit={canEdit} /> : null}
                  </div>
                  {canEdit ? (
                    <div className="flex flex-wrap gap-2 lg:w-40 lg:flex-col">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setEditing({ kind: 'colour', colour: c })}
                        aria-label={`Edit colour ${c.name}`}
                      >
                        Edit colour
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setActive(c, !c.active)}
                        aria-label={`${c.active ? 'Deactivate' : 'Activate'} ${c.name}`}
                      >
                        {c.active ? 'Deactivate' : 'Activate'}
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </ul>

      <Modal open={editing !== null} onOpenChange={(o) => (o ? undefined : setEditing(null))} title={title} size="lg">
        {editing?.kind === 'new-garment' || editing?.kind === 'garment' ? (
          <GarmentForm
            garment={editing.kind === 'garment' ? editing.garment.first : undefined}
            saving={saving}
            onSave={saveGarment}
            onCancel={() => setEditing(null)}
          />
        ) : editing ? (
          <ColourForm
            colour={editing.kind === 'colour' ? editing.colour : undefined}
            saving={saving}
            onSave={saveColour}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </div>
  );
}
