import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@web/features/auth';
import { rememberLanguage, showLanguage } from '@web/i18n';

/** A signed-in customer reads the shop in their account's language, on whichever browser they sign in. */
export function LanguageKeeper() {
  const { data: user } = useSession();
  const { i18n } = useTranslation();
  const wanted = user?.language;
  useEffect(() => {
    if (!wanted || wanted === i18n.language) return;
    rememberLanguage(wanted);
    void showLanguage(wanted);
    // Only when the account's setting arrives or changes: a switch made on this page saves to the account itself.
  }, [wanted, i18n]);
  return null;
}
