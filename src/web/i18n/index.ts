// The customer screens' languages (docs/architecture.md#languages): messages, formats and the English lookup.
export {
  currentLanguage,
  englishOnly,
  fromEnglish,
  guessLanguage,
  i18next,
  rememberLanguage,
  showLanguage,
  useFromEnglish,
} from './i18n';
export { useFormat } from './format';
