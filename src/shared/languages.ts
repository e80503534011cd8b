/**
 * The languages a customer may read the shop in (docs/product.md#languages). English is the shop's own and the
 * fallback; staff screens are English only.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The locale Intl formats money and dates with: US customers, so US Spanish ("$1,234.50", "25 nov 2026"). */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** The first of a browser's preferred languages ("es-MX", "en-US") the shop speaks; English when none. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
