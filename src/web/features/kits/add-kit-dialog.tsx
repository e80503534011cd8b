import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addKitSchema, kitNameSchema, kitTakesName, KIT_MESSAGES, type KitView } from '@shared/kits';
import { formatUsd } from '@shared/money';
import { plural } from '@shared/plural';
import { Modal } from '@web/components/modal';
import { DialogActions } from '@web/components/dialog-actions';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Button, Field, Input, Select } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useMyAllowance } from '@web/features/allowance';
import { useAddKit } from './use-kits';

type Props = {
  kit: KitView;
  onClose: () => void;
  onAdded: (message: string) => void;
  returnFocus: () => HTMLElement | null;
};

/** One size per garment (none chosen for a garment with several), the name once; every line or none goes in. */
export function AddKitDialog({ kit, onClose, onAdded, returnFocus }: Props) {
  const add = useAddKit(kit.id);
  const { data: allowance } = useMyAllowance();
  const takesName = kitTakesName(kit);
  const blocked = kit.items.some((i) => !i.available);
  // The name is asked once, and checked like any embroidered name, only when a garment of the kit takes one.
  const schema = takesName ? addKitSchema.extend({ name: kitNameSchema }) : addKitSchema;
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { sizes: kit.items.map((i) => (i.sizes.length === 1 ? i.sizes[0]!.label : '')), name: '' },
  });
  const e = form.formState.errors;

  const submit = ({ sizes, name }: z.output<typeof schema>) =>
    add.mutate(
      { sizes, ...(takesName ? { name } : {}) },
      {
        onSuccess: () => {
          toast.success(`${kit.name}: ${KIT_MESSAGES.added.toLowerCase()}`);
          onAdded(KIT_MESSAGES.added);
          onClose();
        },
        onError: (err) => toast.error(errorText(err, 'The kit could not be added')),
      },
    );

  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={`Add kit: ${kit.name}`}
      description={`${plural(kit.items.length, 'garment')}, from ${formatUsd(kit.total_price)} before tax.`}
      returnFocus={returnFocus}
      footer={
        <DialogActions onCancel={onClose}>
          <Button type="submit" form="add-kit-form" disabled={add.isPending || blocked}>
            {add.isPending ? 'Adding...' : 'Add kit to cart'}
          </Button>
        </DialogActions>
      }
    >
      <form id="add-kit-form" noValidate className="space-y-4" onSubmit={form.handleSubmit(submit)}>
        {takesName ? (
          <Field
            label="Name to embroider"
            hint="Embroidered on every garment of the kit that takes a name."
            error={e.name?.message}
            required
          >
            <Input maxLength={20} autoComplete="family-name" {...form.register('name')} />
          </Field>
        ) : null}
        <ul className="space-y-3">
          {kit.items.map((item, i) => (
            <li key={i} className="rounded-lg border border-gray-800 p-3" data-testid="kit-item">
              <p className="text-sm font-medium break-words text-gray-100">
                {item.quantity} × {item.product_name}
                {item.color ? ` – ${item.color}` : ''}
              </p>
              {item.available ? (
                <Field label={`Size of ${item.product_name}`} error={e.sizes?.[i]?.message} className="mt-2">
                  <Select {...form.register(`sizes.${i}`)}>
                    <option value="">Choose a size</option>
                    {item.sizes.map((s) => (
                      <option key={s.label} value={s.label}>
                        {s.label}
                        {s.extra_cost ? ` (+${formatUsd(s.extra_cost)})` : ''}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : (
                <p className="mt-1 text-sm text-amber-300">No longer offered: ask the shop to update this kit.</p>
              )}
            </li>
          ))}
        </ul>
        {allowance ? (
          <p className="text-sm text-gray-300" data-testid="kit-allowance">
            Your {allowance.department} allowance has {formatUsd(allowance.remaining)} left; it pays for your items
            first at checkout and you pay the rest.
          </p>
        ) : null}
        <ErrorAlert message={blocked ? 'This kit holds a garment that is no longer offered.' : null} />
      </form>
    </Modal>
  );
}
