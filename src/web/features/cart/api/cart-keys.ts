/** ['cart'] so that logout, which clears the whole query cache, empties the local cart too (docs/product.md#cart). */
export const CART_KEY = ['cart'] as const;
