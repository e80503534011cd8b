import type { CartItem } from '@shared/cart';

// The sidebar asks the store's customise dialog to edit a line (docs/product.md#cart: delete and add again).
export const EDIT_CART_ITEM_EVENT = 'edit-cart-item';

export const requestEditCartItem = (item: CartItem) =>
  window.dispatchEvent(new CustomEvent<CartItem>(EDIT_CART_ITEM_EVENT, { detail: item }));
