import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ChatButton } from '@web/components/chat-button';
import { Footer } from '@web/components/footer';
import { Header } from '@web/components/header';
import { LanguageSwitch } from '@web/features/language';
import { AccountMenu } from './account-menu';

/** The customer's own pages without a sidebar: chat and the profile dropdown on the right of the header, the page below. */
export function AccountPageLayout({
  left,
  center,
  footer = false,
}: {
  left: ReactNode;
  center?: ReactNode;
  footer?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header
        left={left}
        center={center}
        right={
          <>
            <LanguageSwitch />
            <ChatButton />
            <AccountMenu />
          </>
        }
      />
      <main className="flex-1">
        <Outlet />
      </main>
      {footer ? <Footer /> : null}
    </div>
  );
}
