import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { generalContactSchema, type GeneralContactInput, type GeneralContactPayload } from '@shared/contact';
import { PHONE_DISPLAY_MAX } from '@shared/constants';
import { formatPhone } from '@shared/fields';
import { Input } from '@web/components/ui';
import { Field, Honeypot, MessageField, SubmitRow } from './form-parts';
import { useSend } from './use-send';

const EMPTY: GeneralContactInput = { name: '', email: '', phone: '', message: '', website: '' };

/** docs/product.md#validation-messages general contact form (guests): validated on blur, errors cleared while typing, submit only when valid. */
export function GeneralContactForm({ onSent, compact }: { onSent: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const { register, handleSubmit, watch, setValue, clearErrors, setError, formState } = useForm<
    GeneralContactInput,
    unknown,
    GeneralContactPayload
  >({
    resolver: zodResolver(generalContactSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: EMPTY,
  });
  const { send, sendError, pending } = useSend(setError, onSent);
  const values = watch();
  const valid = generalContactSchema.safeParse(values).success;
  const e = formState.errors;
  const clearing = (name: keyof GeneralContactInput) => ({ onChange: () => clearErrors(name) });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ recaptcha_token: _t, ...body }) => send(body))}
      className="relative space-y-4"
    >
      <div className={compact ? 'grid gap-4 sm:grid-cols-2' : 'space-y-4'}>
        <Field id="contact-name" label={t('contact.name')} error={e.name?.message}>
          <Input
            autoComplete="name"
            placeholder={t('contact.namePlaceholder')}
            {...register('name', clearing('name'))}
          />
        </Field>
        <Field id="contact-email" label={t('contact.email')} error={e.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...register('email', clearing('email'))}
          />
        </Field>
      </div>
      <Field id="contact-phone" label={t('contact.phone')} optional error={e.phone?.message}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={PHONE_DISPLAY_MAX}
          placeholder="(602) 555-0123"
          {...register('phone', {
            onChange: (ev: React.ChangeEvent<HTMLInputElement>) => {
              setValue('phone', formatPhone(ev.target.value));
              clearErrors('phone');
            },
          })}
        />
      </Field>
      <MessageField
        error={e.message?.message}
        text={values.message}
        rows={compact ? 3 : 5}
        placeholder={t('contact.generalPlaceholder')}
        registration={register('message', clearing('message'))}
      />
      <Honeypot register={() => register('website')} />
      <SubmitRow disabled={!valid} pending={pending} sendError={sendError} />
    </form>
  );
}
