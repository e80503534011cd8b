import { z } from 'zod';
import { latinLettersAnd } from './latin-letters';
import { EMAIL_MAX, MESSAGE_MAX, MESSAGE_MIN, NAME_MAX, NAME_MIN, PHONE_DIGITS, ZIP_DIGITS } from './constants';

// Field rules of docs/product.md#validation-messages, with its messages word for word. Forms and routes both use these.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const NAME_RE = latinLettersAnd("' -");

/**
 * Row ids are PostgreSQL integers: anything outside 1..2^31-1 cannot name a row, so it is refused (400) by the
 * schema before any query (security round 3, finding 9). Every request id, in a body, a query or a path, is one of
 * these; `coerced` reads it from a string (params, query strings).
 */
export const MAX_ROW_ID = 2_147_483_647;
export const rowIdNumber = (message = 'Invalid id') =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ROW_ID, message);
export const coercedRowId = (message = 'Invalid id') =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ROW_ID, message);

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .regex(EMAIL_RE, 'Please enter a valid email address')
  .transform((v) => v.toLowerCase());

export const contactNameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .min(NAME_MIN, 'Name must be at least 2 characters')
  .max(NAME_MAX - 1, 'Name must be less than 50 characters')
  .regex(NAME_RE, 'Name can only contain letters, spaces, hyphens, and apostrophes');

export const messageField = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .min(MESSAGE_MIN, 'Message must be at least 20 characters')
  .max(MESSAGE_MAX - 1, 'Message must be less than 1000 characters');

export const digitsOnly = (v: string) => v.replace(/\D/g, '');

/** Optional phone for the contact form: empty means none, otherwise exactly 10 digits. */
export const optionalPhoneField = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? digitsOnly(v) : ''))
  .refine((v) => v.length <= PHONE_DIGITS, 'Phone number is too long')
  .refine((v) => v.length === 0 || v.length === PHONE_DIGITS, 'Phone number must be 10 digits')
  .transform((v) => (v.length ? v : null));

export const requiredPhoneField = z
  .string({ error: 'Phone number is required' })
  .transform(digitsOnly)
  .refine((v) => v.length > 0, 'Phone number is required')
  .refine((v) => v.length === PHONE_DIGITS, 'Phone number must be 10 digits');

export const zipField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${ZIP_DIGITS}}$`), 'ZIP code must be 5 digits');

/** US phone mask (xxx) xxx-xxxx for display, from any input. */
export function formatPhone(input: string): string {
  const d = digitsOnly(input).slice(0, PHONE_DIGITS);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

// A high surrogate without its low half, or a low one without its high half.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const SEARCH_TEXT_REFUSED = 'Search text contains characters that are not allowed';

/**
 * Free text in a query string (search boxes): PostgreSQL text cannot hold a NUL byte, and a lone surrogate is
 * not text at all, so either is refused here, before any query runs.
 */
export const searchTextField = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Search text must be at most ${max} characters`)
    .refine((v) => !v.includes('\u0000') && !LONE_SURROGATE.test(v), SEARCH_TEXT_REFUSED)
    .optional();
