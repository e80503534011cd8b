// Money has one owner on the server: line prices, quotes with named adjustments, and their answer form.
export { priceProductLine } from './line';
export {
  decorationCentsOf,
  decorationPrices,
  invalidateDecorationPrices,
  pricedDecorations,
  ruleCentsOf,
  type DecorationKindRow,
  type DecorationPrices,
  type PricedDecoration,
} from './decorations';
export { buildQuote, type QuoteCents } from './quote';
export { logoFacts, readLogoPrices, withLogos, type LinePrices, type LogoOwner } from './logos';
export { atQuotedUnitPrice, keepPlacedUnitPrices, termsOf, type QuoteTerms } from './terms';
export { breakHints, garmentOf, withBreaksInUnitPrice, type BreakGarment } from './quantity-breaks';
export { contextFor, pricingContext, type PricingSettings } from './context';
export { adjustmentsDto, quoteTotalsDto } from './dto';
