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
export const mailWords = (language: Language = DEFAULT_LANGUAGE): TFunction => words[language] ?? words.en;

/** i18next's own look-up, for what the quick one below leaves to it; mail-words.unit.test.ts compares the two. */
export const i18nextWords = (language: Language): TFunction => mails.getFixedT(language);

// i18next's t() was 8 % of the shop's CPU in checkout (its options, resolution and interpolation on every call, some
// forty calls an order mail). The mails use plain messages with {{name}} placeholders: those are looked up and filled
// here; anything else (a plural's count, an option i18next reads, a value missing) goes to i18next itself.
const SIMPLE = /^(?:[^{]|\{(?!\{))*(?:\{\{\w+\}\}(?:[^{]|\{(?!\{))*)*$/;
const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const OPTIONS_I18NEXT_READS = new Set([
  'count',
  'context',
  'ordinal',
  'lng',
  'lngs',
  'ns',
  'defaultValue',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'interpolation',
  'replace',
  'postProcess',
  'keyPrefix',
  'fallbackLng',
  'nsSeparator',
  'keySeparator',
]);

/** Every message by its dotted key: its text when it is plain (placeholders only), else null (i18next's to read). */
function messages(tree: object, prefix = '', out = new Map<string, string | null>()): Map<string, string | null> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, SIMPLE.test(value) && !value.includes('$t(') ? value : null);
    else if (value && typeof value === 'object') messages(value as object, `${prefix}${key}.`, out);
  }
  return out;
}

function quickWords(language: Language): TFunction {
  const slow = i18nextWords(language);
  const own = messages(language === 'es' ? es : en);
  const fallback = messages(en);
  const quick = (key: unknown, options?: unknown) => {
    const message = typeof key !== 'string' ? null : own.has(key) ? own.get(key) : fallback.get(key);
    if (message == null || (options !== undefined && (typeof options !== 'object' || options === null))) {
      return slow(key as string, options as never);
    }
    const values = (options ?? {}) as Record<string, unknown>;
    for (const name in values) if (OPTIONS_I18NEXT_READS.has(name)) return slow(key as string, options as never);
    let missing = false;
    const filled = message.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values[name];
      if (value === undefined || value === null || typeof value === 'object') {
        missing = true;
        return whole;
      }
      return String(value);
    });
    return missing ? slow(key as string, options as never) : filled;
  };
  return quick as unknown as TFunction;
}

const words: Record<Language, TFunction> = { en: quickWords('en'), es: quickWords('es') };

const spanishOf = fromEnglishWith(esFromEnglish);

/** Words from src/shared (statuses, positions, decorations, adjustments) in a customer's language. */
export const sharedWords =
  (language: Language = DEFAULT_LANGUAGE): FromEnglish =>
  (text) =>
    language === 'es' ? spanishOf(text) : text;
