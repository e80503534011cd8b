import { asc, count, eq } from 'drizzle-orm';
import type { SigninPolicy } from '../../shared/admin';
import type { Db, Executor } from '../db/client';
import { allowedEmails, settings } from '../db/schema';
import { conflict, notFound } from '../http/errors';

export const allowedEmailDto = (r: typeof allowedEmails.$inferSelect) => ({
  id: r.id,
  pattern: r.pattern,
  created_at: r.createdAt.toISOString(),
});

export const EMPTY_LIST = 'Add at least one allowed e-mail or @domain before restricting sign-in to the list';
export const LAST_ENTRY =
  'Sign-in is restricted to this list: switch the policy to open before removing its last entry';

export async function listAllowedEmails(db: Db) {
  const rows = await db.select().from(allowedEmails).orderBy(asc(allowedEmails.pattern));
  return rows.map(allowedEmailDto);
}

export async function addAllowedEmail(db: Executor, pattern: string) {
  const [row] = await db.insert(allowedEmails).values({ pattern }).onConflictDoNothing().returning();
  if (!row) throw conflict(`${pattern} is already on the list`, 'DUPLICATE');
  return allowedEmailDto(row);
}

/** Locks the settings row so a policy switch and the last deletion cannot cross and lock everyone out. */
export async function removeAllowedEmail(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [s] = await tx
      .select({ policy: settings.signinPolicy })
      .from(settings)
      .where(eq(settings.id, 1))
      .for('update');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(allowedEmails);
    const [row] = await tx.select().from(allowedEmails).where(eq(allowedEmails.id, id));
    if (!row) throw notFound('Allowed e-mail entry not found');
    if (s?.policy === 'allowed_list' && Number(n) <= 1) throw conflict(LAST_ENTRY, 'LIST_IN_USE');
    await tx.delete(allowedEmails).where(eq(allowedEmails.id, id));
  });
}

export async function getSigninPolicy(db: Db): Promise<SigninPolicy> {
  const [s] = await db.select({ policy: settings.signinPolicy }).from(settings).where(eq(settings.id, 1));
  return s?.policy ?? 'open';
}

export async function setSigninPolicy(db: Db, policy: SigninPolicy): Promise<SigninPolicy> {
  return db.transaction(async (tx) => {
    await tx.select({ id: settings.id }).from(settings).where(eq(settings.id, 1)).for('update');
    if (policy === 'allowed_list') {
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(allowedEmails);
      if (Number(n) === 0) throw conflict(EMPTY_LIST, 'EMPTY_ALLOWED_LIST');
    }
    await tx.update(settings).set({ signinPolicy: policy, updatedAt: new Date() }).where(eq(settings.id, 1));
    return policy;
  });
}
