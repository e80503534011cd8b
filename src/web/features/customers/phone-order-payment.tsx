import type { UseFormReturn } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shared/payments';
import { Field, Input, RadioGroup, Textarea } from '@web/components/ui';
import { paymentNote, type PhoneOrderForm } from './phone-order-form';
import { card } from './phone-order-summary';

/** The way to pay among those the customer's fulfillment offers, then the optional PO number and notes. */
export function PhoneOrderPayment({
  form,
  methods,
  chosen,
  department,
}: {
  form: UseFormReturn<PhoneOrderForm>;
  methods: readonly PaymentMethod[];
  chosen: PaymentMethod | null;
  department: string | null;
}) {
  const { register, setValue, formState } = form;
  const e = formState.errors;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className={card} aria-labelledby="payment-h">
        <h2 id="payment-h" className="mb-3 font-semibold text-white">
          Payment
        </h2>
        {chosen ? (
          <RadioGroup
            label="Payment"
            value={chosen}
            onChange={(m) => setValue('payment_method', m)}
            options={methods.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m], testId: `payment-${m}` }))}
          />
        ) : null}
        <p className="mt-2 text-sm text-gray-400">{paymentNote(chosen, department)}</p>
      </section>
      <section className={`${card} space-y-3`} aria-labelledby="extra-h">
        <h2 id="extra-h" className="font-semibold text-white">
          PO number and notes
        </h2>
        <Field label="PO number (optional)" error={e.po_number?.message}>
          <Input {...register('po_number')} />
        </Field>
        <Field label="Notes for the order (optional, the customer sees them)" error={e.notes?.message}>
          <Textarea rows={2} {...register('notes')} />
        </Field>
      </section>
    </div>
  );
}
