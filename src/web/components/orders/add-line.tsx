import { useState } from 'react';
import type { Product } from '@shared/cart-catalog';
import { formatUsd } from '@shared/money';
import { Button, Field, Select } from '@web/components/ui';

/** "Add a product" under a line editor: pick one from the catalogue and add it as a new line. */
export function AddLine({ products, onAdd }: { products: Product[]; onAdd: (product: Product) => void }) {
  const [adding, setAdding] = useState('');
  const add = () => {
    const p = products.find((x) => String(x.id) === adding);
    if (!p) return;
    onAdd(p);
    setAdding('');
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Field label="Add a product" className="min-w-0 flex-1">
        <Select value={adding} onChange={(e) => setAdding(e.target.value)}>
          <option value="">Choose a product…</option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({formatUsd(p.price)}){p.required ? ' · required item' : ''}
            </option>
          ))}
        </Select>
      </Field>
      <Button variant="secondary" onClick={add} disabled={!adding}>
        Add line
      </Button>
    </div>
  );
}
