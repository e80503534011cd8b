import type { Product } from '@shared/cart-catalog';
import { AddLine } from '@web/components/orders/add-line';
import { newLine, type LineDraft } from '@web/components/orders/line-draft';
import { LineEditor } from '@web/components/orders/line-editor';
import { card } from './phone-order-summary';

/** The order's lines in the shared line editor, from the customer's own catalogue. */
export function PhoneOrderItems({
  lines,
  products,
  onLines,
}: {
  lines: LineDraft[];
  products: Product[];
  onLines: (change: (lines: LineDraft[]) => LineDraft[]) => void;
}) {
  const patch = (key: string, p: Partial<LineDraft>) =>
    onLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...p } : l)));
  return (
    <section className={card} aria-labelledby="items-h">
      <h2 id="items-h" className="mb-3 font-semibold text-white">
        Items
      </h2>
      {lines.length === 0 ? (
        <p className="mb-3 text-sm text-gray-400">No items yet: add the garments the customer asks for.</p>
      ) : null}
      <ul className="space-y-3">
        {lines.map((l) => (
          <LineEditor
            key={l.key}
            testId="edit-line"
            line={l}
            product={products.find((p) => p.id === l.product_id)}
            removable
            onChange={(p) => patch(l.key, p)}
            onRemove={() => onLines((ls) => ls.filter((x) => x.key !== l.key))}
          />
        ))}
      </ul>
      <div className="mt-3">
        <AddLine products={products} onAdd={(p) => onLines((ls) => [...ls, newLine(p)])} />
      </div>
    </section>
  );
}
