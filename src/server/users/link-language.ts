import { eq } from 'drizzle-orm';
import type { Language } from '../../shared/languages';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/**
 * The language an e-mailed link's page opens in (docs/product.md#languages): the account's setting of whoever the
 * link was mailed to, found by id (a customer) or by address (an approver, who may have no account: null, and the
 * page guesses from the browser). It only picks the page's words; the token alone still decides what the page shows.
 */
export async function linkLanguage(
  db: Executor,
  who: { userId: number } | { email: string },
): Promise<Language | null> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where('userId' in who ? eq(users.id, who.userId) : eq(users.email, who.email.toLowerCase()));
  return row?.language ?? null;
}
