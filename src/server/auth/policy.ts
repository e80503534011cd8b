import { eq, inArray } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Executor } from '../db/client';
import { allowedEmails, users } from '../db/schema';
import { getSettingsRow } from '../settings';

/**
 * The sign-in policy from settings: 'open', or 'allowed_list' where the address must match an entry
 * (an exact address or an '@domain' entry). Bootstrap admins and existing staff are never locked out,
 * so turning the list on cannot shut the admins out of the screen that edits it.
 * Callers never answer differently for a refused address: whether an address is staff must not show.
 */
export async function isSignInAllowed(db: Executor, config: AppConfig, email: string): Promise<boolean> {
  const { signinPolicy } = await getSettingsRow(db);
  if (signinPolicy === 'open' || config.adminEmails.includes(email)) return true;
  const domain = email.slice(email.lastIndexOf('@'));
  const [match] = await db
    .select({ id: allowedEmails.id })
    .from(allowedEmails)
    .where(inArray(allowedEmails.pattern, [email, domain]))
    .limit(1);
  if (match) return true;
  const [user] = await db
    .select({ role: users.role, active: users.isActive })
    .from(users)
    .where(eq(users.email, email));
  return Boolean(user && user.active && user.role !== 'other');
}
