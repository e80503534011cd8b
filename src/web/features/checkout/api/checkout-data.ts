import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Fulfillment } from '@shared/orders';
import { apiGet } from '@web/lib/api';

// The reads the checkout needs: the server's quote of the cart and the customer's department (the approval notice).

/** The cart priced for the chosen fulfilment: the figures POST /orders/ will charge. Switching keeps the last one shown. */
export const useCheckoutQuote = (fulfillment: Fulfillment) =>
  useQuery({
    queryKey: ['checkout', 'quote', fulfillment],
    queryFn: () => apiGet('/checkout/quote', { query: { fulfillment } }).then((r) => r.quote),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The customer's department (the approval notice) and the payment methods open to them per fulfillment, default first. */
export const useCheckoutInfo = () =>
  useQuery({
    queryKey: ['checkout', 'info'],
    queryFn: () => apiGet('/orders/checkout-info'),
  });
