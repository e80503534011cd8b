import { lazy, Suspense } from 'react';
import { useLayout } from '@web/lib/layout';
import { Hero } from './hero';

// The landing's initial JS budget is tight: the sections below the fold load right after the hero.
const LandingDetails = lazy(() => import('./landing-details'));

/** The public front page (SPEC §1): what the shop does, how ordering works, when and where to find it. */
export default function LandingPage() {
  const compact = useLayout() === 'mobile-landscape';
  return (
    <main>
      <Hero compact={compact} />
      <Suspense fallback={<div className="min-h-[200vh]" aria-hidden />}>
        <LandingDetails />
      </Suspense>
    </main>
  );
}
