import { PIN_LENGTH, PIN_TTL_MINUTES } from '@shared/constants';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    title: 'Sign in with an e-mail code',
    text: `Enter your e-mail address and we send a ${PIN_LENGTH}-digit code that works for ${PIN_TTL_MINUTES} minutes. No password to remember.`,
  },
  {
    title: 'Customise each item',
    text: 'Add an embroidered name, a US flag patch and an Arizona flag patch, each on the left or the right side.',
  },
  {
    title: 'Department approval',
    text: 'When your department requires it, your approver gets a secure link to approve the order. A denied order can be changed and sent again.',
  },
  {
    title: 'Pickup or shipping',
    text: 'Collect your order at our Phoenix shop at no charge, or have it shipped to your door.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="border-y border-gray-800 bg-ink-900/40">
      <div className="mx-auto max-w-6xl px-5 py-16 sm:px-6 md:py-20">
        <SectionHeading id="how-title" eyebrow="How ordering works" title="From sign-in to pickup in four steps" />
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step.title} className="relative rounded-2xl border border-gray-800 bg-ink-950 p-6">
              <span
                aria-hidden
                className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-brand-500 text-lg font-bold text-brand-400"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-white">{step.title}</h3>
              <p className="mt-2 text-gray-300">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
