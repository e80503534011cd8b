import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addKitSchema, kitNameSchema, kitTakesName, KIT_MESSAGES, type KitView } from '@shared/kits';
import { Modal } from '@web/components/modal';
import { DialogActions } from '@web/components/dialog-actions';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Button, Field, Input, Select } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useMyAllowance } from '@web/features/allowance';
import { useFromEnglish } from '@web/i18n';
import { useFormat } from '@web/i18n/format';
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
  const { t } = useTranslation();
  const format = useFormat();
  const words = useFromEnglish();
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
          toast.success(`${kit.name}: ${words(KIT_MESSAGES.added).toLowerCase()}`);
          onAdded(words(KIT_MESSAGES.added));
          onClose();
        },
        onError: (err) => toast.error(words(errorText(err, t('kits.addFailed')))),
      },
    );

  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t('kits.dialogTitle', { name: kit.name })}
      description={t('kits.dialogIntro', { count: kit.items.length, price: format.money(kit.total_price) })}
      returnFocus={returnFocus}
      footer={
        <DialogActions onCancel={onClose}>
          <Button type="submit" form="add-kit-form" disabled={add.isPending || blocked}>
            {add.isPending ? t('kits.adding') : t('kits.addToCart')}
          </Button>
        </DialogActions>
      }
    >
      <form id="add-kit-form" noValidate className="space-y-4" onSubmit={form.handleSubmit(submit)}>
        {takesName ? (
          <Field label={t('dialog.nameToEmbroider')} hint={t('kits.nameHint')} error={e.name?.message} required>
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
                <Field
                  label={t('kits.sizeOf', { name: item.product_name })}
                  error={e.sizes?.[i]?.message}
                  className="mt-2"
                >
                  <Select {...form.register(`sizes.${i}`)}>
                    <option value="">{t('kits.chooseSize')}</option>
                    {item.sizes.map((s) => (
                      <option key={s.label} value={s.label}>
                        {s.label}
                        {s.extra_cost ? ` (+${format.money(s.extra_cost)})` : ''}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : (
                <p className="mt-1 text-sm text-amber-300">{t('kits.notOffered')}</p>
              )}
            </li>
          ))}
        </ul>
        {allowance ? (
          <p className="text-sm text-gray-300" data-testid="kit-allowance">
            {t('kits.allowance', { department: allowance.department, left: format.money(allowance.remaining) })}
          </p>
        ) : null}
        <ErrorAlert message={blocked ? t('kits.blocked') : null} />
      </form>
    </Modal>
  );
}
