import { useTranslation } from 'react-i18next';
import type { ReactElement, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Button, Textarea, Field as UiField, type FieldControlProps } from '@web/components/ui';

/** A contact field: required ones are starred, optional ones say so; the hint gives way to an error. */
export function Field({
  id,
  label,
  optional,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactElement<Partial<FieldControlProps>>;
}) {
  const { t } = useTranslation();
  return (
    <UiField
      id={id}
      label={
        optional ? (
          <>
            {label}
            <span className="font-normal text-gray-400">{t('contact.optional')}</span>
          </>
        ) : (
          label
        )
      }
      required={!optional}
      hint={hint && !error ? hint : undefined}
      error={error}
    >
      {children}
    </UiField>
  );
}

export function SubmitRow({
  disabled,
  pending,
  sendError,
}: {
  disabled: boolean;
  pending: boolean;
  sendError: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 pt-1">
      <ErrorAlert
        message={sendError}
        className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300"
      />
      <Button type="submit" size="lg" block disabled={disabled} loading={pending}>
        {pending ? t('contact.sending') : t('contact.send')}
      </Button>
    </div>
  );
}

/** Off-screen, unlabelled for people and skipped by keyboard: only form-filling bots fill it in. */
export function Honeypot({ register }: { register: () => object }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      {/* eslint-disable-next-line local/customer-text -- bots look for the English name; no person sees or hears it */}
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...register()} />
      </label>
    </div>
  );
}

function MessageCounter({ length }: { length: number }) {
  const { t } = useTranslation();
  return <span>{t('contact.counter', { length })}</span>;
}

/** The message box both contact forms end with; its counter counts what the rules count, the trimmed text. */
export function MessageField({
  error,
  text,
  rows,
  placeholder,
  registration,
}: {
  error?: string;
  text: string | undefined;
  rows: number;
  placeholder: string;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <Field
      id="contact-message"
      label={t('contact.message')}
      error={error}
      hint={<MessageCounter length={(text ?? '').trim().length} />}
    >
      <Textarea rows={rows} className="resize-y" placeholder={placeholder} {...registration} />
    </Field>
  );
}
