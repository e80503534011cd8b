import { Outlet } from 'react-router';
import { ChatButton } from '@web/components/chat-button';
import { Footer } from '@web/components/footer';
import { Header } from '@web/components/header';
import { Logo } from '@web/components/logo';
import { LanguageSwitch } from '@web/features/language';
import { useLayout } from '@web/lib/layout';

/** Landing (docs/product.md#screens-and-routes): a minimal header with the chat button (none on short landscape phones) and a footer. */
export default function LandingLayout() {
  const layout = useLayout();
  return (
    <div data-layout={layout} className="flex min-h-dvh flex-col">
      {layout === 'mobile-landscape' ? null : (
        <Header
          contained
          left={<Logo />}
          right={
            <>
              <LanguageSwitch />
              <ChatButton label="Contact" />
            </>
          }
        />
      )}
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
