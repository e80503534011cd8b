import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { englishOnly } from '@web/i18n';
/**
 * The first Tab stop of every page: hidden until focused, then shown top left. It moves focus to the page's main
 * region (every layout has one), so a keyboard user passes the header in one key press. Focus is set by hand
 * because a main without tabindex would only scroll, leaving the next Tab in the header. Never on paper: fixed, it
 * printed over the first page of the floor sheets and packing slips.
 */
export function SkipLink() {
  // Rendered above the layouts: a staff screen's English copy is picked here by the address.
  const staff = useLocation().pathname.startsWith('/admin');
  const { t } = useTranslation(undefined, staff ? { i18n: englishOnly } : undefined);
  return (
    <a
      href="#main"
      data-testid="skip-link"
      onClick={(e) => {
        const main = document.querySelector<HTMLElement>('main');
        if (!main) return;
        e.preventDefault();
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
        main.focus({ preventScroll: true });
        main.scrollIntoView({ block: 'start' });
      }}
      className="fixed top-2 left-2 z-[100] inline-flex print:hidden min-h-11 -translate-y-[200%] items-center rounded-lg bg-brand-500 px-4 text-sm font-semibold text-ink-950 focus:translate-y-0 focus:outline-2 focus:outline-offset-2 focus:outline-white"
    >
      {t('shell.skip')}
    </a>
  );
}
