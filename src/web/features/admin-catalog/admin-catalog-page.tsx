import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminProduct } from '@shared/catalog-admin';
import { LoadState } from '@web/components/load-state';
import { Modal } from '@web/components/modal';
import { Button, PageHeader, Tabs } from '@web/components/ui';
import { useSession } from '@web/features/auth';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAdminProducts, useCreateProduct, usePatchProducts } from './api/catalog-calls';
import { CatalogFilters } from './catalog-filters';
import { ColourForm, type ColourBody } from './colour-form';
import { DecorationKindsTab } from './decoration-kinds-tab';
import { GarmentCard, type Editing } from './garment-card';
import { GarmentForm } from './garment-form';
import { SearchWordsTab } from './search-words-tab';
import type { GarmentBody } from './garment-values';
import { filterGarments, groupGarments, type CatalogFilter } from './garments';

const TABS = [
  { value: 'garments', label: 'Garments' },
  { value: 'decorations', label: 'Decoration kinds' },
  { value: 'search-words', label: 'Search words' },
] as const;
type TabId = (typeof TABS)[number]['value'];

export default function AdminCatalogPage() {
  const { data: me } = useSession();
  const canEdit = me?.role === 'admin';
  // ?tab=decorations opens the kinds directly; employees see the garments only (kinds are an admin's to change).
  const asked = useSearchParams()[0].get('tab');
  const [tab, setTab] = useState<TabId>(() => TABS.find((t) => t.value === asked)?.value ?? 'garments');
  const onKinds = canEdit && tab === 'decorations';
  const onWords = canEdit && tab === 'search-words';
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

  const garmentList = (
    <div className="space-y-6">
      <CatalogFilters filter={filter} categories={categories} onChange={setFilter} />

      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading the catalogue..."
        failedText="Failed to load the catalogue"
      />
      {data && shown.length === 0 ? <p className="text-gray-400">No garments match.</p> : null}

      <ul className="space-y-4">
        {shown.map((g) => (
          <GarmentCard key={g.name} garment={g} canEdit={canEdit} onEdit={(e) => setEditing(e)} onActive={setActive} />
        ))}
      </ul>
    </div>
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-8">
      <PageHeader
        flush
        title="Catalogue"
        description={
          canEdit
            ? 'Garments, their colours and photos, and the decorations they take. Deactivate a colour to take it out of the store.'
            : 'Garments, their colours and photos. Only admins can change them.'
        }
        actions={
          canEdit && !onKinds && !onWords ? (
            <Button onClick={() => setEditing({ kind: 'new-garment' })} className="text-sm">
              <Plus className="h-4 w-4" aria-hidden /> New garment
            </Button>
          ) : null
        }
      />

      {canEdit ? (
        <Tabs label="Catalogue" idPrefix="catalog-" tabs={TABS} value={tab} onChange={setTab}>
          {onKinds ? <DecorationKindsTab /> : onWords ? <SearchWordsTab /> : garmentList}
        </Tabs>
      ) : (
        garmentList
      )}

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
