import type { Cart } from '@shared/cart';

/** ['cart'] so that logout, which clears the whole query cache, empties the local cart too (SPEC §4). */
export const CART_KEY = ['cart'] as const;
export type CartAnswer = { success: true; cart: Cart; message?: string };
