import { Building2, Flame, Printer, Shirt, type LucideIcon } from 'lucide-react';
import { HeadedSection } from './section-heading';

const SERVICES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Shirt,
    title: 'Embroidery',
    text: 'Names, ranks, department marks and logos stitched onto shirts, polos, job shirts, jackets and caps.',
  },
  {
    icon: Printer,
    title: 'Printing',
    text: 'Crisp, wash-tested printing for station tees, training shirts, event wear and team hoodies.',
  },
  {
    icon: Flame,
    title: 'Fire & medical departments',
    text: "Duty polos, job shirts, station pants and outerwear to your department's standard, approved before we stitch.",
  },
  {
    icon: Building2,
    title: 'Agencies, businesses & the public',
    text: 'Staff uniforms for city and county agencies and local businesses, and single pieces for anyone who walks in.',
  },
];

export function Services() {
  return (
    <HeadedSection
      id="services-title"
      eyebrow="What we do"
      title="Embroidery and printing, done in‑house"
      intro="From a single name tape to a full department roll-out, every piece is finished at our Phoenix shop."
    >
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {SERVICES.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="rounded-2xl border border-gray-800 bg-ink-900/60 p-6 transition hover:border-brand-500/50"
          >
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-500/15 text-brand-400 ring-1 ring-brand-500/30">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-white">{title}</h3>
            <p className="mt-2 text-gray-300">{text}</p>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
