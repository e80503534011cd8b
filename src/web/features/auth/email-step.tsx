import { useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { requestPinBody, type RequestPinAnswer } from '@shared/auth';
import { Button, Field, Input } from '@web/components/ui';
import { useFromEnglish } from '@web/i18n';
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
  const { t } = useTranslation();
  const words = useFromEnglish();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = requestPinBody.shape.email.safeParse(email);
    if (!parsed.success) {
      setError(words(parsed.error.issues[0]?.message ?? 'Please enter a valid email address'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      onSent(parsed.data, await requestPin(parsed.data));
    } catch (err) {
      setError(words(errorText(err, t('auth.sendFailed'))));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={compact ? 'space-y-3' : 'space-y-5'}>
      <Field id="login-email" label={t('auth.emailLabel')} error={error}>
        {(wiring) => (
          <div className="relative">
            <Mail
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400"
              aria-hidden
            />
            <Input
              {...wiring}
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
              className="pl-9"
            />
          </div>
        )}
      </Field>
      <Button type="submit" size="lg" block disabled={email.length === 0} loading={sending}>
        {sending ? t('auth.sending') : t('auth.sendCode')}
      </Button>
      <BotNotice />
    </form>
  );
}
