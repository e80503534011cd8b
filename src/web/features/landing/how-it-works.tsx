import { PIN_LENGTH, PIN_TTL_MINUTES } from '@shared/constants';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const STEPS = ['signIn', 'customise', 'approval', 'delivery'] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-title" className="border-y border-gray-800 bg-ink-900/40">
      <div className="mx-auto max-w-6xl px-5 py-16 sm:px-6 md:py-20">
        <SectionHeading id="how-title" eyebrow={t('how.eyebrow')} title={t('how.title')} />
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step} className="relative rounded-2xl border border-gray-800 bg-ink-950 p-6">
              <span
                aria-hidden
                className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-brand-500 text-lg font-bold text-brand-400"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">{t(`how.${step}.title`)}</h3>
              <p className="mt-2 text-gray-300">
                {t(`how.${step}.text`, { digits: PIN_LENGTH, minutes: PIN_TTL_MINUTES })}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
