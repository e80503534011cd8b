// Money has one owner on the server: line prices, quotes with named adjustments, and their answer form.
export {
  customizationCostsOf,
  decorationCentsOf,
  decorationUnitCents,
  priceProductLine,
  type CustomizationCostColumns,
  type DecorationUnitCents,
} from './line';
export { buildQuote, type QuoteCents } from './quote';
export { atQuotedUnitPrice, keepPlacedUnitPrices, termsOf, type QuoteTerms } from './terms';
export { breakHints, garmentOf, type BreakGarment } from './quantity-breaks';
export { contextFor, pricingContext, type PricingSettings } from './context';
export { adjustmentsDto, quoteTotalsDto } from './dto';
