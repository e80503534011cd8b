import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Deferred } from '@web/lib/deferred';
import { GlobalModals } from '../global-modals';
import { SkipLink } from '../skip-link';

// Search metadata is not needed for the first paint (index.html carries the static title and description):
// its chunk loads once the browser is idle after it.
const SeoHead = lazy(() => import('@web/lib/seo-head'));

/** Wraps every route once: the event-driven modals and the per-route search metadata. */
export default function RootLayout() {
  return (
    <>
      <SkipLink />
      <Deferred stage="idle">
        <Suspense fallback={null}>
          <SeoHead />
        </Suspense>
      </Deferred>
      <Outlet />
      <GlobalModals />
    </>
  );
}
