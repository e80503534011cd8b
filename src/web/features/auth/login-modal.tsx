import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { RequestPinAnswer } from '@shared/auth';
import { MODAL_RESET_MS } from '@shared/constants';
import type { User } from '@shared/user';
import { Modal } from '@web/components/modal';
import { useAppEvent } from '@web/lib/events';
import { warmBotChallenge } from '@web/lib/bot-challenge';
import { EmailStep } from './email-step';
import { PinStep } from './pin-step';
import { signInNext } from './sign-in-next';
import { useSetSession } from './use-session';
import { useShortLandscape } from './use-short-landscape';

type Step = { name: 'email' } | { name: 'pin'; email: string; sent: RequestPinAnswer; key: number };

/** The landing page's sign-in (docs/product.md#screens-and-routes login modal), opened by the 'open-login-modal' window event. */
export default function LoginModal() {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');
  const compact = useShortLandscape();
  const { t } = useTranslation();
  const setSession = useSetSession();
  const navigate = useNavigate();
  // Sent here from a guarded screen (a link followed while signed out): back there once signed in.
  const next = signInNext(useLocation().state);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const openModal = useCallback(() => {
    clearTimeout(resetTimer.current);
    warmBotChallenge();
    setOpen(true);
  }, []);
  useAppEvent('open-login-modal', openModal);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const close = () => {
    setOpen(false);
    resetTimer.current = setTimeout(() => {
      setStep({ name: 'email' });
      setEmail('');
    }, MODAL_RESET_MS);
  };

  const onVerified = (user: User) => {
    close();
    setSession(user);
    navigate(next ?? (user.role === 'admin' ? '/admin' : '/store'));
  };

  const onPin = step.name === 'pin';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      persistent={onPin}
      size={compact && onPin ? 'lg' : 'md'}
      title={onPin ? t('auth.titlePin') : t('auth.titleEmail')}
      description={
        step.name === 'pin' ? (
          <>
            {t('auth.sentTo')} <span className="block font-medium break-all text-gray-200">{step.email}</span>
          </>
        ) : (
          t('auth.enterEmail')
        )
      }
    >
      {step.name === 'email' ? (
        <EmailStep
          email={email}
          onEmailChange={setEmail}
          compact={compact}
          onSent={(address, sent) => setStep({ name: 'pin', email: address, sent, key: Date.now() })}
        />
      ) : (
        <PinStep
          key={step.key}
          email={step.email}
          sent={step.sent}
          compact={compact}
          onBack={() => setStep({ name: 'email' })}
          onVerified={onVerified}
        />
      )}
    </Modal>
  );
}
