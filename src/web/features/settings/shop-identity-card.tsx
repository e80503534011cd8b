import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  LOGO_MAX_CHARS,
  LOGO_TOO_LARGE,
  shopIdentityUpdateSchema,
  type ShopIdentity,
  type ShopIdentityForm,
  type ShopIdentityUpdate,
} from '@shared/shop-identity';
import { LoadState } from '@web/components/load-state';
import { useShopIdentity } from '@web/components/shop-identity';
import { Button, Card, Field, Input } from '@web/components/ui';
import { apiPut, errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';

const toForm = (i: ShopIdentity): ShopIdentityForm => ({
  trading_name: i.trading_name,
  legal_name: i.legal_name,
  street: i.address.street,
  city: i.address.city,
  region: i.address.region,
  postal_code: i.address.postal_code,
  phone: i.phone,
  email: i.email,
  tax_id: i.tax_id ?? '',
  logo: i.logo ?? '',
});

const TEXT_FIELDS: { name: Exclude<keyof ShopIdentityForm, 'logo'>; label: string; hint?: string; auto?: string }[] = [
  { name: 'trading_name', label: 'Trading name', hint: 'The name customers know, at the top of every page and mail' },
  { name: 'legal_name', label: 'Legal name', hint: 'The registered name, on invoices and statements' },
  { name: 'street', label: 'Street address', auto: 'street-address' },
  { name: 'city', label: 'City', auto: 'address-level2' },
  { name: 'region', label: 'State', hint: 'Two letters, e.g. AZ', auto: 'address-level1' },
  { name: 'postal_code', label: 'ZIP code', auto: 'postal-code' },
  { name: 'phone', label: 'Phone', auto: 'tel' },
  { name: 'email', label: 'E-mail', auto: 'email' },
  { name: 'tax_id', label: 'Tax id (optional)', hint: 'Printed on invoices when set, e.g. your TPT licence number' },
];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function IdentityForm({ identity }: { identity: ShopIdentity }) {
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ShopIdentityUpdate) => apiPut('/settings/identity', body).then((r) => r.identity),
    onSuccess: (saved) => qc.setQueryData(['shop-identity'], saved),
  });
  const { register, handleSubmit, reset, setValue, setError, watch, formState } = useForm<
    ShopIdentityForm,
    unknown,
    ShopIdentityUpdate
  >({ resolver: zodResolver(shopIdentityUpdateSchema), mode: 'onTouched', defaultValues: toForm(identity) });
  const e = formState.errors;
  const logo = watch('logo');
  const submit = (body: ShopIdentityUpdate) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(toForm(saved));
        toast.success("Saved. New invoices, statements, slips and mails print the shop's new details.");
      },
      onError: (err) => toast.error(errorText(err, "Failed to save the shop's details")),
    });
  const pickLogo = async (file: File | undefined) => {
    if (!file) return;
    const url = await readAsDataUrl(file);
    if (url.length > LOGO_MAX_CHARS) setError('logo', { message: LOGO_TOO_LARGE });
    else setValue('logo', url, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className="grid gap-4 sm:grid-cols-2"
      aria-label="The shop's details"
    >
      {TEXT_FIELDS.map((f) => (
        <Field key={f.name} id={`identity-${f.name}`} label={f.label} hint={f.hint} error={e[f.name]?.message}>
          {(wiring) => <Input {...wiring} autoComplete={f.auto ?? 'off'} {...register(f.name)} />}
        </Field>
      ))}
      <Field
        id="identity-logo"
        label="Logo (optional)"
        hint="A PNG, JPEG or WebP under 90 kB, printed at the top of invoices, statements and packing slips"
        error={e.logo?.message}
        className="sm:col-span-2"
      >
        {(wiring) => (
          <div className="flex flex-wrap items-center gap-3">
            {logo ? (
              <img src={logo} alt="The logo as it prints" className="max-h-14 max-w-48 rounded bg-white p-1" />
            ) : null}
            <Input
              {...wiring}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="min-w-0 flex-1 text-sm file:mr-3 file:rounded file:border-0 file:bg-gray-700 file:px-3 file:py-1 file:text-gray-100"
              onChange={(ev) => void pickLogo(ev.target.files?.[0])}
            />
            {logo ? (
              <Button variant="secondary" size="sm" onClick={() => setValue('logo', '', { shouldDirty: true })}>
                Remove logo
              </Button>
            ) : null}
          </div>
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => reset(toForm(identity))}
          disabled={!formState.isDirty || save.isPending}
        >
          Reset
        </Button>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : "Save the shop's details"}
        </Button>
      </div>
    </form>
  );
}

/** The shop's identity (admins): what every invoice, statement, receipt, packing slip and mail prints about the shop. */
export function ShopIdentityCard() {
  const { data, isPending, isError } = useShopIdentity();
  return (
    <Card padding="lg" as="section" aria-labelledby="shop-identity-title">
      <h2 id="shop-identity-title" className="text-lg font-semibold text-gray-100">
        The shop&apos;s details
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-300">
        Printed on invoices, statements, receipts, packing slips and quotes, and at the foot of every e-mail.
      </p>
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading the shop's details..."
        failedText="Failed to load the shop's details"
      />
      {data ? <IdentityForm identity={data} /> : null}
    </Card>
  );
}
