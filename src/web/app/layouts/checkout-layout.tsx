import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@web/components/logo';
import { useViewport } from '@web/lib/layout';
import { BREAKPOINTS } from '@shared/constants';
import { AccountPageLayout } from './account-page-layout';

/** Checkout (docs/product.md#screens-and-routes): Back to Store left, centred logo (not on portrait phones), chat and profile right. */
export default function CheckoutLayout() {
  const { t } = useTranslation();
  const { width, height } = useViewport();
  const portraitPhone = width < BREAKPOINTS.md && height >= width;
  return (
    <AccountPageLayout
      left={
        <Link
          to="/store"
          data-testid="back-to-store"
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-gray-700 px-3 text-sm font-medium text-gray-200 hover:border-brand-500 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {t('header.backToStore')}
        </Link>
      }
      center={portraitPhone ? null : <Logo compact={width < BREAKPOINTS.lg} />}
    />
  );
}
