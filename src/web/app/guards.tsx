import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { isStaff, useSession, type SignInNext } from '@web/features/auth';
import { PageLoading } from './page-loading';

export type Access = 'customer' | 'staff' | 'admin';
/** Fetches what the guarded screen needs (its chunks, its public data); settles when that is in. */
export type Preload = (qc: QueryClient) => Promise<unknown>;

/**
 * Route guard (docs/product.md#screens-and-routes): check the session first; guests go to / (which asks them to sign in
 * and then returns to the screen they asked for), the wrong role goes to /store.
 *
 * The screen's chunks and data load while the session is checked, and the screen renders once they are in: before,
 * they were requested only after GET /auth/me answered, and each lazy level showed a Suspense fallback, after which
 * React holds the content back for 300 ms (its fallback throttle) — on a slow phone the store's first product
 * image came ~1 s later than it could.
 */
export function RequireAccess({
  access,
  preload,
  waiting = <PageLoading />,
  children,
}: {
  access: Access;
  preload?: Preload;
  /** What shows meanwhile: by default the whole loading page (the HTML's own); inside a layout, its spinner. */
  waiting?: ReactNode;
  children: ReactNode;
}) {
  const { data: user, isPending } = useSession();
  const { pathname, search } = useLocation();
  const qc = useQueryClient();
  const [loaded, setLoaded] = useState(!preload);
  useEffect(() => {
    if (!preload) return;
    let live = true;
    // A failed chunk still renders: the lazy screen then fails as it did without the preload.
    void preload(qc).finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [preload, qc]);
  if (isPending) return waiting;
  // A link followed while signed out (the e-mail's Pay now) is kept: the landing asks to sign in, then goes back.
  if (!user) return <Navigate to="/" replace state={{ next: `${pathname}${search}` } satisfies SignInNext} />;
  if (access === 'staff' && !isStaff(user)) return <Navigate to="/store" replace />;
  if (access === 'admin' && user.role !== 'admin') return <Navigate to="/store" replace />;
  if (!loaded) return waiting;
  return <>{children}</>;
}

/** A screen's chunk loading inside a layout, which already shows the header. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label={t('shell.loading')}>
      <div className="h-8 w-8 animate-spin rounded-full border-2 border-gray-600 border-t-brand-500" />
    </div>
  );
}
