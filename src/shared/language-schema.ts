import { z } from 'zod';
import { LANGUAGES } from './languages';

// The language fields of the API (docs/product.md#languages), apart from languages.ts so screens that only read the
// list do not load Zod.
const languageSchema = z.enum(LANGUAGES, { error: 'Choose English or Spanish' });

/** PUT /users/language/: the signed-in customer's choice, kept on their account. */
export const languageBody = z.object({ language: languageSchema });
/** A sign-in's language: the code mail is written in it, and a first sign-in's new account starts in it. */
export const signInLanguage = languageSchema.optional();
/**
 * The language an e-mailed link's page opens in: the account's of whoever the link was mailed to; null when the shop
 * does not know (an approver without an account), and the page guesses as for a guest.
 */
export const linkLanguageSchema = z.enum(LANGUAGES).nullable();
