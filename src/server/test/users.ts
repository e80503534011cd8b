import type { App } from '../app-types';
import { createSession } from '../sessions';
import { users } from '../db/schema';

type Role = 'admin' | 'employee' | 'other';
let counter = 0;

export type SignedIn = {
  id: number;
  email: string;
  role: Role;
  cookie: string;
  headers: Record<string, string>;
};

/** Creates a user (profile complete unless told otherwise) and a session; returns cookie headers for inject(). */
export async function signedIn(
  app: App,
  role: Role = 'other',
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<SignedIn> {
  counter += 1;
  const email = overrides.email ?? `${role}${counter}-${process.pid}@example.test`;
  const [user] = await app.deps.db
    .insert(users)
    .values({
      email,
      role,
      firstName: 'Test',
      lastName: `User${counter}`,
      phone: '6025550100',
      zipCode: '85004',
      city: 'Phoenix',
      addressLine1: '100 W Washington St',
      needsProfileCompletion: false,
      profileCompleted: true,
      ...overrides,
    })
    .returning();
  const tokens = await createSession(app.deps.db, user!.id, {});
  const cookie = `session=${tokens.access}; refresh=${tokens.refresh}`;
  return { id: user!.id, email, role, cookie, headers: { cookie, 'content-type': 'application/json' } };
}

export const json = { 'content-type': 'application/json' };
