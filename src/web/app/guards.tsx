import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isStaff, useSession } from '@web/features/auth/use-session';

export type Access = 'customer' | 'staff' | 'admin';

/** SPEC §2 route guard: check the session first; guests go to /, the wrong role goes to /store. */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { data: user, isPending } = useSession();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  if (access === 'staff' && !isStaff(user)) return <Navigate to="/store" replace />;
  if (access === 'admin' && user.role !== 'admin') return <Navigate to="/store" replace />;
  return <>{children}</>;
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
      <div className="h-8 w-8 animate-spin rounded-full border-2 border-gray-600 border-t-brand-500" />
    </div>
  );
}
