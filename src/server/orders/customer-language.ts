import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/** The language a customer's mails are written in: their account's setting (docs/product.md#languages). */
export async function customerLanguage(db: Executor, userId: number): Promise<Language> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? DEFAULT_LANGUAGE;
}
