import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { productCreateSchema, type AdminProduct } from '@shared/catalog-admin';
import { Button, Checkbox, Field, Input } from '@web/components/ui';
import { DialogActions } from '@web/components/dialog-actions';

// A colour's own fields with the shared catalogue rules; a blank slug is left out (the server makes one).
const colourFormSchema = z.object({
  color: productCreateSchema.shape.color,
  color_hex: productCreateSchema.shape.color_hex,
  slug: z
    .string()
    .transform((s) => s.trim() || undefined)
    .pipe(productCreateSchema.shape.slug),
  active: z.boolean(),
});
export type ColourBody = z.output<typeof colourFormSchema>;

type Props = { colour?: AdminProduct; saving: boolean; onSave: (body: ColourBody) => void; onCancel: () => void };

/** A colour of a garment: its name, swatch, slug (blank: made from the names) and whether the store shows it. */
export function ColourForm({ colour, saving, onSave, onCancel }: Props) {
  const { register, control, handleSubmit, formState } = useForm<z.input<typeof colourFormSchema>, unknown, ColourBody>(
    {
      resolver: zodResolver(colourFormSchema),
      defaultValues: {
        color: colour?.color ?? '',
        color_hex: colour?.color_hex ?? '#1f2a44',
        slug: colour?.slug ?? '',
        active: colour?.active ?? true,
      },
    },
  );
  const e = formState.errors;
  return (
    <form noValidate onSubmit={handleSubmit(onSave)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field id="c-name" label="Colour name" error={e.color?.message}>
          <Input className="text-sm" {...register('color')} />
        </Field>
        <Field id="c-hex" label="Swatch" error={e.color_hex?.message}>
          <Input type="color" className="h-10 p-1" {...register('color_hex')} />
        </Field>
      </div>
      <Field id="c-slug" label="Slug" hint="Blank: made from the garment and colour names" error={e.slug?.message}>
        <Input className="text-sm" {...register('slug')} />
      </Field>
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <Checkbox
            label="Sold in the store "
            hint="Off: hidden from the store; carts holding it cannot check out; orders keep it."
            checked={field.value}
            onChange={(ev) => field.onChange(ev.target.checked)}
          />
        )}
      />
      <DialogActions onCancel={onCancel} className="pt-2">
        <Button type="submit" loading={saving}>
          {saving ? 'Saving...' : colour ? 'Save colour' : 'Add colour'}
        </Button>
      </DialogActions>
    </form>
  );
}
