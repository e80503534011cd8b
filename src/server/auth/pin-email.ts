import { BUSINESS } from '../../shared/business';
import { PIN_TTL_MINUTES } from '../../shared/constants';
import type { Language } from '../../shared/languages';
import { mailWords } from '../mail/i18n';
import type { OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/template';

const shop = BUSINESS.name;

/** The sign-in code e-mail, kept short: the code, its 10-minute expiry and the shop's name, in HTML and text. */
export function pinEmail(to: string, code: string, language?: Language): OutgoingMail {
  const t = mailWords(language);
  const { html, text } = renderMail({
    title: t('pin.title'),
    preview: t('pin.preview', { shop, code }),
    footer: 'short',
    language,
    blocks: [
      { kind: 'lines', lines: [t('pin.intro', { shop })] },
      { kind: 'code', code },
      { kind: 'lines', lines: [t('pin.expiry', { minutes: PIN_TTL_MINUTES })] },
      { kind: 'note', text: t('pin.ignore') },
    ],
  });
  return { to, subject: t('pin.subject', { shop }), text, html, kind: 'login_code' };
}

/**
 * Sent instead of a code when the sign-in list does not include the address: the screen answers as for any
 * address (nobody learns who is on the list), and the owner of the mailbox learns why no code came.
 */
export function signInRestrictedEmail(to: string, language?: Language): OutgoingMail {
  const t = mailWords(language);
  const { html, text } = renderMail({
    title: t('restricted.title'),
    footer: 'short',
    language,
    blocks: [
      t('restricted.asked', { shop }),
      t('restricted.notListed'),
      t('restricted.help', { phone: BUSINESS.phoneDisplay }),
    ].map((l) => ({ kind: 'lines', lines: [l] })),
  });
  return { to, subject: t('restricted.subject', { shop }), text, html, kind: 'signin_restricted' };
}
