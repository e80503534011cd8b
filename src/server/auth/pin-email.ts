import { BUSINESS } from '../../shared/business';
import { PIN_TTL_MINUTES } from '../../shared/constants';
import { renderEmail } from '../mail/layout';
import type { OutgoingMail } from '../mail/outbox';

/** The sign-in code e-mail: the code, its 10-minute expiry and the shop's name, in HTML and text. */
export function pinEmail(to: string, code: string): OutgoingMail {
  const title = 'Your sign-in code';
  const bodyText = [
    `Your ${BUSINESS.name} sign-in code is: ${code}`,
    '',
    `The code expires in ${PIN_TTL_MINUTES} minutes and can be used once.`,
    'If you did not ask to sign in, you can ignore this message: nobody can sign in without the code.',
  ].join('\n');
  const bodyHtml = `<p style="margin:0 0 16px">Use this code to sign in to ${BUSINESS.name}:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace">${code}</p>
<p style="margin:0 0 8px">The code expires in ${PIN_TTL_MINUTES} minutes and can be used once.</p>
<p style="margin:0;color:#6b7280;font-size:13px">If you did not ask to sign in, you can ignore this message: nobody can sign in without the code.</p>`;
  const { html, text } = renderEmail({ title, bodyHtml, bodyText });
  return { to, subject: `Your ${BUSINESS.name} sign-in code`, text, html, kind: 'login_code' };
}

/**
 * Sent instead of a code when the sign-in list does not include the address: the screen answers as for any
 * address (nobody learns who is on the list), and the owner of the mailbox learns why no code came.
 */
export function signInRestrictedEmail(to: string): OutgoingMail {
  const title = 'Sign-in request';
  const lines = [
    `Someone asked to sign in to ${BUSINESS.name} with this address.`,
    'Sign-in is restricted to approved email addresses, and this address is not on the list, so no code was sent.',
    `If you need access, reply to this e-mail or call us at ${BUSINESS.phoneDisplay}.`,
  ];
  const bodyHtml = lines.map((l) => `<p style="margin:0 0 12px">${l}</p>`).join('\n');
  const { html, text } = renderEmail({ title, bodyHtml, bodyText: lines.join('\n\n') });
  return { to, subject: `Your ${BUSINESS.name} sign-in request`, text, html, kind: 'signin_restricted' };
}
