import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { FieldError } from '@web/components/forms/field-error';

export const inputClass =
  'w-full rounded-lg border border-gray-700 bg-ink-950 px-3 py-2 text-gray-100 placeholder:text-gray-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none aria-invalid:border-red-500 read-only:text-gray-400';

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
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-300">
        {label}
        {optional ? (
          <span className="font-normal text-gray-500"> (optional)</span>
        ) : (
          <span className="text-brand-400"> *</span>
        )}
      </label>
      {children}
      {hint && !error ? <div className="mt-1 text-xs text-gray-500">{hint}</div> : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** aria wiring for a field with a possible error message. */
export const ariaFor = (id: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function SubmitRow({
  disabled,
  pending,
  sendError,
}: {
  disabled: boolean;
  pending: boolean;
  sendError: string | null;
}) {
  return (
    <div className="space-y-3 pt-1">
      <ErrorAlert
        message={sendError}
        className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300"
      />
      <button
        type="submit"
        disabled={disabled || pending}
        className="w-full rounded-lg bg-brand-500 px-4 py-2.5 font-semibold text-white transition hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {pending ? 'Sending…' : 'Send Message'}
      </button>
    </div>
  );
}

/** Off-screen, unlabelled for people and skipped by keyboard: only form-filling bots fill it in. */
export function Honeypot({ register }: { register: () => object }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...register()} />
      </label>
    </div>
  );
}

const MessageCounter = ({ length }: { length: number }) => <span>{length} / 999 characters (at least 20)</span>;

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
  return (
    <Field
      id="contact-message"
      label="Message"
      error={error}
      hint={<MessageCounter length={(text ?? '').trim().length} />}
    >
      <textarea
        {...ariaFor('contact-message', error)}
        rows={rows}
        className={`${inputClass} resize-y`}
        placeholder={placeholder}
        {...registration}
      />
    </Field>
  );
}
