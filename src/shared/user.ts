import { z } from 'zod';
import { ROLES } from './constants';
import { LANGUAGES } from './languages';

/** The user as every API answer carries it (docs/architecture.md#the-api User); server/users/user-dto.ts builds it. */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string(),
  zip_code: z.string().nullable(),
  needs_profile_completion: z.boolean(),
  profile_completed: z.boolean(),
  is_active: z.boolean(),
  /** The language the customer reads the shop and its mails in (docs/product.md#languages). */
  language: z.enum(LANGUAGES),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
