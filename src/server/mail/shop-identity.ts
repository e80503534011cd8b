import { BUSINESS } from '../../shared/business';
import type { ShopIdentity } from '../../shared/shop-identity';

// The shop's identity as the mail template prints it. Mails are drawn synchronously inside their callers'
// transactions, so the template cannot read the settings row itself: settings hand it over at start-up and after
// every change. Until then it holds the seed's values (the shop's own facts), so no mail ever prints a placeholder.

let current: ShopIdentity = {
  trading_name: BUSINESS.name,
  legal_name: BUSINESS.legalName,
  address: {
    street: BUSINESS.address.street,
    city: BUSINESS.address.city,
    region: BUSINESS.address.region,
    postal_code: BUSINESS.address.postalCode,
  },
  phone: BUSINESS.phoneDisplay,
  email: BUSINESS.email,
  tax_id: null,
  logo: null,
};

export const mailIdentity = (): ShopIdentity => current;

export function setMailIdentity(identity: ShopIdentity): void {
  current = identity;
}
