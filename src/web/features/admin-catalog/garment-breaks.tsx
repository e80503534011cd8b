import { useState } from 'react';
import type { AdminProduct } from '@shared/catalog-admin';
import { garmentBreaksUpdateSchema } from '@shared/quantity-breaks';
import { QuantityBreaksEditor } from '@web/components/quantity-breaks-editor';
import { Button } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useSaveGarmentBreaks } from './api/catalog-calls';

/** A garment's quantity pricing: the shop's breaks, or its own (a percent off or a unit price) on all its colours. */
export function GarmentBreaks({ product, canEdit }: { product: AdminProduct; canEdit: boolean }) {
  const save = useSaveGarmentBreaks();
  const [open, setOpen] = useState(false);
  const own = product.own_quantity_breaks;
  const summary = product.quantity_breaks.length
    ? product.quantity_breaks.map((b) => `${b.min_quantity}+: $${(b.unit_price ?? 0).toFixed(2)}`).join(' · ')
    : 'none';
  const put = async (breaks: { min_quantity: number; percent_off?: number; unit_price?: number }[] | null) => {
    try {
      await save.mutateAsync({ id: product.id, breaks });
      toast.success(breaks ? 'Quantity breaks saved' : 'The garment follows the shop’s breaks again');
      setOpen(false);
    } catch (err) {
      throw new Error(errorText(err, 'The breaks could not be saved'));
    }
  };
  return (
    <div className="mt-3 rounded-lg border border-gray-800 p-3 text-sm" data-testid="garment-breaks">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-gray-300">
          <span className="font-medium text-gray-100">Quantity pricing</span> ({own ? 'its own' : 'the shop’s'}):{' '}
          {summary}
        </p>
        {canEdit && !open ? (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
              Edit breaks
            </Button>
            {own ? (
              <Button variant="ghost" size="sm" loading={save.isPending} onClick={() => void put(null).catch(() => {})}>
                Use the shop’s
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {open ? (
        <div className="mt-3">
          <QuantityBreaksEditor
            breaks={own ?? []}
            schema={garmentBreaksUpdateSchema}
            saving={save.isPending}
            onSave={put}
            saveLabel="Save the garment’s breaks"
          />
        </div>
      ) : null}
    </div>
  );
}
