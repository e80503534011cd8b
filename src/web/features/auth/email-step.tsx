import { useState, type FormEvent } from 'react';
import { Loader2, Mail } from 'lucide-react';
import { requestPinBody, type RequestPinAnswer } from '@shared/auth';
import { errorText } from '@web/lib/api';
import { requestPin } from './api/request-pin';
import { BotNotice } from './notices';

type Props = {
  email: string;
  onEmailChange: (email: string) => void;
  onSent: (email: string, answer: RequestPinAnswer) => void;
  compact: boolean;
};

/** Step 1 (docs/product.md#screens-and-routes, docs/product.md#validation-messages): an e-mail field and Send Code, disabled while the field is empty. */
export function EmailStep({ email, onEmailChange, onSent, compact }: Props) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = requestPinBody.shape.email.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setSending(true);
    setError(null);
    try {
      onSent(parsed.data, await requestPin(parsed.data));
    } catch (err) {
      setError(errorText(err, 'Failed to send verification code'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={compact ? 'space-y-3' : 'space-y-5'}>
      <div className="space-y-1.5">
        <label htmlFor="login-email" className="block text-sm font-medium text-gray-200">
          Email Address
        </label>
        <div className="relative">
          <Mail
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500"
            aria-hidden
          />
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            value={email}
            onChange={(e) => {
              onEmailChange(e.target.value);
              setError(null);
            }}
            placeholder="you@example.com"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-email-error' : undefined}
            className="w-full rounded-lg border border-gray-700 bg-ink-950 py-2.5 pr-3 pl-9 text-gray-100 placeholder:text-gray-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
          />
        </div>
        {error ? (
          <p id="login-email-error" role="alert" className="text-sm text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={email.length === 0 || sending}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-500 px-4 py-2.5 font-semibold text-white transition hover:bg-brand-600 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2 focus-visible:ring-offset-ink-900 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
      >
        {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
        {sending ? 'Sending...' : 'Send Code'}
      </button>
      <BotNotice />
    </form>
  );
}
