import { useTranslation } from 'react-i18next';
import { useFormat } from '@web/i18n/format';
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { addressLine, type SavedAddress } from '@shared/addresses';
import { DEFAULT_STATE } from '@shared/constants';
import { Checkbox, Field, Input, RadioGroup, Textarea } from '@web/components/ui';
import { useAddresses } from '@web/features/addresses';
import type { CheckoutForm } from './checkout-form-schema';

const NEW = 'new';
const EMPTY: CheckoutForm['address'] = {
  address_line1: '',
  address_line2: '',
  city: '',
  state: DEFAULT_STATE,
  zip_code: '',
};
const fieldsOf = (a: SavedAddress): CheckoutForm['address'] => ({
  address_line1: a.address_line1,
  address_line2: a.address_line2 ?? '',
  city: a.city,
  state: DEFAULT_STATE,
  zip_code: a.zip_code,
});

/**
 * The saved addresses (docs/product.md#saved-addresses) as a choice, the default chosen first, and "A new address";
 * a saved one fills the address the order is placed with, so the checkout's rules and body stay as they are.
 */
function useAddressChoice(form: UseFormReturn<CheckoutForm>) {
  const saved = useAddresses();
  const list = saved.data ?? [];
  const choice = form.watch('address_choice');
  const choose = (value: string) => {
    form.setValue('address_choice', value);
    const picked = list.find((a) => String(a.id) === value);
    form.setValue('address', picked ? fieldsOf(picked) : EMPTY);
    form.clearErrors('address');
  };
  const loaded = saved.isSuccess;
  const first = list.find((a) => a.is_default) ?? list[0];
  useEffect(() => {
    if (!loaded || form.getValues('address_choice') !== '') return;
    // No saved address: the fields, filled from the profile, are the new address.
    if (!first) form.setValue('address_choice', NEW);
    else {
      form.setValue('address_choice', String(first.id));
      form.setValue('address', fieldsOf(first));
    }
  }, [loaded, first, form]);
  return { list, choice, choose };
}

/** Pickup (free) or shipping (settings cost) with an Arizona address, then the optional PO number and note. */
export function DeliveryFields({ form, shippingCost }: { form: UseFormReturn<CheckoutForm>; shippingCost: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { register, watch, setValue, formState } = form;
  const e = formState.errors;
  const fulfillment = watch('fulfillment');
  const { list, choice, choose } = useAddressChoice(form);
  const typing = list.length === 0 || choice === NEW || choice === '';
  const option = (value: 'pickup' | 'shipping', title: string, note: string, price: string) => ({
    value,
    label: (
      <span className="flex w-full justify-between gap-2 font-medium text-gray-100">
        {title}
        <span className="font-semibold">{price}</span>
      </span>
    ),
    description: note,
  });
  return (
    <div className="space-y-5">
      <section aria-labelledby="delivery-title">
        <h2 id="delivery-title" className="mb-2 text-lg font-semibold text-white">
          {t('checkout.delivery')}
        </h2>
        <RadioGroup
          label={t('checkout.delivery')}
          look="card"
          className="grid gap-3 sm:grid-cols-2"
          value={fulfillment}
          onChange={(v) => setValue('fulfillment', v, { shouldValidate: true })}
          options={[
            option('pickup', t('checkout.pickup'), t('checkout.pickupNote'), t('money.free')),
            option('shipping', t('checkout.shipping'), t('checkout.shippingNote'), format.money(shippingCost)),
          ]}
        />
      </section>
      {fulfillment === 'shipping' && list.length > 0 ? (
        <section aria-labelledby="ship-to-title">
          <h3 id="ship-to-title" className="mb-2 font-semibold text-white">
            {t('checkout.shipTo')}
          </h3>
          <RadioGroup
            label={t('checkout.shipTo')}
            look="card"
            className="grid gap-3 sm:grid-cols-2"
            value={choice}
            onChange={choose}
            options={[
              ...list.map((a) => ({
                value: String(a.id),
                testId: `ship-to-${a.id}`,
                label: (
                  <span className="font-medium text-gray-100">
                    {a.label || t('checkout.savedAddress')}
                    {a.is_default ? <span className="ml-2 text-xs text-brand-300">{t('checkout.default')}</span> : null}
                  </span>
                ),
                description: addressLine(a),
              })),
              {
                value: NEW,
                label: <span className="font-medium text-gray-100">{t('checkout.newAddressOption')}</span>,
              },
            ]}
          />
        </section>
      ) : null}
      {fulfillment === 'shipping' && typing ? (
        <fieldset className="grid gap-3 sm:grid-cols-6">
          <legend className="mb-2 font-semibold text-white">
            {list.length > 0 ? t('checkout.newAddress') : t('checkout.shippingAddress')}
          </legend>
          <Field label={t('checkout.line1')} error={e.address?.address_line1?.message} className="sm:col-span-6">
            <Input autoComplete="address-line1" {...register('address.address_line1')} />
          </Field>
          <Field label={t('checkout.line2')} error={e.address?.address_line2?.message} className="sm:col-span-6">
            <Input autoComplete="address-line2" {...register('address.address_line2')} />
          </Field>
          <Field label={t('checkout.city')} error={e.address?.city?.message} className="sm:col-span-3">
            <Input autoComplete="address-level2" {...register('address.city')} />
          </Field>
          <Field label={t('checkout.state')} error={e.address?.state?.message} className="sm:col-span-1">
            <Input className="cursor-not-allowed" readOnly {...register('address.state')} />
          </Field>
          <Field label={t('checkout.zip')} error={e.address?.zip_code?.message} className="sm:col-span-2">
            <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} {...register('address.zip_code')} />
          </Field>
          <Checkbox label={t('checkout.saveAddress')} className="sm:col-span-6" {...register('save_address')} />
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('checkout.po')} error={e.po_number?.message}>
          <Input maxLength={50} placeholder={t('checkout.poPlaceholder')} {...register('po_number')} />
        </Field>
        <Field label={t('checkout.note')} error={e.notes?.message} className="sm:col-span-2">
          <Textarea
            className="min-h-20"
            maxLength={1000}
            placeholder={t('checkout.notePlaceholder')}
            {...register('notes')}
          />
        </Field>
      </div>
    </div>
  );
}
