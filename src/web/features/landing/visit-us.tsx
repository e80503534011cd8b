import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { BUSINESS } from '@shared/business';
import { useTranslation } from 'react-i18next';
import { HeadedSection } from './section-heading';
import { isOpenAt } from './opening-status';

const a = BUSINESS.address;
const directions = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${a.street}, ${a.city}, ${a.region} ${a.postalCode}`)}`;
const [mailUser, mailDomain] = BUSINESS.email.split('@');
const card = 'rounded-2xl border border-gray-800 bg-ink-900/60 p-6';
const iconBox =
  'inline-flex h-10 w-10 items-center justify-center rounded-xl bg-brand-500/15 text-brand-400 ring-1 ring-brand-500/30';

export function VisitUs() {
  const { t } = useTranslation();
  const open = isOpenAt(new Date());
  return (
    <HeadedSection id="visit-title" eyebrow={t('visit.eyebrow')} title={t('visit.title')} intro={t('visit.intro')}>
      <div className="mt-10 grid gap-4 md:grid-cols-3">
        <div className={card}>
          <span className={iconBox}>
            <Clock className="h-5 w-5" aria-hidden />
          </span>
          <h3 className="mt-4 flex items-center gap-2 text-lg font-semibold text-white">
            {t('visit.hours')}
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${open ? 'bg-emerald-500/15 text-emerald-300' : 'bg-gray-700/60 text-gray-200'}`}
            >
              {open ? t('visit.openNow') : t('visit.closedNow')}
            </span>
          </h3>
          <dl className="mt-3 space-y-1 text-gray-300">
            <div className="flex justify-between gap-4">
              <dt>{t('visit.weekdays')}</dt>
              <dd className="font-semibold text-white tabular-nums">
                {BUSINESS.hours.opens}-{BUSINESS.hours.closes}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t('visit.weekend')}</dt>
              <dd>{t('visit.closed')}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-gray-400">{t('visit.timeZone')}</p>
        </div>
        <div className={card}>
          <span className={iconBox}>
            <MapPin className="h-5 w-5" aria-hidden />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-white">{t('visit.address')}</h3>
          <address className="mt-3 text-gray-300 not-italic">
            {BUSINESS.name}
            <br />
            {a.street}
            <br />
            {a.city}, {a.region} {a.postalCode}
          </address>
          <a
            href={directions}
            target="_blank"
            rel="noopener"
            className="mt-3 inline-block font-semibold text-brand-400 underline-offset-4 hover:underline"
          >
            {t('visit.directions')}
          </a>
        </div>
        <div className={card}>
          <span className={iconBox}>
            <Phone className="h-5 w-5" aria-hidden />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-white">{t('visit.call')}</h3>
          <p className="mt-3">
            <a
              href={`tel:${BUSINESS.phone}`}
              className="text-xl font-semibold text-white tabular-nums hover:text-brand-400"
            >
              {BUSINESS.phoneDisplay}
            </a>
          </p>
          <p className="mt-2">
            <a href={`mailto:${BUSINESS.email}`} className="flex items-center gap-2 text-gray-300 hover:text-brand-400">
              <Mail className="h-4 w-4 shrink-0" aria-hidden />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {mailUser}
                <wbr />@{mailDomain}
              </span>
            </a>
          </p>
        </div>
      </div>
    </HeadedSection>
  );
}
