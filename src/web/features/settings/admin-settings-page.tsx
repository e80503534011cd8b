import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { Settings, SettingsUpdate } from '@shared/settings';
import { errorText } from '@web/lib/api';
import { useAdminSettings, useSaveSettings } from './api/settings-calls';
import { settingsFormSchema, toFormValues, type SettingsFormValues } from './settings-form-schema';
import { LoadState } from '@web/components/load-state';
import { Button, Card, cx, Field, Input, PageHeader } from '@web/components/ui';
import { ShopBreaksCard } from './shop-breaks-card';
import { LogoPricesCard } from './logo-prices-card';
import { ShopIdentityCard } from './shop-identity-card';
import { BackupCard } from './backup-card';
import { toast } from '@web/lib/toast';

type MoneyFieldProps = React.ComponentProps<'input'> & {
  id: string;
  label: string;
  hint: string;
  prefix?: string;
  suffix?: string;
  error?: string;
};

function MoneyField({ id, label, hint, prefix, suffix, error, ...rest }: MoneyFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(wiring) => (
        <div className="relative">
          {prefix ? (
            <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-400">{prefix}</span>
          ) : null}
          <Input {...wiring} inputMode="decimal" className={cx(prefix && 'pl-7', suffix && 'pr-8')} {...rest} />
          {suffix ? (
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-gray-400">
              {suffix}
            </span>
          ) : null}
        </div>
      )}
    </Field>
  );
}

const FIELDS: (Pick<MoneyFieldProps, 'id' | 'label' | 'hint' | 'prefix' | 'suffix'> & {
  name: keyof SettingsFormValues;
})[] = [
  {
    name: 'tax_rate',
    id: 'settings-tax',
    label: 'Tax rate',
    suffix: '%',
    hint: 'Percent of the merchandise subtotal, 0 to 25, e.g. 7.8',
  },
  {
    name: 'shipping_cost',
    id: 'settings-shipping',
    label: 'Shipping cost',
    prefix: '$',
    hint: 'Flat cost per shipped order, 0 to 1000. Pickup is always free.',
  },
  {
    name: 'name_cost',
    id: 'settings-name-cost',
    label: 'Name price',
    prefix: '$',
    hint: 'Per embroidered name on each item, 0 to 1000',
  },
  {
    name: 'us_flag_cost',
    id: 'settings-us-flag-cost',
    label: 'US flag price',
    prefix: '$',
    hint: 'Per US flag patch on each item, 0 to 1000',
  },
  {
    name: 'az_flag_cost',
    id: 'settings-az-flag-cost',
    label: 'Arizona flag price',
    prefix: '$',
    hint: 'Per Arizona flag patch on each item, 0 to 1000',
  },
  {
    name: 'lead_time_days',
    id: 'settings-lead-time',
    label: 'Lead time (working days)',
    hint: 'Working days, Monday to Friday, from an order to the earliest day a customer may ask for it, 0 to 60',
  },
  {
    name: 'account_terms_days',
    id: 'settings-account-terms',
    label: 'Account terms (days)',
    hint: 'Days from placement a department has to pay an order on its account; Today\'s "Delivered, money owed" leaves those orders out until then. 0 to 365, 0 for none.',
  },
];

function SettingsForm({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const { register, handleSubmit, reset, formState } = useForm<SettingsFormValues, unknown, SettingsUpdate>({
    resolver: zodResolver(settingsFormSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(settings),
  });
  const e = formState.errors;
  const submit = (body: SettingsUpdate) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(toFormValues(saved));
        toast.success('Settings saved. Open carts now use the new values.');
      },
      onError: (err) => toast.error(errorText(err, 'Failed to save settings')),
    });

  return (
    <Card padding="lg">
      <form noValidate onSubmit={handleSubmit(submit)} className="space-y-5">
        {FIELDS.map(({ name, ...field }) => (
          <MoneyField key={name} {...field} error={e[name]?.message} {...register(name)} />
        ))}
        <Field
          id="settings-notify"
          label="New-order notices to (optional)"
          hint="The shop's inbox that gets an e-mail for each new pending order and each order a department approves. Leave empty for none."
          error={e.shop_notify_email?.message}
        >
          {(wiring) => (
            <Input
              {...wiring}
              type="email"
              autoComplete="email"
              placeholder="orders@copperstateuniforms.com"
              {...register('shop_notify_email')}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => reset(toFormValues(settings))}
            disabled={!formState.isDirty || save.isPending}
          >
            Reset
          </Button>
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function EffectNote() {
  return (
    <aside
      aria-labelledby="settings-effect"
      className="rounded-xl border border-sky-900/60 bg-sky-950/30 p-5 text-sm text-gray-300"
    >
      <h2 id="settings-effect" className="mb-2 flex items-center gap-2 font-semibold text-sky-200">
        <Info className="h-4 w-4" aria-hidden /> What a change affects
      </h2>
      <ul className="space-y-2">
        <li>
          <span className="font-medium text-gray-100">Open carts: yes, at once.</span> Every customer&apos;s cart is
          priced with the new tax rate, shipping and decoration prices the next time it loads.
        </li>
        <li>
          <span className="font-medium text-gray-100">Placed orders: never.</span> Their prices, tax and shipping were
          fixed when they were placed.
        </li>
      </ul>
    </aside>
  );
}

export default function AdminSettingsPage() {
  const { data, isPending, isError } = useAdminSettings();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 p-4 sm:p-8">
      <PageHeader
        flush
        title="Settings"
        description="Tax and the costs added to every cart and new order, the lead time, the days a department has to pay on account, and where new-order notices go."
      />
      <LoadState
        pending={isPending}
        failed={isError}
        pendingText="Loading settings..."
        failedText="Failed to load application settings"
      />
      {data ? <SettingsForm settings={data} /> : null}
      <ShopIdentityCard />
      <ShopBreaksCard />
      <LogoPricesCard />
      <EffectNote />
      <BackupCard />
    </div>
  );
}
