import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage } from '@shared/languages';
import { Field, Select } from '@web/components/ui';
import { useChooseLanguage } from '@web/features/language';

/**
 * The profile's language choice: takes effect and is saved at once, like the header's switch, apart from the
 * contact details the Save button keeps. Each language is named in itself.
 */
export function LanguageField() {
  const { t, i18n } = useTranslation();
  const choose = useChooseLanguage();
  return (
    <Field id="profile-language" label={t('language.label')} hint={t('language.hint')}>
      <Select
        value={i18n.language}
        data-testid="profile-language"
        onChange={(e) => {
          if (isLanguage(e.target.value)) void choose(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
