import { z } from 'zod';
import { PIN_LENGTH } from './constants';
import { emailField } from './fields';
import { signInLanguage } from './language-schema';
import { userSchema } from './user';

// docs/product.md#validation-messages PIN rules and the auth request bodies, shared by the routes and the login modal.
export const PIN_RE = new RegExp(`^\\d{${PIN_LENGTH}}$`);
export const PIN_MESSAGE = `Please enter the ${PIN_LENGTH}-digit code`;

export const pinField = z.string({ error: PIN_MESSAGE }).regex(PIN_RE, PIN_MESSAGE);

/** Bot-challenge token; optional because the client proceeds without one when the service is unavailable (docs/architecture.md#the-api). */
const recaptchaToken = z.string().max(4096).nullish();

export const requestPinBody = z.object({
  email: emailField,
  recaptcha_token: recaptchaToken,
  language: signInLanguage,
});
export const verifyPinBody = z.object({
  email: emailField,
  pin: pinField,
  recaptcha_token: recaptchaToken,
  language: signInLanguage,
});

export const authUserSchema = userSchema;

/** The answer of a sign-in and of /auth/me: the signed-in user. */
export const authUserAnswer = z.object({ success: z.literal(true), message: z.string(), user: authUserSchema });

/** The answer of /auth/check: the session is still good, and whose it is. */
export const authCheckAnswer = z.object({
  success: z.literal(true),
  authenticated: z.literal(true),
  user: z.object({ id: z.number(), role: userSchema.shape.role }),
});

/** The answer of a call that only confirms (sign-out). */
export const doneAnswer = z.object({ success: z.literal(true), message: z.string() });

/** The public sign-in configuration: the bot-challenge site key, or null when the challenge is off. */
export const authConfigAnswer = z.object({ success: z.literal(true), recaptcha_site_key: z.string().nullable() });

/** The answer to a PIN request: how many resends remain and how long until the next one is allowed. */
export const requestPinAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  resends_remaining: z.number(),
  retry_after_seconds: z.number(),
});
export type RequestPinAnswer = z.infer<typeof requestPinAnswer>;
