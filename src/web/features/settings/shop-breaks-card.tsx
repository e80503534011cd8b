import { shopBreaksUpdateSchema } from '@shared/quantity-breaks';
import { LoadState } from '@web/components/load-state';
import { QuantityBreaksEditor } from '@web/components/quantity-breaks-editor';
import { Card } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useSaveShopBreaks, useShopBreaks } from './api/settings-calls';

/** The shop-wide quantity breaks: a percent off the garment price from a number of pieces of one garment. */
export function ShopBreaksCard() {
  const { data, isPending, isError } = useShopBreaks();
  const save = useSaveShopBreaks();
  return (
    <Card padding="lg" as="section" aria-labelledby="shop-breaks-title">
      <h2 id="shop-breaks-title" className="text-lg font-semibold text-gray-100">
        Quantity pricing
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-300">
        A percent off the garment price once a cart or order holds this many pieces of one garment, in all its colours
        and sizes. Decorations are not discounted. A garment may set its own breaks in the catalogue.
      </p>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading quantity breaks..."
        failedText="Failed to load the quantity breaks"
      />
      {data ? (
        <QuantityBreaksEditor
          breaks={data}
          schema={shopBreaksUpdateSchema}
          percentOnly
          saving={save.isPending}
          onSave={async (breaks) => {
            await save.mutateAsync(breaks);
            toast.success('Quantity breaks saved');
          }}
        />
      ) : null}
    </Card>
  );
}
