import { Clock, ShieldCheck } from 'lucide-react';
import { PIN_TTL_MINUTES } from '@shared/constants';
import { Trans, useTranslation } from 'react-i18next';
import { useBotCheckOn } from '@web/lib/bot-challenge';

export function ExpiryNotice() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center justify-center gap-2 rounded-lg bg-ink-800/70 px-3 py-2 text-center text-xs text-gray-300">
      <Clock className="h-3.5 w-3.5 shrink-0 text-brand-400" aria-hidden />
      <span>{t('auth.expiry', { minutes: PIN_TTL_MINUTES })}</span>
    </p>
  );
}

/**
 * Required wording when the reCAPTCHA badge is not the only disclosure (docs/product.md#screens-and-routes bot-challenge
 * notice); with the bot check off there is no reCAPTCHA to disclose, so nothing is said.
 */
export function BotNotice() {
  const on = useBotCheckOn();
  if (!on) return null;
  const link = 'underline decoration-gray-600 underline-offset-2 hover:text-gray-300';
  return (
    <p className="flex items-start justify-center gap-1.5 text-center text-[11px] leading-snug text-gray-500">
      <ShieldCheck className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
      <span>
        <Trans
          i18nKey="auth.botNotice"
          components={{
            privacy: <a className={link} href="https://policies.google.com/privacy" target="_blank" rel="noreferrer" />,
            terms: <a className={link} href="https://policies.google.com/terms" target="_blank" rel="noreferrer" />,
          }}
        />
      </span>
    </p>
  );
}
