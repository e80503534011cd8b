// The language feature's public surface: the header switch, the profile's choice and the session's setting.
export { LanguageKeeper } from './language-keeper';
export { LanguageSwitch } from './language-switch';
export { useChooseLanguage } from './use-choose-language';
export { useLinkLanguage } from './use-link-language';
