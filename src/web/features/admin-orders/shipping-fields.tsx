import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { CARRIERS } from '@shared/tracking';
import { CARRIER_MAX, TRACKING_NUMBER_MAX } from '@shared/orders';
import { Field, Input } from '@web/components/ui';

export type Shipping = { carrier: string; tracking_number: string };

/**
 * Carrier and tracking number for a move to shipped; the customer sees both, with a link to follow the parcel. Inside
 * a react-hook-form form; the fields leave its values when they leave the screen, so another status never sends them.
 */
export function ShippingFields() {
  const list = useId();
  const { register, formState } = useFormContext<Shipping>();
  return (
    <div className="grid grid-cols-2 gap-2">
      <Field label="Carrier" hint="UPS, USPS and FedEx get a tracking link" error={formState.errors.carrier?.message}>
        <Input list={list} maxLength={CARRIER_MAX} {...register('carrier', { shouldUnregister: true })} />
      </Field>
      <datalist id={list}>
        {CARRIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <Field label="Tracking number" required error={formState.errors.tracking_number?.message}>
        <Input
          maxLength={TRACKING_NUMBER_MAX}
          aria-required
          {...register('tracking_number', { shouldUnregister: true })}
        />
      </Field>
    </div>
  );
}
