import { Pencil, Plus } from 'lucide-react';
import type { AdminProduct } from '@shared/catalog-admin';
import { categoryLabel } from '@shared/category-labels';
import { formatUsd } from '@shared/money';
import { Button, Card } from '@web/components/ui';
import type { Garment } from './garments';
import { ImageDrop } from './image-drop';
import { GarmentBreaks } from './garment-breaks';

/** What the catalogue page opens in its dialog. */
export type Editing =
  | { kind: 'new-garment' }
  | { kind: 'garment'; garment: Garment }
  | { kind: 'new-colour'; garment: Garment }
  | { kind: 'colour'; colour: AdminProduct };

type Props = {
  garment: Garment;
  canEdit: boolean;
  onEdit: (e: Editing) => void;
  onActive: (c: AdminProduct, active: boolean) => void;
};

/** One garment: its category, price and sizes, then each colour with its photos and whether the store shows it. */
export function GarmentCard({ garment: g, canEdit, onEdit, onActive }: Props) {
  return (
    <Card as="li" data-testid="garment-card" className="min-w-0">
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
            <Button variant="secondary" size="sm" onClick={() => onEdit({ kind: 'garment', garment: g })}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit garment
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onEdit({ kind: 'new-colour', garment: g })}>
              <Plus className="h-4 w-4" aria-hidden /> Add colour
            </Button>
          </div>
        ) : null}
      </div>
      <GarmentBreaks product={g.first} canEdit={canEdit} />
      <ul className="mt-4 divide-y divide-gray-800">
        {g.colours.map((c) => (
          <li key={c.id} data-testid="colour-row" className="flex flex-col gap-3 py-3 lg:flex-row lg:items-center">
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
                  onClick={() => onEdit({ kind: 'colour', colour: c })}
                  aria-label={`Edit colour ${c.name}`}
                >
                  Edit colour
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onActive(c, !c.active)}
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
  );
}
