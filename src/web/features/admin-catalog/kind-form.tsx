import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { decorationKindCreateSchema, type DecorationKind, type DecorationPosition } from '@shared/decorations';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { DialogActions } from '@web/components/dialog-actions';
import { Button, Checkbox, Field, Input } from '@web/components/ui';
import { ApiRequestError } from '@web/lib/api';

// The shared kind rules, with the price as typed (text) and the key only checked for a new kind (it is fixed after).
const rules = decorationKindCreateSchema.shape;
const priceText = z
  .string()
  .transform((s) => (s.trim() === '' ? undefined : Number(s.trim())))
  .pipe(rules.price);
const formSchema = (isNew: boolean) =>
  z.object({
    key: isNew ? rules.key : z.string(),
    label: rules.label,
    price: priceText,
    positions: rules.positions,
    takes_text: z.boolean(),
    active: z.boolean(),
  });
type FormIn = z.input<ReturnType<typeof formSchema>>;
export type KindBody = z.output<ReturnType<typeof formSchema>>;
const FIELDS = ['key', 'label', 'price', 'positions', 'takes_text', 'active'] as const;

/** "Department patch" -> "department_patch": a key suggested while the admin has not typed one. */
export const keyFrom = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40);

/** A refusal naming one position (`positions.2`) is shown under the positions as a whole. */
function byField(err: unknown) {
  if (!(err instanceof ApiRequestError) || !err.body?.errors) return err;
  return new ApiRequestError(err.status, {
    ...err.body,
    errors: err.body.errors.map((e) => ({ ...e, field: e.field.replace(/\.\d+$/, '') })),
  });
}

type Props = {
  kind?: DecorationKind;
  positions: readonly DecorationPosition[];
  onSave: (body: KindBody) => Promise<unknown>;
  onCancel: () => void;
};

/** A decoration kind: what it is called, its price per piece, where it may go, whether it takes text, and if it is sold. */
export function KindForm({ kind, positions, onSave, onCancel }: Props) {
  const form = useForm<FormIn, unknown, KindBody>({
    resolver: zodResolver(formSchema(!kind)),
    defaultValues: {
      key: kind?.key ?? '',
      label: kind?.label ?? '',
      price: kind ? kind.price.toFixed(2) : '',
      positions: kind?.positions ?? [],
      takes_text: kind?.takes_text ?? false,
      active: kind?.active ?? true,
    },
  });
  const { register, control, handleSubmit, formState, setValue, getFieldState } = form;
  const e = formState.errors;
  const submit = (body: KindBody) =>
    onSave(body).catch((err: unknown) =>
      showServerErrors(byField(err), form.setError, FIELDS, 'The decoration kind could not be saved'),
    );

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="k-label" label="Label" hint="As customers and the floor read it" error={e.label?.message}>
          <Input
            className="text-sm"
            {...register('label', {
              onChange: (ev: { target: { value: string } }) => {
                if (!kind && !getFieldState('key').isDirty) setValue('key', keyFrom(ev.target.value));
              },
            })}
          />
        </Field>
        <Field
          id="k-key"
          label="Key"
          hint={kind ? 'Fixed: carts and orders name it' : 'Lowercase letters, digits and _; fixed once made'}
          error={e.key?.message}
        >
          <Input className="font-mono text-sm" readOnly={Boolean(kind)} {...register('key')} />
        </Field>
      </div>
      <Field id="k-price" label="Price per piece ($)" hint="0 to 1000" error={e.price?.message}>
        <Input className="text-sm sm:max-w-40" inputMode="decimal" {...register('price')} />
      </Field>
      <Controller
        control={control}
        name="positions"
        render={({ field }) => (
          <fieldset aria-describedby={e.positions ? 'k-positions-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-gray-300">Positions it may take</legend>
            <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
              {positions.map((p) => (
                <Checkbox
                  key={p.key}
                  label={p.label}
                  checked={field.value.includes(p.key)}
                  onChange={(ev) =>
                    field.onChange(ev.target.checked ? [...field.value, p.key] : field.value.filter((k) => k !== p.key))
                  }
                />
              ))}
            </div>
            <ErrorAlert id="k-positions-error" className="mt-1 text-sm text-red-400" message={e.positions?.message} />
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="takes_text"
        render={({ field }) => (
          <Checkbox
            label="Takes a text "
            hint={kind ? 'Fixed: lines already carry it or not.' : 'The customer types it, as for a name.'}
            disabled={Boolean(kind)}
            checked={field.value}
            onChange={(ev) => field.onChange(ev.target.checked)}
          />
        )}
      />
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <Checkbox
            label="Offered "
            hint="Off: no longer sold; placed orders keep it at the price they paid."
            checked={field.value}
            onChange={(ev) => field.onChange(ev.target.checked)}
          />
        )}
      />
      <ErrorAlert message={e.root?.server?.message} />
      <DialogActions onCancel={onCancel} className="pt-2">
        <Button type="submit" loading={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : kind ? 'Save kind' : 'Add kind'}
        </Button>
      </DialogActions>
    </form>
  );
}
