// The customer screens' languages (docs/architecture.md#languages): messages and the English lookup. Formats are
// imported from './format' itself: they load the shop's date helpers, which the landing's first paint does without.
export {
  currentLanguage,
  englishOnly,
  guessLanguage,
  i18next,
  rememberLanguage,
  showLanguage,
  useFromEnglish,
} from './i18n';
