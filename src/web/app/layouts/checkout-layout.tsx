import { ArrowLeft } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { ChatButton } from '@web/components/chat-button';
import { Header } from '@web/components/header';
import { Logo } from '@web/components/logo';
import { useViewport } from '@web/lib/layout';
import { BREAKPOINTS } from '@shared/constants';
import { AccountMenu } from './account-menu';

/** Checkout (docs/product.md#screens-and-routes): Back to Store left, centred logo (not on portrait phones), chat and profile right. */
export default function CheckoutLayout() {
  const { width, height } = useViewport();
  const portraitPhone = width < BREAKPOINTS.md && height >= width;
  return (
    <div className="flex min-h-dvh flex-col">
      <Header
        left={
          <Link
            to="/store"
            data-testid="back-to-store"
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-gray-700 px-3 text-sm font-medium text-gray-200 hover:border-brand-500 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back to Store
          </Link>
        }
        center={portraitPhone ? null : <Logo compact={width < BREAKPOINTS.lg} />}
        right={
          <>
            <ChatButton />
            <AccountMenu />
          </>
        }
      />
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
