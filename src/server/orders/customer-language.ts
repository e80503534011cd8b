import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/** The language a customer's mails are written in: their account's setting (docs/product.md#languages). */
export async function customerLanguage(db: Executor, userId: number): Promise<Language> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? DEFAULT_LANGUAGE;
}

/**
 * The language of a mail to an address that may or may not be a customer's (a guest's message, a conversation): the
 * account's, when one has the address, else English.
 */
export async function addressLanguage(db: Executor, email: string): Promise<Language> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.language ?? DEFAULT_LANGUAGE;
}

/**
 * Each approver's language for an approval request: their own account's, when the address has one (they chose it),
 * else English, as the approval page they open guesses for them (an approver may serve members of either language).
 */
export async function approverLanguages(db: Executor, approvers: string[]): Promise<Map<string, Language>> {
  const own = approvers.length
    ? await db
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(
          inArray(
            users.email,
            approvers.map((a) => a.toLowerCase()),
          ),
        )
    : [];
  const byEmail = new Map(own.map((r) => [r.email.toLowerCase(), r.language]));
  return new Map(approvers.map((a) => [a, byEmail.get(a.toLowerCase()) ?? DEFAULT_LANGUAGE]));
}
