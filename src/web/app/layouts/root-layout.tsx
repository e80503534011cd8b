import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { GlobalModals } from '../global-modals';

// Search metadata is not needed for the first paint (index.html carries the static title and description).
const SeoHead = lazy(() => import('@web/lib/seo-head'));

/** Wraps every route once: the event-driven modals and the per-route search metadata. */
export default function RootLayout() {
  return (
    <>
      <Suspense fallback={null}>
        <SeoHead />
      </Suspense>
      <Outlet />
      <GlobalModals />
    </>
  );
}
