import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { STORE_SIDEBAR_PX } from '@shared/constants';
import { ChatButton } from '@web/components/chat-button';
import { Header } from '@web/components/header';
import { Logo } from '@web/components/logo';
import { AllowanceBadge } from '@web/features/allowance';
import { CartDrawerButton, CartLink, CartSidebar } from '@web/features/cart';
import { LanguageSwitch } from '@web/features/language';
import { isNarrow, isShortLandscape, useViewport } from '@web/lib/layout';
import { AccountMenu } from './account-menu';

/**
 * Store (docs/product.md#screens-and-routes): header (cart link only without the sidebar), the 384 px cart sidebar
 * from 768 px, no footer. Short landscape phones have no sidebar either (it left 45 px of lines): the header's cart
 * count opens the cart as a drawer.
 */
export default function StoreLayout() {
  const { t } = useTranslation();
  const viewport = useViewport();
  const narrow = isNarrow(viewport);
  const landscape = isShortLandscape(viewport);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header
        left={<Logo compact={narrow} />}
        right={
          <>
            <AllowanceBadge />
            <LanguageSwitch />
            <ChatButton />
            {narrow || landscape ? (
              <span data-testid="cart-link" className="contents">
                {landscape ? <CartDrawerButton /> : <CartLink />}
              </span>
            ) : null}
            <AccountMenu />
          </>
        }
      />
      <div className="flex flex-1">
        {narrow || landscape ? null : (
          <aside
            data-testid="store-sidebar"
            aria-label={t('header.cartLabel')}
            // A Tab stop of its own right after the header: the cart is reachable (and scrollable by keyboard)
            // even while it holds no line and so no control.
            tabIndex={0}
            style={{ width: STORE_SIDEBAR_PX }}
            className="sticky top-16 h-[calc(100dvh-4rem)] shrink-0 overflow-y-auto border-r focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400 border-gray-800 bg-ink-900/60"
          >
            <CartSidebar />
          </aside>
        )}
        <main className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
