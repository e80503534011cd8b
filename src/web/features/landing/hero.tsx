import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUSINESS } from '@shared/business';
import { PIN_LENGTH, PIN_TTL_MINUTES } from '@shared/constants';
import { ChatButton } from '@web/components/chat-button';
import { ArrowRightIcon, ChatIcon } from '@web/components/icons';
import { Logo } from '@web/components/logo';
// The button's own file, not the ui index: the index would pull the Radix dialog into the landing's first load.
import { Button, buttonClasses } from '@web/components/ui/button';
import { isStaff, useSession } from '@web/features/auth';
import { LanguageSwitch } from '@web/features/language';
import { emit } from '@web/lib/events';
// A file, not JSX: the picture costs the initial bundle nothing.
import uniformArt from './uniform-art.svg?no-inline';

const FACTS = ['names', 'flags', 'approval', 'delivery'] as const;
const primary = { size: 'xl', className: 'shadow-lg shadow-brand-500/20' } as const;

/** The value proposition and the one action that matters: sign in to order. */
export function Hero({ compact }: { compact: boolean }) {
  const { data: user } = useSession();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-gray-800">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(224,122,31,0.18),transparent_55%)]"
      />
      {compact ? (
        // Short landscape phones have no header: the brand and the chat button live here instead.
        <div className="relative flex items-center justify-between px-5 pt-4">
          <Logo />
          <div className="flex items-center gap-2">
            <LanguageSwitch />
            {/* eslint-disable-next-line local/customer-text -- which of its two wordings the button takes, not text */}
            <ChatButton label="Contact" />
          </div>
        </div>
      ) : null}
      <div
        className={`relative mx-auto grid max-w-6xl items-center gap-10 px-5 sm:px-6 ${compact ? 'grid-cols-[1fr_auto] py-6' : 'py-14 md:grid-cols-[1.15fr_0.85fr] md:py-20 lg:py-24'}`}
      >
        <div>
          <p className="text-xs font-semibold tracking-[0.14em] text-brand-400 uppercase sm:text-sm sm:tracking-[0.16em]">
            {t('hero.eyebrow', { city: BUSINESS.address.city, region: BUSINESS.address.region })}
          </p>
          <h1
            id="hero-title"
            className={`mt-3 font-extrabold tracking-tight text-white text-balance ${compact ? 'text-3xl' : 'text-4xl sm:text-5xl lg:text-6xl'}`}
          >
            {t('hero.title')}
          </h1>
          <p className={`mt-5 max-w-xl text-gray-300 text-pretty ${compact ? 'hidden' : 'text-lg'}`}>
            {t('hero.intro', { shop: BUSINESS.name, city: BUSINESS.address.city })}
          </p>
          <div className={`flex flex-col gap-3 sm:flex-row ${compact ? 'mt-5' : 'mt-8'}`}>
            {user ? (
              <Link to={isStaff(user) ? '/admin' : '/store'} className={buttonClasses(primary)}>
                {isStaff(user) ? t('hero.admin') : t('hero.store')} <ArrowRightIcon className="h-5 w-5" />
              </Link>
            ) : (
              <Button {...primary} data-testid="hero-sign-in" onClick={() => emit('open-login-modal')}>
                {t('hero.signIn')} <ArrowRightIcon className="h-5 w-5" />
              </Button>
            )}
            <Button variant="secondary" size="xl" onClick={() => emit('open-contact-modal')}>
              <ChatIcon className="h-5 w-5 text-brand-400" /> {t('hero.ask')}
            </Button>
          </div>
          {user ? null : (
            <p className="mt-4 text-sm text-gray-400">
              {t('hero.noPassword', { digits: PIN_LENGTH, minutes: PIN_TTL_MINUTES })}
            </p>
          )}
          <ul className={`mt-8 flex-wrap gap-2 ${compact ? 'hidden' : 'flex'}`}>
            {FACTS.map((f) => (
              <li key={f} className="rounded-full border border-gray-700 bg-ink-900/70 px-3 py-1 text-sm text-gray-200">
                {t(`hero.facts.${f}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className={compact ? 'w-40' : 'mx-auto w-full max-w-xs md:max-w-sm'}>
          <figure className="rounded-3xl border border-gray-800 bg-gradient-to-b from-ink-900 to-ink-950 p-6 shadow-2xl shadow-black/40">
            <img src={uniformArt} width={320} height={300} alt={t('hero.imageAlt')} className="h-auto w-full" />
            {compact ? null : (
              <figcaption className="mt-4 border-t border-gray-800 pt-4 text-center text-sm text-gray-400">
                {t('hero.caption')}
              </figcaption>
            )}
          </figure>
        </div>
      </div>
    </section>
  );
}
