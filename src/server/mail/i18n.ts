import i18next, { type TFunction } from 'i18next';
import { fromEnglishWith, type FromEnglish } from '../../shared/from-english';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages';
import esFromEnglish from '../../shared/locales/es-from-english.json';
import en from './locales/en.json';
import es from './locales/es.json';

// The customer mails' words (docs/architecture.md#languages): one JSON file a language, edited by a translator like
// the web's. English is the fallback for any message Spanish lacks. Staff mails stay English; an approver's follow
// their own account's language (orders/customer-language.ts), else English.
const mails = i18next.createInstance();
void mails.init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // The mail template escapes for HTML; i18next escaping too would show "&amp;".
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The mail messages in a customer's language ("en" when none is known). */
export const mailWords = (language: Language = DEFAULT_LANGUAGE): TFunction => mails.getFixedT(language);

const spanishOf = fromEnglishWith(esFromEnglish);

/** Words from src/shared (statuses, positions, decorations, adjustments) in a customer's language. */
export const sharedWords =
  (language: Language = DEFAULT_LANGUAGE): FromEnglish =>
  (text) =>
    language === 'es' ? spanishOf(text) : text;
