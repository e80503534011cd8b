import { useTranslation } from 'react-i18next';
import { emit } from '@web/lib/events';
import { ChatIcon } from './icons';

/** Opens the Contact Us modal through the global open-contact-modal event (docs/product.md#screens-and-routes). */
export function ChatButton({ label = 'Chat' }: { label?: 'Chat' | 'Contact' }) {
  const { t } = useTranslation();
  const contact = label === 'Contact';
  return (
    <button
      type="button"
      data-testid="chat-button"
      // The name starts with the visible word (WCAG 2.5.3), which phones hide.
      aria-label={contact ? t('header.contactUs') : t('header.chatWithUs')}
      onClick={() => emit('open-contact-modal')}
      className="inline-flex h-10 items-center gap-2 rounded-lg border border-edge px-3 text-sm font-medium text-gray-200 transition hover:border-brand-500 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
    >
      <ChatIcon className="h-4 w-4 text-brand-400" />
      <span className="max-sm:sr-only">{contact ? t('header.contact') : t('header.chat')}</span>
    </button>
  );
}
