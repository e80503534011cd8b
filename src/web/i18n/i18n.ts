import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { fromEnglishWith, type FromEnglish } from '@shared/from-english';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language } from '@shared/languages';
import en from './locales/en.json';

/** The customer's own choice on this browser (header switch, profile, or their account's setting once signed in). */
const STORAGE_KEY = 'language';

/**
 * The customer screens' messages (docs/architecture.md#languages). English is bundled: it is the default and every
 * missing Spanish message falls back to it. Spanish (the messages and the validation lookup) is its own chunk, loaded
 * only when chosen, so the landing's first load carries one language.
 */
void i18next.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: en } },
  // React escapes what it renders; i18next escaping too would show "&amp;".
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** A copy fixed on English for the staff screens, which stay English whatever a customer chose on this browser. */
export const englishOnly = i18next.cloneInstance({ lng: DEFAULT_LANGUAGE });

let spanishOf: FromEnglish = (text) => text;

function storedChoice(): Language | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

/** A guest's first guess: what they chose here before, else the browser's preferred languages. */
export function guessLanguage(): Language {
  return storedChoice() ?? pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private windows may refuse storage: the choice then lasts until the page is closed.
  }
}

async function loadSpanish() {
  if (i18next.hasResourceBundle('es', 'translation')) return;
  const [messages, catalogue] = await Promise.all([
    import('./locales/es.json'),
    import('@shared/locales/es-from-english.json'),
  ]);
  i18next.addResourceBundle('es', 'translation', messages.default);
  spanishOf = fromEnglishWith(catalogue.default as Record<string, string>);
}

/** Shows the screens in a language: loads its messages first, then switches and marks the page's lang. */
export async function showLanguage(language: Language) {
  if (language === 'es') await loadSpanish();
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The Spanish of an English message from src/shared or the server while Spanish is on; the English otherwise. */
export function fromEnglish(text: string, language: string = i18next.language): string {
  return language === 'es' ? spanishOf(text) : text;
}

export { i18next };

/** The language the screens are in now, as API calls send it. */
export const currentLanguage = (): Language => (i18next.language === 'es' ? 'es' : 'en');

/** fromEnglish for the language of the screen being drawn (staff screens: always English). */
export function useFromEnglish(): (text: string) => string {
  const { i18n } = useTranslation();
  return (text) => fromEnglish(text, i18n.language);
}
