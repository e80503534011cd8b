import type { UseFormReturn } from 'react-hook-form';
import { formatUsd } from '@shared/money';
import { Field, Input, RadioGroup, Textarea } from '@web/components/ui';
import type { CheckoutForm } from './checkout-form-schema';

/** Pickup (free) or shipping (settings cost) with an Arizona address, then the optional PO number and note. */
export function DeliveryFields({ form, shippingCost }: { form: UseFormReturn<CheckoutForm>; shippingCost: number }) {
  const { register, watch, setValue, formState } = form;
  const e = formState.errors;
  const fulfillment = watch('fulfillment');
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
          Delivery
        </h2>
        <RadioGroup
          label="Delivery"
          look="card"
          className="grid gap-3 sm:grid-cols-2"
          value={fulfillment}
          onChange={(v) => setValue('fulfillment', v, { shouldValidate: true })}
          options={[
            option('pickup', 'Pickup', 'Collect at our Phoenix shop', 'FREE'),
            option('shipping', 'Shipping', 'Delivered within Arizona', formatUsd(shippingCost)),
          ]}
        />
      </section>
      {fulfillment === 'shipping' ? (
        <fieldset className="grid gap-3 sm:grid-cols-6">
          <legend className="mb-2 font-semibold text-white">Shipping address</legend>
          <Field label="Address line 1" error={e.address?.address_line1?.message} className="sm:col-span-6">
            <Input autoComplete="address-line1" {...register('address.address_line1')} />
          </Field>
          <Field label="Address line 2 (optional)" error={e.address?.address_line2?.message} className="sm:col-span-6">
            <Input autoComplete="address-line2" {...register('address.address_line2')} />
          </Field>
          <Field label="City" error={e.address?.city?.message} className="sm:col-span-3">
            <Input autoComplete="address-level2" {...register('address.city')} />
          </Field>
          <Field label="State" error={e.address?.state?.message} className="sm:col-span-1">
            <Input className="cursor-not-allowed" readOnly {...register('address.state')} />
          </Field>
          <Field label="ZIP code" error={e.address?.zip_code?.message} className="sm:col-span-2">
            <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} {...register('address.zip_code')} />
          </Field>
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="PO number (optional)" error={e.po_number?.message}>
          <Input maxLength={50} placeholder="e.g. PO-2025-118" {...register('po_number')} />
        </Field>
        <Field label="Note (optional)" error={e.notes?.message} className="sm:col-span-2">
          <Textarea
            className="min-h-20"
            maxLength={1000}
            placeholder="Anything we should know"
            {...register('notes')}
          />
        </Field>
      </div>
    </div>
  );
}
