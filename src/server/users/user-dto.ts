import type { users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

/** The user as the API answers it (docs/architecture.md#the-api User). */
export const userDto = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  role: u.role,
  first_name: u.firstName,
  last_name: u.lastName,
  phone: u.phone,
  address_line1: u.addressLine1,
  address_line2: u.addressLine2,
  city: u.city,
  state: u.state,
  zip_code: u.zipCode,
  needs_profile_completion: u.needsProfileCompletion,
  profile_completed: u.profileCompleted,
  is_active: u.isActive,
  language: u.language,
  created_at: u.createdAt.toISOString(),
});
export type UserDto = ReturnType<typeof userDto>;
