import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  CUSTOMIZATION_LABELS,
  CUSTOMIZATION_TYPES,
  offeredPositions,
  POSITION_LABELS,
  type CustomizationType,
  type Position,
} from '@shared/cart-basics';
import { KIT_ITEMS_MAX, kitInputSchema, type KitInput, type KitView } from '@shared/kits';
import type { AdminProduct } from '@shared/catalog-admin';
import { DialogActions } from '@web/components/dialog-actions';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Button, Checkbox, Field, Input, Select, Textarea } from '@web/components/ui';

// One row per garment: which garment and colour, how many, and where each decoration goes (only where it takes one).
type Row = {
  key: number;
  product_id: number | '';
  quantity: string;
  decorations: Partial<Record<CustomizationType, Position>>;
};

let nextKey = 1;
const rowOf = (item?: KitView['items'][number]): Row => ({
  key: nextKey++,
  product_id: item?.product_id ?? '',
  quantity: String(item?.quantity ?? 1),
  decorations: Object.fromEntries((item?.decorations ?? []).map((d) => [d.type, d.position])),
});

type Props = {
  departmentId: number;
  kit?: KitView;
  /** The garments the department's members may buy, in catalogue order. */
  products: AdminProduct[];
  saving: boolean;
  onSave: (body: KitInput) => void;
  onCancel: () => void;
};

export function KitForm({ departmentId, kit, products, saving, onSave, onCancel }: Props) {
  const [name, setName] = useState(kit?.name ?? '');
  const [description, setDescription] = useState(kit?.description ?? '');
  const [active, setActive] = useState(kit?.active ?? true);
  const [rows, setRows] = useState<Row[]>(() => (kit ? kit.items.map(rowOf) : [rowOf()]));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);

  // A field's error goes as soon as it is edited; the next save checks everything again.
  const clear = (prefix: string) =>
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith(prefix))));
  const change = (key: number, patch: Partial<Row>) => {
    clear(`items.${rows.findIndex((r) => r.key === key)}.`);
    clear('items');
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const submit = () => {
    const parsed = kitInputSchema.safeParse({
      department_id: departmentId,
      name,
      description,
      active,
      items: rows.map((r) => ({
        product_id: r.product_id === '' ? undefined : r.product_id,
        quantity: Number(r.quantity),
        decorations: Object.entries(r.decorations)
          .filter(([, position]) => position)
          .map(([type, position]) => ({ type, position })),
      })),
    });
    if (parsed.success) {
      setErrors({});
      return onSave(parsed.data);
    }
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field label="Kit name" error={errors.name} required>
        <Input
          value={name}
          maxLength={80}
          onChange={(e) => {
            clear('name');
            setName(e.target.value);
          }}
          placeholder="New recruit"
        />
      </Field>
      <Field label="Description" hint="Shown to members beside the kit." error={errors.description}>
        <Textarea
          rows={2}
          value={description}
          maxLength={300}
          onChange={(e) => {
            clear('description');
            setDescription(e.target.value);
          }}
        />
      </Field>
      <Checkbox label="Offered to members" checked={active} onChange={(e) => setActive(e.target.checked)} />
      <fieldset className="space-y-3 border-t border-gray-800 pt-4">
        <legend className="text-sm font-semibold text-white">Garments</legend>
        <ErrorAlert message={errors.items} />
        <ol className="space-y-3">
          {rows.map((row, index) => {
            const product = row.product_id === '' ? undefined : byId.get(row.product_id);
            return (
              <li key={row.key} data-testid="kit-row" className="rounded-lg border border-gray-800 p-3">
                <div className="grid grid-cols-[minmax(0,1fr)_5.5rem] gap-3 sm:grid-cols-[minmax(0,1fr)_6rem_auto]">
                  <Field label={`Garment ${index + 1}`} error={errors[`items.${index}.product_id`]}>
                    <Select
                      value={row.product_id}
                      onChange={(e) =>
                        change(row.key, { product_id: e.target.value ? Number(e.target.value) : '', decorations: {} })
                      }
                    >
                      <option value="">Choose a garment</option>
                      {products.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field label="Quantity" error={errors[`items.${index}.quantity`]}>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={20}
                      value={row.quantity}
                      onChange={(e) => change(row.key, { quantity: e.target.value })}
                    />
                  </Field>
                  <div className="col-span-2 flex items-end sm:col-span-1">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove garment ${index + 1}`}
                      disabled={rows.length === 1}
                      onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden /> Remove
                    </Button>
                  </div>
                </div>
                {product ? (
                  <div className="mt-3 grid gap-3 sm:grid-cols-3">
                    {CUSTOMIZATION_TYPES.map((type) => {
                      const positions = offeredPositions(product.customizations, type);
                      if (positions.length === 0) return null;
                      return (
                        <Field key={type} label={CUSTOMIZATION_LABELS[type]}>
                          <Select
                            value={row.decorations[type] ?? ''}
                            onChange={(e) =>
                              change(row.key, {
                                decorations: { ...row.decorations, [type]: (e.target.value || undefined) as Position },
                              })
                            }
                          >
                            <option value="">None</option>
                            {positions.map((p) => (
                              <option key={p} value={p}>
                                {POSITION_LABELS[p]}
                              </option>
                            ))}
                          </Select>
                        </Field>
                      );
                    })}
                  </div>
                ) : null}
                <ErrorAlert message={errors[`items.${index}.decorations`]} className="mt-2 text-sm text-red-400" />
              </li>
            );
          })}
        </ol>
        <Button
          variant="secondary"
          size="sm"
          disabled={rows.length >= KIT_ITEMS_MAX}
          onClick={() => setRows((all) => [...all, rowOf()])}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add a garment
        </Button>
      </fieldset>
      <DialogActions onCancel={onCancel}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save kit'}
        </Button>
      </DialogActions>
    </form>
  );
}
