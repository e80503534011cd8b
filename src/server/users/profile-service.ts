import { eq } from 'drizzle-orm';
import type { Language } from '../../shared/languages';
import type { ProfileUpdate } from '../../shared/profile';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { notFound } from '../http/errors';
import { userDto, type UserDto } from './user-dto';

export async function getProfile(db: Executor, userId: number): Promise<UserDto> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User not found');
  return userDto(row);
}

/** A valid payload has every required field, so saving it completes the profile. */
export async function updateProfile(db: Executor, userId: number, input: ProfileUpdate): Promise<UserDto> {
  const [row] = await db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      addressLine1: input.address_line1,
      addressLine2: input.address_line2,
      city: input.city,
      state: input.state,
      zipCode: input.zip_code,
      profileCompleted: true,
      needsProfileCompletion: false,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound('User not found');
  return userDto(row);
}

/** The language the customer reads the shop and its mails in; the profile itself need not be complete. */
export async function setLanguage(db: Executor, userId: number, language: Language): Promise<UserDto> {
  const [row] = await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (!row) throw notFound('User not found');
  return userDto(row);
}
