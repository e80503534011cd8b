import { useTranslation } from 'react-i18next';
import { BUSINESS } from '@shared/business';
// The button's own file, not the ui index: the index would pull the Radix dialog into the landing's first load.
import { Button } from '@web/components/ui/button';
import { emit } from '@web/lib/events';

export function ContactCta() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="contact-cta-title" className="px-5 pb-16 sm:px-6 md:pb-20">
      <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-6 rounded-3xl border border-brand-500/30 bg-gradient-to-br from-brand-700/30 via-ink-900 to-ink-900 p-8 md:flex-row md:items-center md:p-10">
        <div className="max-w-2xl">
          <h2 id="contact-cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t('cta.title')}
          </h2>
          <p className="mt-3 text-lg text-gray-300">
            {t('cta.text')}{' '}
            <a
              href={`tel:${BUSINESS.phone}`}
              className="font-semibold whitespace-nowrap text-white hover:text-brand-400"
            >
              {BUSINESS.phoneDisplay}
            </a>
            .
          </p>
        </div>
        <Button size="xl" data-testid="contact-cta" onClick={() => emit('open-contact-modal')} className="shrink-0">
          {t('cta.send')}
        </Button>
      </div>
    </section>
  );
}
