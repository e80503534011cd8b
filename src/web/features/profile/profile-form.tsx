import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PHONE_DISPLAY_MAX, DEFAULT_STATE } from '@shared/constants';
import { formatPhone } from '@shared/fields';
import { profileSchema, type ProfileInput, type ProfileUpdate } from '@shared/profile';
import type { User } from '@shared/user';
import { Button, Field, Input } from '@web/components/ui';
import { LanguageField } from './language-field';

type Props = { user: User; saving: boolean; onSubmit: (data: ProfileUpdate) => void };

export function ProfileForm({ user, saving, onSubmit }: Props) {
  const { register, control, handleSubmit, formState } = useForm<ProfileInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileSchema),
    // Validated on submit, then as the customer corrects a field: a message appearing on blur would push the
    // Save button down between a phone tap's press and release, and the tap would be lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
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
  const { t } = useTranslation();
  // A field's id, error and registration all follow from its name.
  const field = (name: keyof ProfileInput) => ({ id: `profile-${name}`, error: e[name]?.message });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <p className="text-sm text-gray-400">
        {t('profile.signedInAs')} <span className="text-gray-200">{user.email}</span>
      </p>
      <LanguageField />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...field('first_name')} label={t('profile.firstName')} required>
          <Input autoComplete="given-name" {...register('first_name')} />
        </Field>
        <Field {...field('last_name')} label={t('profile.lastName')} required>
          <Input autoComplete="family-name" {...register('last_name')} />
        </Field>
      </div>
      <Field {...field('phone')} label={t('profile.phone')} required>
        {(wiring) => (
          <Controller
            control={control}
            name="phone"
            render={({ field: f }) => (
              <Input
                {...wiring}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="(602) 555-0143"
                maxLength={PHONE_DISPLAY_MAX}
                name={f.name}
                ref={f.ref}
                value={f.value ?? ''}
                onBlur={f.onBlur}
                onChange={(ev) => f.onChange(formatPhone(ev.target.value))}
              />
            )}
          />
        )}
      </Field>
      <Field {...field('address_line1')} label={t('profile.line1')}>
        <Input autoComplete="address-line1" {...register('address_line1')} />
      </Field>
      <Field {...field('address_line2')} label={t('profile.line2')}>
        <Input autoComplete="address-line2" {...register('address_line2')} />
      </Field>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_5rem_7rem]">
        <Field {...field('city')} label={t('profile.city')} className="col-span-2 sm:col-span-1">
          <Input autoComplete="address-level2" {...register('city')} />
        </Field>
        <Field id="profile-state" label={t('profile.state')}>
          <Input value={DEFAULT_STATE} readOnly aria-readonly className="cursor-not-allowed" />
        </Field>
        <Field {...field('zip_code')} label={t('profile.zip')}>
          <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} {...register('zip_code')} />
        </Field>
      </div>
      <Button type="submit" size="lg" block loading={saving}>
        {saving ? t('profile.saving') : t('profile.save')}
      </Button>
    </form>
  );
}
