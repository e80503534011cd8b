import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type Language } from '@shared/languages';
import { LanguagesIcon } from '@web/components/icons';
// The button's own file, not the ui index: the index would pull the Radix dialog into the landing's first load.
import { Button } from '@web/components/ui/button';
import { useChooseLanguage } from './use-choose-language';

/**
 * The header's language switch (docs/product.md#languages): one button offering the other language, named in that
 * language ("Español" on an English page), so a reader who does not know the page's language still finds it.
 * Phones show the two-letter code alone.
 */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  const choose = useChooseLanguage();
  const other: Language = i18n.language === 'es' ? 'en' : 'es';
  return (
    <Button
      variant="plain"
      data-testid="language-switch"
      lang={other}
      onClick={() => void choose(other)}
      className="inline-flex h-10 items-center gap-2 rounded-lg border border-edge px-3 text-sm font-medium text-gray-200 transition hover:border-brand-500 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
    >
      <LanguagesIcon className="h-4 w-4 text-brand-400 max-sm:hidden" />
      <span className="sm:hidden">{other.toUpperCase()}</span>
      <span className="max-sm:hidden">{LANGUAGE_NAMES[other]}</span>
    </Button>
  );
}
