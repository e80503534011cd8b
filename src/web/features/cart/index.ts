// The cart feature's public surface: the store and the store layout show the cart and change it through these.
export { holdCartPolling } from './api/cart-activity';
export { EDIT_CART_ITEM_EVENT } from './api/edit-cart-item';
export { useAddToCart } from './api/use-add-to-cart';
export { useCart } from './api/use-cart';
export { CART_KEY } from './api/cart-keys';
export { useCartPanel } from './api/use-cart-panel';
export { useRemoveCartItem } from './api/use-remove-cart-item';
export { useSettings } from './api/use-settings';
export { default as CartLink } from './cart-link';
export { default as CartSidebar } from './cart-sidebar';
export { default as CartDrawerButton } from './cart-drawer-button';
