import { Controller, useForm } from 'react-hook-form';
import type { AdminProduct } from '@shared/catalog-admin';
import { Button, Checkbox, Field, Input, Textarea } from '@web/components/ui';
import { DialogActions } from '@web/components/dialog-actions';
import { CustomisationsFieldset } from './customisations-fieldset';
import {
  garmentBody,
  garmentResolver,
  garmentValues,
  parseSizes,
  type GarmentBody,
  type GarmentValues,
} from './garment-values';
import { SizeChartFields } from './size-chart-fields';

type Props = {
  garment?: AdminProduct;
  saving: boolean;
  onSave: (body: GarmentBody, firstColour?: { color: string; color_hex: string }) => void;
  onCancel: () => void;
};

export function GarmentForm({ garment, saving, onSave, onCancel }: Props) {
  const { register, control, handleSubmit, watch, formState } = useForm<GarmentValues>({
    resolver: garmentResolver(!garment),
    defaultValues: garmentValues(garment),
  });
  const e = formState.errors;
  const submit = (v: GarmentValues) =>
    onSave(garmentBody(v), garment ? undefined : { color: v.color, color_hex: v.color_hex });

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="g-name" label="Garment name" error={e.base_name?.message}>
          <Input className="text-sm" {...register('base_name')} />
        </Field>
        <Field id="g-category" label="Category" hint="e.g. shirts, polos, outerwear" error={e.category?.message}>
          <Input className="text-sm" {...register('category')} />
        </Field>
      </div>
      <Field id="g-description" label="Description" error={e.description?.message}>
        <Textarea rows={2} className="text-sm" {...register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="g-price" label="Base price ($)" error={e.base_price?.message}>
          <Input className="text-sm" inputMode="decimal" {...register('base_price')} />
        </Field>
        <Field id="g-sizes" label="Sizes" hint="One per line; an upcharge after it: 2XL +2.00" error={e.sizes?.message}>
          <Textarea rows={6} className="font-mono text-sm" {...register('sizes')} />
        </Field>
      </div>
      <Controller
        control={control}
        name="size_chart"
        render={({ field }) => (
          <SizeChartFields
            draft={field.value}
            sizes={parseSizes(watch('sizes')).map((s) => s.label)}
            error={e.size_chart?.message}
            onChange={field.onChange}
          />
        )}
      />
      <Controller
        control={control}
        name="is_multi_image"
        render={({ field }) => (
          <Checkbox
            label="Front and back photos "
            hint="The store shows a back view too."
            checked={field.value}
            onChange={(ev) => field.onChange(ev.target.checked)}
          />
        )}
      />
      <CustomisationsFieldset control={control} />
      {garment ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="g-colour" label="First colour" error={e.color?.message}>
            <Input className="text-sm" {...register('color')} />
          </Field>
          <Field id="g-hex" label="Swatch" error={e.color_hex?.message}>
            <Input type="color" className="h-10 p-1" {...register('color_hex')} />
          </Field>
        </div>
      )}
      <DialogActions onCancel={onCancel} className="pt-2">
        <Button type="submit" loading={saving}>
          {saving ? 'Saving...' : garment ? 'Save garment' : 'Create garment'}
        </Button>
      </DialogActions>
    </form>
  );
}
