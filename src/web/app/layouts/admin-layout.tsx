import { useCallback } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { AdminMenu } from '@web/components/admin-menu';
import { AdminSearch } from '@web/components/admin-search';
import { AdminMobileCounts } from '@web/components/admin-mobile-counts';
import { AdminSidebar } from '@web/components/admin-sidebar';
import { Header } from '@web/components/header';
import { Logo } from '@web/components/logo';
import { isStaff, useSession } from '@web/features/auth';
import { englishOnly } from '@web/i18n';
import { useAppEvent, type AdminSection } from '@web/lib/events';
import { isNarrow, useViewport } from '@web/lib/layout';
import { useAdminCounts } from '../use-admin-counts';
import { AccountMenu } from './account-menu';

/** Admin screens (docs/product.md#screens-and-routes): logo and profile dropdown, the 320 px Admin Menu from 768 px, counts and hamburger below. */
export default function AdminLayout() {
  const { data: user } = useSession();
  const narrow = isNarrow(useViewport());
  const counts = useAdminCounts(isStaff(user));
  const isAdmin = user?.role === 'admin';
  const navigate = useNavigate();
  useAppEvent(
    'admin-navigate',
    useCallback(
      ({ section }: { section: AdminSection }) => navigate(section === 'today' ? '/admin' : `/admin/${section}`),
      [navigate],
    ),
  );

  // Staff screens stay English whatever language a customer chose on this browser (docs/product.md#languages).
  return (
    <I18nextProvider i18n={englishOnly}>
      <div lang="en" className="flex min-h-dvh flex-col">
        <Header
          left={
            <>
              {narrow ? <AdminMenu isAdmin={isAdmin} counts={counts} /> : null}
              <Logo compact={narrow} to="/admin" />
            </>
          }
          right={
            <>
              <AdminSearch compact={narrow} />
              {narrow ? <AdminMobileCounts counts={counts} /> : null}
              <AccountMenu />
            </>
          }
        />
        <div className="flex flex-1">
          {narrow ? null : <AdminSidebar isAdmin={isAdmin} counts={counts} />}
          <main className="min-w-0 flex-1">
            <Outlet />
          </main>
        </div>
      </div>
    </I18nextProvider>
  );
}
