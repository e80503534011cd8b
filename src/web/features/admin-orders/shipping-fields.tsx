import { useId } from 'react';
import { CARRIERS } from '@shared/tracking';
import { CARRIER_MAX, TRACKING_NUMBER_MAX } from '@shared/orders';
import { Field, Input } from '@web/components/ui';

export type Shipping = { carrier: string; tracking_number: string };
export const NO_SHIPPING: Shipping = { carrier: '', tracking_number: '' };

/** Carrier and tracking number for a move to shipped; the customer sees both, with a link to follow the parcel. */
export function ShippingFields({ value, onChange }: { value: Shipping; onChange: (v: Shipping) => void }) {
  const list = useId();
  return (
    <div className="grid grid-cols-2 gap-2">
      <Field label="Carrier" hint="UPS, USPS and FedEx get a tracking link">
        <Input
          list={list}
          value={value.carrier}
          maxLength={CARRIER_MAX}
          onChange={(e) => onChange({ ...value, carrier: e.target.value })}
        />
      </Field>
      <datalist id={list}>
        {CARRIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <Field label="Tracking number" required>
        <Input
          value={value.tracking_number}
          maxLength={TRACKING_NUMBER_MAX}
          aria-required
          onChange={(e) => onChange({ ...value, tracking_number: e.target.value })}
        />
      </Field>
    </div>
  );
}
