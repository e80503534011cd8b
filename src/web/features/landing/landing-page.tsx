import { lazy, Suspense } from 'react';
import { useDeferred } from '@web/lib/deferred';
import { useLayout } from '@web/lib/layout';
import { Hero } from './hero';

// The landing's initial JS budget is tight: the sections below the fold load once the hero is painted.
const LandingDetails = lazy(() => import('./landing-details'));

/** The public front page (docs/product.md#audiences-and-roles): what the shop does, how ordering works, when and where to find it. */
export default function LandingPage() {
  const compact = useLayout() === 'mobile-landscape';
  return (
    <main>
      <Hero compact={compact} />
      <Details />
    </main>
  );
}

// Its own component, so the sections' arrival does not re-render the hero.
function Details() {
  const painted = useDeferred('paint');
  // The placeholder keeps the footer below the fold until the sections arrive.
  const placeholder = <div className="min-h-[200vh]" aria-hidden />;
  return <Suspense fallback={placeholder}>{painted ? <LandingDetails /> : placeholder}</Suspense>;
}
