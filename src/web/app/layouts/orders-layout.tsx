import { Logo } from '@web/components/logo';
import { AccountPageLayout } from './account-page-layout';

/** Orders (docs/product.md#screens-and-routes): header with logo, chat and profile dropdown, plus a footer; no sidebar. */
export default function OrdersLayout() {
  return <AccountPageLayout left={<Logo />} footer />;
}
