import { useTranslation } from 'react-i18next';
import { CheckCircle2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { MODAL_RESET_MS, SHORT_LANDSCAPE, SUCCESS_CLOSE_MS } from '@shared/constants';
import { Modal } from '@web/components/modal';
import { useSession } from '@web/features/auth';
import { useAppEvent } from '@web/lib/events';
import { GeneralContactForm } from './general-form';
import { UserContactForm } from './user-form';

// Fullscreen variant (docs/product.md#screens-and-routes): a landscape phone under 900 by 500.
const SHORT_LANDSCAPE_QUERY = `(orientation: landscape) and (max-width: ${SHORT_LANDSCAPE.width - 0.02}px) and (max-height: ${SHORT_LANDSCAPE.height - 0.02}px)`;
const subscribe = (cb: () => void) => {
  const mq = window.matchMedia(SHORT_LANDSCAPE_QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
};
const useShortLandscapePhone = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(SHORT_LANDSCAPE_QUERY).matches,
    () => false,
  );

/** Contact Us (docs/product.md#screens-and-routes, docs/product.md#contact-and-the-message-centre): opened by the chat button's open-contact-modal event; the form for guests or for customers. */
export default function ContactModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  // A new key remounts the form: every close leaves a clean form behind, 300 ms later (after the fade).
  const [formKey, setFormKey] = useState(0);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { data: user } = useSession();
  const shortLandscape = useShortLandscapePhone();
  const fullscreen = !user && shortLandscape;

  useAppEvent(
    'open-contact-modal',
    useCallback(() => {
      clearTimeout(resetTimer.current);
      setOpen(true);
    }, []),
  );

  const close = useCallback(() => {
    setOpen(false);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      setSent(false);
      setFormKey((k) => k + 1);
    }, MODAL_RESET_MS);
  }, []);

  useEffect(() => {
    if (!sent || !open) return;
    const t = setTimeout(close, SUCCESS_CLOSE_MS);
    return () => clearTimeout(t);
  }, [sent, open, close]);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      title={sent ? t('contact.sentTitle') : t('contact.title')}
      description={sent ? undefined : t('contact.description')}
      fullscreen={fullscreen}
      size="md"
    >
      {sent ? (
        <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
          <CheckCircle2 className="h-14 w-14 text-emerald-400" aria-hidden />
          <p className="text-gray-200">{t('contact.thanks')}</p>
          <p className="text-sm text-gray-500">{t('contact.closes')}</p>
        </div>
      ) : user ? (
        <UserContactForm key={formKey} user={user} onSent={() => setSent(true)} />
      ) : (
        <GeneralContactForm key={formKey} compact={fullscreen} onSent={() => setSent(true)} />
      )}
    </Modal>
  );
}
