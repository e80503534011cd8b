import { eq, inArray } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Executor } from '../db/client';
import { allowedEmails, users } from '../db/schema';
import { forbidden } from '../http/errors';
import { getSettingsRow } from '../settings/service';

export const NOT_ALLOWED_MESSAGE =
  'Sign-in is restricted to approved email addresses. Please contact us if you need access.';

/**
 * The sign-in policy from settings: 'open', or 'allowed_list' where the address must match an entry
 * (an exact address or an '@domain' entry). Bootstrap admins and existing staff are never locked out,
 * so turning the list on cannot shut the admins out of the screen that edits it.
 */
export async function assertSignInAllowed(db: Executor, config: AppConfig, email: string): Promise<void> {
  const { signinPolicy } = await getSettingsRow(db);
  if (signinPolicy === 'open' || config.adminEmails.includes(email)) return;
  const domain = email.slice(email.lastIndexOf('@'));
  const [match] = await db
    .select({ id: allowedEmails.id })
    .from(allowedEmails)
    .where(inArray(allowedEmails.pattern, [email, domain]))
    .limit(1);
  if (match) return;
  const [user] = await db.select({ role: users.role, active: users.isActive }).from(users).where(eq(users.email, email));
  if (user && user.active && user.role !== 'other') return;
  throw forbidden(NOT_ALLOWED_MESSAGE);
}
