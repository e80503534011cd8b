import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  addressInputSchema,
  addressLine,
  type AddressData,
  type AddressInput,
  type SavedAddress,
} from '@shared/addresses';
import { DEFAULT_STATE } from '@shared/constants';
import { Button, Checkbox, Field, Input } from '@web/components/ui';
import { useFromEnglish } from '@web/i18n';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAddresses, useDefaultAddress, useDeleteAddress, useSaveAddress } from './api/addresses';

/** The profile's saved shipping addresses (docs/product.md#saved-addresses): add, change, make default, delete. */
export function SavedAddresses() {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const addresses = useAddresses();
  const makeDefault = useDefaultAddress();
  const remove = useDeleteAddress();
  // The address being edited, 'new' for one being added, or null.
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const failed = (err: unknown) => toast.error(words(errorText(err, t('addresses.notSaved'))));
  const list = addresses.data ?? [];
  return (
    <section aria-labelledby="saved-addresses-h" className="mt-6 border-t border-gray-800 pt-5">
      <h3 id="saved-addresses-h" className="text-lg font-semibold text-white">
        {t('addresses.title')}
      </h3>
      <p className="mt-1 text-sm text-gray-400">{t('addresses.intro')}</p>
      {addresses.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-400">
          {t('addresses.loadFailed')}
        </p>
      ) : null}
      <ul className="mt-3 space-y-2" data-testid="saved-addresses">
        {list.map((a) =>
          editing !== 'new' && editing?.id === a.id ? (
            <li key={a.id}>
              <AddressForm address={a} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={a.id} className="flex flex-wrap items-start gap-3 rounded-lg border border-gray-800 p-3">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" aria-hidden />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-gray-100">
                  {a.label || t('addresses.address')}
                  {a.is_default ? (
                    <span className="ml-2 rounded-full bg-brand-500/15 px-2 py-0.5 text-xs text-brand-300">
                      {t('checkout.default')}
                    </span>
                  ) : null}
                </p>
                <p className="text-gray-400">{addressLine(a)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('addresses.editNamed', { name: a.label || addressLine(a) })}
                  onClick={() => setEditing(a)}
                >
                  {t('addresses.edit')}
                </Button>
                {a.is_default ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('addresses.makeDefaultNamed', { name: a.label || addressLine(a) })}
                    onClick={() => makeDefault.mutate(a.id, { onError: failed })}
                  >
                    {t('addresses.makeDefault')}
                  </Button>
                )}
                <Button
                  variant="danger-quiet"
                  size="sm"
                  aria-label={t('addresses.deleteNamed', { name: a.label || addressLine(a) })}
                  onClick={() => remove.mutate(a.id, { onError: failed })}
                >
                  {t('addresses.delete')}
                </Button>
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <div className="mt-3">
          <AddressForm onDone={() => setEditing(null)} />
        </div>
      ) : (
        <Button variant="secondary" className="mt-3" onClick={() => setEditing('new')}>
          {t('addresses.add')}
        </Button>
      )}
    </section>
  );
}

function AddressForm({ address, onDone }: { address?: SavedAddress; onDone: () => void }) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const save = useSaveAddress();
  const { register, handleSubmit, formState } = useForm<AddressInput, unknown, AddressData>({
    resolver: zodResolver(addressInputSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      label: address?.label ?? '',
      address_line1: address?.address_line1 ?? '',
      address_line2: address?.address_line2 ?? '',
      city: address?.city ?? '',
      state: DEFAULT_STATE,
      zip_code: address?.zip_code ?? '',
      is_default: address?.is_default ?? false,
    },
  });
  const e = formState.errors;
  const submit = handleSubmit((body) =>
    save.mutate(
      { id: address?.id, body },
      {
        onSuccess: () => {
          toast.success(t('addresses.saved'));
          onDone();
        },
        onError: (err) => toast.error(words(errorText(err, t('addresses.notSaved')))),
      },
    ),
  );
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={address ? t('addresses.editTitle') : t('checkout.newAddress')}
      className="grid gap-3 rounded-lg border border-gray-700 p-3 sm:grid-cols-6"
    >
      <Field
        label={t('addresses.label')}
        hint={t('addresses.labelHint')}
        error={e.label?.message}
        className="sm:col-span-6"
      >
        <Input maxLength={60} {...register('label')} />
      </Field>
      <Field label={t('checkout.line1')} error={e.address_line1?.message} className="sm:col-span-6">
        <Input autoComplete="address-line1" {...register('address_line1')} />
      </Field>
      <Field label={t('checkout.line2')} error={e.address_line2?.message} className="sm:col-span-6">
        <Input autoComplete="address-line2" {...register('address_line2')} />
      </Field>
      <Field label={t('checkout.city')} error={e.city?.message} className="sm:col-span-3">
        <Input autoComplete="address-level2" {...register('city')} />
      </Field>
      <Field label={t('checkout.state')} error={e.state?.message} className="sm:col-span-1">
        <Input className="cursor-not-allowed" readOnly {...register('state')} />
      </Field>
      <Field label={t('checkout.zip')} error={e.zip_code?.message} className="sm:col-span-2">
        <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} {...register('zip_code')} />
      </Field>
      {address?.is_default ? null : (
        <Checkbox label={t('addresses.makeMyDefault')} className="sm:col-span-6" {...register('is_default')} />
      )}
      <div className="flex gap-2 sm:col-span-6">
        <Button type="submit" loading={save.isPending}>
          {t('addresses.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('addresses.cancel')}
        </Button>
      </div>
    </form>
  );
}
