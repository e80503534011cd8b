export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-[0.16em] text-brand-400 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-gray-300">{intro}</p> : null}
    </div>
  );
}

/** A landing section on the page's centred column, named for screen readers by its heading. */
export function HeadedSection({
  id,
  eyebrow,
  title,
  intro,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-5 py-16 sm:px-6 md:py-20">
      <SectionHeading id={id} eyebrow={eyebrow} title={title} intro={intro} />
      {children}
    </section>
  );
}
