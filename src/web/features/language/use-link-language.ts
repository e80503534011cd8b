import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/languages';
import { showLanguage } from '@web/i18n';

/**
 * An e-mailed link's page (approval, invoice, quote, proof) opens in the language of whoever it was mailed to, as
 * the link's answer names it (docs/product.md#languages); with none (null), the page keeps its first guess: this
 * browser's choice, else its languages. Applied once per answer, so the header's switch still changes it; not kept
 * on this browser, which may be someone else's.
 */
export function useLinkLanguage(language: Language | null | undefined) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!language || language === i18n.language) return;
    void showLanguage(language);
    // Only when the answer's language arrives: a switch pressed afterwards is the reader's own choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);
}
