import { useEffect, useEffectEvent, useState } from 'react';
import { ArrowLeft, CheckCircle2, Loader2, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RequestPinAnswer } from '@shared/auth';
import { PIN_LENGTH, PIN_SUCCESS_DELAY_MS, PIN_VERIFY_DELAY_MS, SUCCESS_CLOSE_MS } from '@shared/constants';
import type { User } from '@shared/user';
import { Button } from '@web/components/ui';
import { ApiRequestError, errorText } from '@web/lib/api';
import { requestPin } from './api/request-pin';
import { verifyPin } from './api/verify-pin';
import { ExpiryNotice, BotNotice } from './notices';
import { emptyPin, PinBoxes } from './pin-boxes';
import { resendRule } from './resend-rule';
import { useCountdown } from './use-countdown';
import { useFromEnglish } from '@web/i18n';

type Props = {
  email: string;
  sent: RequestPinAnswer;
  compact: boolean;
  onBack: () => void;
  onVerified: (user: User) => void;
};
type Status = 'idle' | 'verifying' | 'success';

const CODE_SENT_MS = SUCCESS_CLOSE_MS;
const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);

/** Step 2 (docs/product.md#screens-and-routes, docs/product.md#sign-in, docs/product.md#constants): six boxes, auto-verify after 1 s, resend with countdowns, the R key. */
export function PinStep({ email, sent, compact, onBack, onVerified }: Props) {
  const [digits, setDigits] = useState(emptyPin);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const words = useFromEnglish();
  const [sentAt, setSentAt] = useState(0);
  const [codeSent, setCodeSent] = useState(true);
  const [serverRemaining, setServerRemaining] = useState(sent.resends_remaining);
  // Resends this dialog has sent: the short landscape dialog allows 3 of them (resend-rule.ts).
  const [used, setUsed] = useState(0);
  const [resending, setResending] = useState(false);
  const rule = (server: { resendsRemaining: number; retryAfterSeconds: number }, usedSoFar: number) =>
    resendRule(server, compact, usedSoFar);
  const countdown = useCountdown(
    rule({ resendsRemaining: sent.resends_remaining, retryAfterSeconds: sent.retry_after_seconds }, 0)
      .retryAfterSeconds,
  );
  const remaining = rule({ resendsRemaining: serverRemaining, retryAfterSeconds: 0 }, used).resendsRemaining;
  const [focusKey, setFocusKey] = useState(0);
  const code = digits.join('');

  useEffect(() => {
    const timer = setTimeout(() => setCodeSent(false), CODE_SENT_MS);
    return () => clearTimeout(timer);
  }, [sentAt]);

  const verify = useEffectEvent(async (pin: string) => {
    setStatus('verifying');
    setError(null);
    try {
      const user = await verifyPin(email, pin);
      setStatus('success');
      setTimeout(() => onVerified(user), PIN_SUCCESS_DELAY_MS);
    } catch (err) {
      setError(words(errorText(err, t('auth.invalidCode'))));
      setDigits(emptyPin());
      setStatus('idle');
      setFocusKey((k) => k + 1);
    }
  });

  useEffect(() => {
    if (code.length !== PIN_LENGTH || status !== 'idle') return;
    const timer = setTimeout(() => void verify(code), PIN_VERIFY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code, status]);

  const canResend = countdown.left === 0 && remaining > 0 && !resending && status === 'idle';
  const resend = async () => {
    if (!canResend) return;
    setResending(true);
    setError(null);
    try {
      const answer = await requestPin(email);
      setServerRemaining(answer.resends_remaining);
      setUsed(used + 1);
      countdown.start(
        rule({ resendsRemaining: answer.resends_remaining, retryAfterSeconds: answer.retry_after_seconds }, used + 1)
          .retryAfterSeconds,
      );
      setDigits(emptyPin());
      setCodeSent(true);
      setSentAt(Date.now());
      setFocusKey((k) => k + 1);
    } catch (err) {
      if (err instanceof ApiRequestError) {
        if (err.body?.retry_after_seconds) countdown.start(err.body.retry_after_seconds);
        if (err.body?.resends_remaining !== undefined) setServerRemaining(err.body.resends_remaining);
      }
      setError(words(errorText(err, t('auth.sendFailed'))));
    } finally {
      setResending(false);
    }
  };
  const onResendKey = useEffectEvent(() => void resend());

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== 'r' && e.key !== 'R') || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      e.preventDefault();
      onResendKey();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const statusLine =
    status === 'verifying' ? (
      <span className="flex items-center gap-2 text-gray-300">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {t('auth.verifying')}
      </span>
    ) : status === 'success' ? (
      <span className="flex items-center gap-2 font-semibold text-green-400">
        <CheckCircle2 className="h-4 w-4" aria-hidden /> {t('auth.verified')}
      </span>
    ) : error ? (
      <span role="alert" className="text-red-400">
        {error}
      </span>
    ) : codeSent ? (
      <span className="flex items-center gap-2 text-green-400">
        <CheckCircle2 className="h-4 w-4" aria-hidden /> {t('auth.codeSent')}
      </span>
    ) : null;

  const resendLabel = resending
    ? t('auth.sending')
    : countdown.left > 0 && remaining > 0
      ? t('auth.resendIn', { seconds: countdown.left })
      : t('auth.resend');
  const hint = remaining > 0 ? t('auth.resendsLeft', { count: remaining }) : t('auth.noResends');

  const entry = (
    <div className={compact ? 'space-y-2' : 'space-y-3'}>
      <PinBoxes
        digits={digits}
        onChange={(next) => {
          setDigits(next);
          setError(null);
        }}
        disabled={status !== 'idle'}
        invalid={Boolean(error)}
        compact={compact}
        focusKey={focusKey}
        onPasteRejected={() => setError(t('auth.pasteDigits', { digits: PIN_LENGTH }))}
      />
      <div className="flex min-h-6 items-center justify-center text-sm" aria-live="polite">
        {statusLine}
      </div>
    </div>
  );
  const actions = (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-3">
        <Button
          variant="ghost"
          size="sm"
          onClick={onBack}
          disabled={status !== 'idle'}
          className="gap-1.5 px-2 whitespace-nowrap"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> {t('auth.back')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void resend()}
          disabled={!canResend}
          aria-keyshortcuts="R"
          title={t('auth.shortcut')}
          className="gap-1.5 px-2 whitespace-nowrap tabular-nums"
        >
          <RotateCw className={`h-4 w-4 ${resending ? 'animate-spin' : ''}`} aria-hidden /> {resendLabel}
        </Button>
      </div>
      <p className="text-right text-xs text-gray-400">{hint}</p>
    </div>
  );

  if (compact) {
    return (
      <div className="grid grid-cols-2 items-start gap-5">
        <div className="space-y-3">
          <ExpiryNotice />
          <BotNotice />
        </div>
        <div className="space-y-2">
          {entry}
          {actions}
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      {entry}
      {actions}
      <div className="space-y-3">
        <ExpiryNotice />
        <BotNotice />
      </div>
    </div>
  );
}
