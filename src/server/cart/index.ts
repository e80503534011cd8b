// What other features may use of the cart: the priced lines of a user's cart (checkout reads and empties it).
export { loadCart, quoteCart, removeOrderedLines, withLockedLogos, type CartLineView } from './service';
export { checkoutQuoteDto, unavailableLine } from './dto';
// A line added as the store adds it (department catalogue, sizes, decorations checked); inside a caller's transaction.
export { addLine } from './lines';
