import type { UseFormReturn } from 'react-hook-form';
import { ORDER_CHANNEL_LABELS, ORDER_CHANNELS } from '@shared/phone-orders';
import { Field, Input, RadioGroup } from '@web/components/ui';
import type { PhoneOrderForm } from './phone-order-form';
import { card } from './phone-order-summary';

/** How the order reached the shop, and pickup or shipping with an Arizona address. */
export function PhoneOrderDelivery({ form }: { form: UseFormReturn<PhoneOrderForm> }) {
  const { register, watch, setValue, formState } = form;
  const e = formState.errors.address;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className={card} aria-labelledby="channel-h">
        <h2 id="channel-h" className="mb-3 font-semibold text-white">
          How the order reached you
        </h2>
        <RadioGroup
          label="How the order reached you"
          value={watch('channel')}
          onChange={(v) => setValue('channel', v)}
          options={ORDER_CHANNELS.map((c) => ({ value: c, label: ORDER_CHANNEL_LABELS[c] }))}
        />
      </section>
      <section className={card} aria-labelledby="delivery-h">
        <h2 id="delivery-h" className="mb-3 font-semibold text-white">
          Delivery
        </h2>
        <RadioGroup
          label="Delivery"
          value={watch('fulfillment')}
          onChange={(v) => setValue('fulfillment', v, { shouldValidate: formState.isSubmitted })}
          options={[
            { value: 'pickup' as const, label: 'Pickup at the shop' },
            { value: 'shipping' as const, label: 'Shipping' },
          ]}
        />
        {watch('fulfillment') === 'shipping' ? (
          <fieldset className="mt-3 grid gap-3 sm:grid-cols-6">
            <legend className="mb-2 text-sm font-medium text-gray-300">Shipping address (Arizona)</legend>
            <Field label="Address line 1" error={e?.address_line1?.message} className="sm:col-span-6">
              <Input {...register('address.address_line1')} />
            </Field>
            <Field label="Address line 2 (optional)" error={e?.address_line2?.message} className="sm:col-span-6">
              <Input {...register('address.address_line2')} />
            </Field>
            <Field label="City" error={e?.city?.message} className="sm:col-span-4">
              <Input {...register('address.city')} />
            </Field>
            <Field label="ZIP code" error={e?.zip_code?.message} className="sm:col-span-2">
              <Input inputMode="numeric" maxLength={5} {...register('address.zip_code')} />
            </Field>
          </fieldset>
        ) : null}
      </section>
    </div>
  );
}
