import { Outlet } from 'react-router';
import { ChatButton } from '@web/components/chat-button';
import { Footer } from '@web/components/footer';
import { Header } from '@web/components/header';
import { Logo } from '@web/components/logo';
import { AccountMenu } from './account-menu';

/** Orders (docs/product.md#screens-and-routes): header with logo, chat and profile dropdown, plus a footer; no sidebar. */
export default function OrdersLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header
        left={<Logo />}
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
      <Footer />
    </div>
  );
}
