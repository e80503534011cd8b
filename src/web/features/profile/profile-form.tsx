import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { PHONE_DISPLAY_MAX, DEFAULT_STATE } from '@shared/constants';
import { formatPhone } from '@shared/fields';
import { profileSchema, type ProfileInput, type ProfileUpdate } from '@shared/profile';
import type { User } from '@shared/user';
import { FieldError } from '@web/components/forms/field-error';

type Props = { user: User; saving: boolean; onSubmit: (data: ProfileUpdate) => void };

const input =
  'w-full rounded-lg border border-gray-700 bg-ink-950 px-3 py-2 text-gray-100 placeholder:text-gray-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none aria-invalid:border-red-500';

type FieldProps = {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  className?: string;
  children: React.ReactNode;
};

function Field({ id, label, required, error, className, children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-300">
        {label}
        {required ? <span className="text-brand-400"> *</span> : null}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function ProfileForm({ user, saving, onSubmit }: Props) {
  const { register, control, handleSubmit, formState } = useForm<ProfileInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileSchema),
    mode: 'onTouched',
    defaultValues: {
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      phone: formatPhone(user.phone ?? ''),
      address_line1: user.address_line1 ?? '',
      address_line2: user.address_line2 ?? '',
      city: user.city ?? '',
      state: DEFAULT_STATE,
      zip_code: user.zip_code ?? '',
    },
  });
  const e = formState.errors;
  const aria = (name: keyof ProfileInput) => ({
    'aria-invalid': e[name] ? true : undefined,
    'aria-describedby': e[name] ? `profile-${name}-error` : undefined,
  });
  // A text input's id, error wiring and registration all follow from its field's name.
  const bind = (name: keyof ProfileInput) => ({ id: `profile-${name}`, ...aria(name), ...register(name) });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <p className="text-sm text-gray-400">
        Signed in as <span className="text-gray-200">{user.email}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-first_name" label="First name" required error={e.first_name?.message}>
          <input autoComplete="given-name" className={input} {...bind('first_name')} />
        </Field>
        <Field id="profile-last_name" label="Last name" required error={e.last_name?.message}>
          <input autoComplete="family-name" className={input} {...bind('last_name')} />
        </Field>
      </div>
      <Field id="profile-phone" label="Phone number" required error={e.phone?.message}>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <input
              id="profile-phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="(602) 555-0143"
              maxLength={PHONE_DISPLAY_MAX}
              className={input}
              {...aria('phone')}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(ev) => field.onChange(formatPhone(ev.target.value))}
            />
          )}
        />
      </Field>
      <Field id="profile-address_line1" label="Address line 1" error={e.address_line1?.message}>
        <input autoComplete="address-line1" className={input} {...bind('address_line1')} />
      </Field>
      <Field id="profile-address_line2" label="Address line 2" error={e.address_line2?.message}>
        <input autoComplete="address-line2" className={input} {...bind('address_line2')} />
      </Field>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_5rem_7rem]">
        <Field id="profile-city" label="City" className="col-span-2 sm:col-span-1" error={e.city?.message}>
          <input autoComplete="address-level2" className={input} {...bind('city')} />
        </Field>
        <Field id="profile-state" label="State">
          <input
            id="profile-state"
            value={DEFAULT_STATE}
            readOnly
            aria-readonly
            className={`${input} cursor-not-allowed text-gray-400`}
          />
        </Field>
        <Field id="profile-zip_code" label="ZIP code" error={e.zip_code?.message}>
          <input inputMode="numeric" autoComplete="postal-code" maxLength={5} className={input} {...bind('zip_code')} />
        </Field>
      </div>
      <button
        type="submit"
        disabled={saving}
        className="w-full rounded-lg bg-brand-500 px-4 py-2.5 font-semibold text-white hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none disabled:cursor-wait disabled:opacity-60"
      >
        {saving ? 'Saving...' : 'Save Profile'}
      </button>
    </form>
  );
}
