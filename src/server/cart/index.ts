// What other features may use of the cart: the priced lines of a user's cart (checkout reads and empties it).
export { loadCart, quoteCart, removeOrderedLines, type CartLineView } from './service';
export { addLine } from './lines';
export { checkoutQuoteDto, unavailableLine } from './dto';
