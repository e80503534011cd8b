import { useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/languages';
import { SESSION_KEY, useSession } from '@web/features/auth';
import { i18next, rememberLanguage, showLanguage } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { saveLanguage } from './api/set-language';

/**
 * Switches the screens to a language at once and keeps the choice: on this browser, and on the account of a
 * signed-in customer, whose mails then come in it too.
 */
export function useChooseLanguage() {
  const { data: user } = useSession();
  const qc = useQueryClient();
  return async (language: Language) => {
    rememberLanguage(language);
    const before = user?.language;
    // The session holds the choice at once, so nothing reading the account's setting switches the page back.
    if (user) qc.setQueryData(SESSION_KEY, { ...user, language });
    await showLanguage(language);
    if (!user || before === language) return;
    try {
      qc.setQueryData(SESSION_KEY, await saveLanguage(language));
    } catch {
      toast.error(i18next.t('language.saveFailed'));
    }
  };
}
