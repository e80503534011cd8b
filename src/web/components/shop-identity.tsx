import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { identityAddress, type ShopIdentity } from '@shared/shop-identity';
import { apiGet } from '@web/lib/api';

/** The shop's identity from settings (GET /settings/identity): what the statements and packing slips print. */
export const useShopIdentity = () =>
  useQuery({
    queryKey: ['shop-identity'],
    queryFn: () => apiGet('/settings/identity').then((r) => r.identity),
    staleTime: 5 * 60_000,
  });

/**
 * The shop as printed at the head of a page: logo (when one is set), names, address, phone and e-mail, tax id (when
 * one is set). Nothing is drawn until the identity has loaded, so paper never shows a stand-in.
 */
export function ShopLetterhead({
  identity: i,
  className,
  legal = true,
}: {
  identity: ShopIdentity | undefined;
  className?: string;
  /** Print the legal name under the trading name when they differ. */
  legal?: boolean;
}) {
  const { t } = useTranslation();
  if (!i) return <address className={className} aria-busy="true" />;
  return (
    <address className={`not-italic ${className ?? ''}`} data-testid="shop-letterhead">
      {i.logo ? <img src={i.logo} alt={i.trading_name} className="mb-1 inline-block max-h-14 max-w-48" /> : null}
      <span className="block text-base font-bold text-gray-950">{i.trading_name}</span>
      {legal && i.legal_name !== i.trading_name ? <span className="block">{i.legal_name}</span> : null}
      <span className="block">{identityAddress(i)}</span>
      <span className="block">
        {i.phone} · {i.email}
      </span>
      {i.tax_id ? <span className="block">{t('invoice.taxId', { id: i.tax_id })}</span> : null}
    </address>
  );
}
