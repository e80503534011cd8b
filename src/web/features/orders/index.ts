// The orders feature's public surface: checkout sends a card order to Stripe's page through this.
export { startPayment, useInvoiceLink } from './api/payment-api';
export { canPayOnline } from './pay-state';
export type { PlacedState } from './order-placed-page';
