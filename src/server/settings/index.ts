// What other features may use of settings: the one settings row, and the shop's identity in it.
export { getSettingsRow, notifyAddress, shopNotifyAddress } from './service';
export { refreshMailIdentity, shopIdentity } from './identity';
export {
  decorationPrices,
  invalidateDecorationPrices,
  ruleCentsOf,
  type DecorationKindRow,
  type DecorationPrices,
} from './decoration-prices';
