import { useTranslation } from 'react-i18next';
import { BUSINESS } from '@shared/business';
import { COPYRIGHT_YEAR } from '@shared/constants';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer data-testid="footer" className="border-t border-gray-800 bg-ink-950">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-gray-400 sm:flex-row sm:px-6">
        <p className="text-center sm:text-left">{t('footer.rights', { year: COPYRIGHT_YEAR, shop: BUSINESS.name })}</p>
        <a
          href={BUSINESS.credit.url}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-6 items-center text-gray-300 underline-offset-4 hover:text-brand-400 hover:underline"
        >
          {BUSINESS.credit.label}
        </a>
      </div>
    </footer>
  );
}
