import type { UseFormReturn } from 'react-hook-form';
import { formatUsd } from '@shared/money';
import type { CheckoutForm } from './checkout-form-schema';

const input =
  'mt-1 block w-full rounded-lg border border-gray-700 bg-ink-950 px-3 py-2 text-gray-100 placeholder:text-gray-500 focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500 aria-[invalid=true]:border-red-500';

function Field({
  label,
  error,
  children,
  className = '',
}: {
  label: string;
  error?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <label className={`block text-sm font-medium text-gray-300 ${className}`}>
      {label}
      {children}
      {error ? (
        <span role="alert" className="mt-1 block text-sm text-red-400">
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** Pickup (free) or shipping (settings cost) with an Arizona address, then the optional PO number and note. */
export function DeliveryFields({ form, shippingCost }: { form: UseFormReturn<CheckoutForm>; shippingCost: number }) {
  const { register, watch, formState } = form;
  const e = formState.errors;
  const fulfillment = watch('fulfillment');
  const option = (value: 'pickup' | 'shipping', title: string, note: string, price: string) => (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${fulfillment === value ? 'border-brand-500 bg-brand-500/10' : 'border-gray-700 hover:border-gray-500'}`}
    >
      <input type="radio" value={value} {...register('fulfillment')} className="mt-1 accent-brand-500" />
      <span className="flex-1">
        <span className="flex justify-between gap-2 font-medium text-gray-100">
          {title}
          <span className="font-semibold">{price}</span>
        </span>
        <span className="block text-sm text-gray-400">{note}</span>
      </span>
    </label>
  );
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-lg font-semibold text-white">Delivery</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {option('pickup', 'Pickup', 'Collect at our Phoenix shop', 'FREE')}
          {option('shipping', 'Shipping', 'Delivered within Arizona', formatUsd(shippingCost))}
        </div>
      </fieldset>
      {fulfillment === 'shipping' ? (
        <fieldset className="grid gap-3 sm:grid-cols-6">
          <legend className="mb-2 font-semibold text-white">Shipping address</legend>
          <Field label="Address line 1" error={e.address?.address_line1?.message} className="sm:col-span-6">
            <input
              className={input}
              autoComplete="address-line1"
              aria-invalid={!!e.address?.address_line1}
              {...register('address.address_line1')}
            />
          </Field>
          <Field label="Address line 2 (optional)" error={e.address?.address_line2?.message} className="sm:col-span-6">
            <input className={input} autoComplete="address-line2" {...register('address.address_line2')} />
          </Field>
          <Field label="City" error={e.address?.city?.message} className="sm:col-span-3">
            <input
              className={input}
              autoComplete="address-level2"
              aria-invalid={!!e.address?.city}
              {...register('address.city')}
            />
          </Field>
          <Field label="State" error={e.address?.state?.message} className="sm:col-span-1">
            <input className={`${input} cursor-not-allowed opacity-70`} readOnly {...register('address.state')} />
          </Field>
          <Field label="ZIP code" error={e.address?.zip_code?.message} className="sm:col-span-2">
            <input
              className={input}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              aria-invalid={!!e.address?.zip_code}
              {...register('address.zip_code')}
            />
          </Field>
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="PO number (optional)" error={e.po_number?.message}>
          <input className={input} maxLength={50} placeholder="e.g. PO-2025-118" {...register('po_number')} />
        </Field>
        <Field label="Note (optional)" error={e.notes?.message} className="sm:col-span-2">
          <textarea
            className={`${input} min-h-20`}
            maxLength={1000}
            placeholder="Anything we should know"
            {...register('notes')}
          />
        </Field>
      </div>
    </div>
  );
}
