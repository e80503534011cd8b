import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { logoPricesUpdateSchema, type LogoPricesInput } from '@shared/logos';
import { showServerErrors } from '@web/components/forms/server-errors';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { LoadState } from '@web/components/load-state';
import { Button, Card, Field, Input } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useLogoPrices, useSaveLogoPrices } from './api/logo-prices-calls';

const number = { valueAsNumber: true } as const;

function LogoPricesForm({ prices }: { prices: LogoPricesInput }) {
  const save = useSaveLogoPrices();
  const form = useForm<LogoPricesInput>({ resolver: zodResolver(logoPricesUpdateSchema), defaultValues: prices });
  const bands = useFieldArray({ control: form.control, name: 'bands' });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    try {
      form.reset(await save.mutateAsync(body));
      toast.success('Logo prices saved. Open carts now use them.');
    } catch (err) {
      showServerErrors(err, form.setError, [], 'Failed to save the logo prices');
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Logo prices" className="space-y-4">
      <ul className="space-y-3">
        {bands.fields.map((b, i) => (
          <li key={b.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <Field label={`Band ${i + 1}: up to stitches`} error={e.bands?.[i]?.up_to?.message}>
              <Input type="number" inputMode="numeric" {...form.register(`bands.${i}.up_to`, number)} />
            </Field>
            <Field label={`Band ${i + 1}: price per piece ($)`} error={e.bands?.[i]?.price?.message}>
              <Input type="number" step="0.01" inputMode="decimal" {...form.register(`bands.${i}.price`, number)} />
            </Field>
            <Button
              variant="ghost"
              onClick={() => bands.remove(i)}
              disabled={bands.fields.length === 1}
              aria-label={`Remove band ${i + 1}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <ErrorAlert message={e.bands?.message ?? e.bands?.root?.message} />
      <Button
        variant="secondary"
        onClick={() => {
          const last = form.getValues('bands').at(-1);
          bands.append({ up_to: (last?.up_to ?? 0) + 4000, price: last?.price ?? 0 });
        }}
        disabled={bands.fields.length >= 10}
      >
        Add a band
      </Button>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Each further 1,000 stitches ($)" error={e.extra_per_thousand?.message}>
          <Input type="number" step="0.01" inputMode="decimal" {...form.register('extra_per_thousand', number)} />
        </Field>
        <Field
          label="Estimate before a proof (stitches)"
          hint="Priced so until the first proof is sent"
          error={e.estimate_stitches?.message}
        >
          <Input type="number" inputMode="numeric" {...form.register('estimate_stitches', number)} />
        </Field>
        <Field label="Digitising fee ($)" hint="Once per artwork" error={e.digitising_fee?.message}>
          <Input type="number" step="0.01" inputMode="decimal" {...form.register('digitising_fee', number)} />
        </Field>
      </div>
      <ErrorAlert message={e.root?.server?.message} />
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Save logo prices
        </Button>
      </div>
    </form>
  );
}

/** Customers' logos (docs/product.md#logos-on-garments): price per piece by stitch count, and the digitising fee. */
export function LogoPricesCard() {
  const { data, isPending, isError } = useLogoPrices();
  return (
    <Card padding="lg" as="section" aria-labelledby="logo-prices-title">
      <h2 id="logo-prices-title" className="text-lg font-semibold text-gray-100">
        Logo prices
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-300">
        A logo costs per piece by its stitch count: the first band that holds it, then a price for each further 1,000
        stitches. Each artwork is digitised once: its fee is charged on the first order that carries it.
      </p>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading logo prices..."
        failedText="Failed to load the logo prices"
      />
      {data ? <LogoPricesForm prices={data} /> : null}
    </Card>
  );
}
