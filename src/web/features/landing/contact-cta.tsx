import { BUSINESS } from '@shared/business';
import { emit } from '@web/lib/events';

export function ContactCta() {
  return (
    <section aria-labelledby="contact-cta-title" className="px-5 pb-16 sm:px-6 md:pb-20">
      <div className="mx-auto flex max-w-6xl flex-col items-start justify-between gap-6 rounded-3xl border border-brand-500/30 bg-gradient-to-br from-brand-700/30 via-ink-900 to-ink-900 p-8 md:flex-row md:items-center md:p-10">
        <div className="max-w-2xl">
          <h2 id="contact-cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Outfitting a whole department?
          </h2>
          <p className="mt-3 text-lg text-gray-300">
            Tell us about your crew, your standards and your timeline. We answer on business days, or call us at{' '}
            <a
              href={`tel:${BUSINESS.phone}`}
              className="font-semibold whitespace-nowrap text-white hover:text-brand-400"
            >
              {BUSINESS.phoneDisplay}
            </a>
            .
          </p>
        </div>
        <button
          type="button"
          data-testid="contact-cta"
          onClick={() => emit('open-contact-modal')}
          className="inline-flex h-12 shrink-0 items-center justify-center rounded-lg bg-brand-500 px-6 text-base font-semibold text-ink-950 transition hover:bg-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          Send us a message
        </button>
      </div>
    </section>
  );
}
