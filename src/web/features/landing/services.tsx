import { Building2, Flame, Printer, Shirt, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HeadedSection } from './section-heading';

const SERVICES: { icon: LucideIcon; key: string }[] = [
  { icon: Shirt, key: 'embroidery' },
  { icon: Printer, key: 'printing' },
  { icon: Flame, key: 'fire' },
  { icon: Building2, key: 'agencies' },
];

export function Services() {
  const { t } = useTranslation();
  return (
    <HeadedSection
      id="services-title"
      eyebrow={t('services.eyebrow')}
      title={t('services.title')}
      intro={t('services.intro')}
    >
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {SERVICES.map(({ icon: Icon, key }) => (
          <li
            key={key}
            className="rounded-2xl border border-gray-800 bg-ink-900/60 p-6 transition hover:border-brand-500/50"
          >
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-500/15 text-brand-400 ring-1 ring-brand-500/30">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-white">{t(`services.${key}.title`)}</h3>
            <p className="mt-2 text-gray-300">{t(`services.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
