import { BUSINESS } from '../../shared/business';
import { PIN_TTL_MINUTES } from '../../shared/constants';
import type { OutgoingMail } from '../mail/outbox';
import { renderMail } from '../mail/template';

/** The sign-in code e-mail, kept short: the code, its 10-minute expiry and the shop's name, in HTML and text. */
export function pinEmail(to: string, code: string): OutgoingMail {
  const { html, text } = renderMail({
    title: 'Your sign-in code',
    preview: `Your ${BUSINESS.name} sign-in code is ${code}`,
    footer: 'short',
    blocks: [
      { kind: 'lines', lines: [`Your ${BUSINESS.name} sign-in code is:`] },
      { kind: 'code', code },
      { kind: 'lines', lines: [`The code expires in ${PIN_TTL_MINUTES} minutes and can be used once.`] },
      {
        kind: 'note',
        text: 'If you did not ask to sign in, you can ignore this message: nobody can sign in without the code.',
      },
    ],
  });
  return { to, subject: `Your ${BUSINESS.name} sign-in code`, text, html, kind: 'login_code' };
}

/**
 * Sent instead of a code when the sign-in list does not include the address: the screen answers as for any
 * address (nobody learns who is on the list), and the owner of the mailbox learns why no code came.
 */
export function signInRestrictedEmail(to: string): OutgoingMail {
  const { html, text } = renderMail({
    title: 'Sign-in request',
    footer: 'short',
    blocks: [
      `Someone asked to sign in to ${BUSINESS.name} with this address.`,
      'Sign-in is restricted to approved email addresses, and this address is not on the list, so no code was sent.',
      `If you need access, reply to this e-mail or call us at ${BUSINESS.phoneDisplay}.`,
    ].map((l) => ({ kind: 'lines', lines: [l] })),
  });
  return { to, subject: `Your ${BUSINESS.name} sign-in request`, text, html, kind: 'signin_restricted' };
}
