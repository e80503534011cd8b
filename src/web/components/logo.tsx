import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUSINESS } from '@shared/business';

/** The shop's mark: a copper shield with a star, and the name beside it unless compact. */
export function Logo({ compact = false, to = '/' }: { compact?: boolean; to?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className="flex shrink-0 items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-brand-400"
      aria-label={compact ? t('shell.logoHome', { shop: BUSINESS.name }) : undefined}
    >
      <LogoMark className="h-9 w-9" />
      {compact ? null : <LogoName />}
    </Link>
  );
}

/** The shop's name and trade beside the mark. */
export function LogoName() {
  return (
    <span className="leading-tight">
      <span className="block text-[15px] font-bold tracking-tight text-white">{BUSINESS.name}</span>
      <span className="block text-[11px] font-medium tracking-[0.14em] text-brand-400 uppercase">
        Embroidery &amp; Uniforms
      </span>
    </span>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden focusable="false">
      <path d="M20 2 35 8v11c0 9.5-6.4 16.4-15 19C11.4 35.4 5 28.5 5 19V8z" fill="#c2610f" />
      <path d="M20 5.5 32 10.3V19c0 7.8-5.1 13.5-12 15.8C13.1 32.5 8 26.8 8 19v-8.7z" fill="#0b0f17" />
      <path d="m20 11 2.6 5.6 6.1.6-4.6 4.1 1.3 6-5.4-3.1-5.4 3.1 1.3-6-4.6-4.1 6.1-.6z" fill="#f59e4b" />
    </svg>
  );
}
