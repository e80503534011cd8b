import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  CUSTOMIZATION_LABELS,
  CUSTOMIZATION_TYPES,
  decorationLabel,
  isSpecKind,
  offeredPositions,
  POSITION_LABELS,
} from '@shared/cart-basics';
import { KIT_ITEMS_MAX, kitInputSchema, type KitInput, type KitView } from '@shared/kits';
import type { AdminProduct } from '@shared/catalog-admin';
import { DialogActions } from '@web/components/dialog-actions';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Button, Checkbox, Field, Input, Select, Textarea } from '@web/components/ui';
import { useDecorationKinds } from '@web/lib/use-decoration-kinds';

// One row per garment as the selects hold it: which garment and colour, how many, and where each decoration goes
// (a type with no position chosen has none); kitInputSchema checks what the rows become, under the same paths.
const kitForm = z
  .object({
    department_id: z.number(),
    name: z.string(),
    description: z.string(),
    active: z.boolean(),
    items: z.array(
      z.object({
        product_id: z.string(),
        quantity: z.string(),
        /** Position by kind key: SPEC's three and the kinds an admin added (the server checks them against the rows). */
        decorations: z.record(z.string(), z.string()),
      }),
    ),
  })
  .transform((v, ctx) => {
    const parsed = kitInputSchema.safeParse({
      ...v,
      items: v.items.map((r) => ({
        product_id: r.product_id === '' ? undefined : Number(r.product_id),
        quantity: Number(r.quantity),
        decorations: Object.entries(r.decorations)
          .filter(([, position]) => position)
          .map(([type, position]) => ({ type, position })),
      })),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
type KitFormValues = z.input<typeof kitForm>;
type Row = KitFormValues['items'][number];

const rowOf = (item?: KitView['items'][number]): Row => ({
  product_id: item ? String(item.product_id) : '',
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
  const kinds = useDecorationKinds();
  // A kit's decorations carry no text (the member types the name once): added kinds that take a text stay out.
  const kitKinds = [
    ...CUSTOMIZATION_TYPES,
    ...kinds.filter((k) => !isSpecKind(k.key) && !k.takes_text).map((k) => k.key),
  ];
  const form = useForm<KitFormValues, unknown, KitInput>({
    resolver: zodResolver(kitForm),
    defaultValues: {
      department_id: departmentId,
      name: kit?.name ?? '',
      description: kit?.description ?? '',
      active: kit?.active ?? true,
      items: kit ? kit.items.map(rowOf) : [rowOf()],
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const values = form.watch('items');
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const e = form.formState.errors;

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSave)}>
      <Field label="Kit name" error={e.name?.message} required>
        <Input maxLength={80} placeholder="New recruit" {...form.register('name')} />
      </Field>
      <Field label="Description" hint="Shown to members beside the kit." error={e.description?.message}>
        <Textarea rows={2} maxLength={300} {...form.register('description')} />
      </Field>
      <Checkbox label="Offered to members" {...form.register('active')} />
      <fieldset className="space-y-3 border-t border-gray-800 pt-4">
        <legend className="text-sm font-semibold text-white">Garments</legend>
        <ErrorAlert message={e.items?.root?.message ?? e.items?.message} />
        <ol className="space-y-3">
          {rows.fields.map((row, index) => {
            const chosen = values[index]?.product_id;
            const product = chosen ? byId.get(Number(chosen)) : undefined;
            const rowErrors = e.items?.[index];
            return (
              <li key={row.id} data-testid="kit-row" className="rounded-lg border border-gray-800 p-3">
                <div className="grid grid-cols-[minmax(0,1fr)_5.5rem] gap-3 sm:grid-cols-[minmax(0,1fr)_6rem_auto]">
                  <Field label={`Garment ${index + 1}`} error={rowErrors?.product_id?.message}>
                    <Select
                      {...form.register(`items.${index}.product_id`, {
                        // Another garment takes its own decorations.
                        onChange: () => form.setValue(`items.${index}.decorations`, {}),
                      })}
                    >
                      <option value="">Choose a garment</option>
                      {products.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field label="Quantity" error={rowErrors?.quantity?.message}>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={20}
                      {...form.register(`items.${index}.quantity`)}
                    />
                  </Field>
                  <div className="col-span-2 flex items-end sm:col-span-1">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove garment ${index + 1}`}
                      disabled={rows.fields.length === 1}
                      onClick={() => rows.remove(index)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden /> Remove
                    </Button>
                  </div>
                </div>
                {product ? (
                  <div className="mt-3 grid gap-3 sm:grid-cols-3">
                    {kitKinds.map((type) => {
                      const positions = offeredPositions(product.customizations, type);
                      if (positions.length === 0) return null;
                      return (
                        <Field
                          key={type}
                          label={isSpecKind(type) ? CUSTOMIZATION_LABELS[type] : decorationLabel(type, kinds)}
                        >
                          <Select {...form.register(`items.${index}.decorations.${type}`)}>
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
                <ErrorAlert
                  // The row's decorations are a record by kind: the schema's message is on the record itself.
                  message={(rowErrors?.decorations as { message?: string } | undefined)?.message}
                  className="mt-2 text-sm text-red-400"
                />
              </li>
            );
          })}
        </ol>
        <Button
          variant="secondary"
          size="sm"
          disabled={rows.fields.length >= KIT_ITEMS_MAX}
          onClick={() => rows.append(rowOf())}
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
