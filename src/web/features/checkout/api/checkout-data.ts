import { useQuery } from '@tanstack/react-query';
import type { CheckoutInfo } from '@shared/orders';
import type { Settings } from '@shared/settings';
import { apiGet } from '@web/lib/api';

// The three reads the checkout needs: the server cart, the settings (shipping cost) and the customer's department.
export type CheckoutCartItem = {
  id: number;
  product_name: string;
  size: string;
  quantity: number;
  unit_base_price: number;
  unit_customization_price: number;
  total_price: number;
  product_image_base: string;
  product_is_multi_image: boolean;
  product_available?: boolean;
  customizations: { type: 'add_name' | 'us_flag' | 'az_flag'; position: 'left_side' | 'right_side'; text: string | null; cost: number }[];
};
export type CheckoutCart = { items: CheckoutCartItem[]; item_count: number; subtotal: number; tax_rate: number; tax_amount: number; total: number };

export const CHECKOUT_CART_KEY = ['checkout', 'cart'] as const;

export const useCheckoutCart = () =>
  useQuery({ queryKey: CHECKOUT_CART_KEY, queryFn: () => apiGet<{ success: true; cart: CheckoutCart }>('/cart/').then((r) => r.cart), staleTime: 0 });

export const useShopSettings = () =>
  useQuery({ queryKey: ['checkout', 'settings'], queryFn: () => apiGet<{ success: true; settings: Settings }>('/settings/').then((r) => r.settings) });

export const useCheckoutInfo = () =>
  useQuery({ queryKey: ['checkout', 'info'], queryFn: () => apiGet<{ success: true } & CheckoutInfo>('/orders/checkout-info').then((r) => r.department) });
