import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

/** The key for hashing codes: AUTH_SECRET when given, else one generated once and kept in the database. */
export async function loadHashKey(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name: 'hash_key', value: crypto.randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'hash_key'));
  if (!row) throw new Error('hash key missing');
  return row.value;
}
