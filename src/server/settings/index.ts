// What other features may use of settings: the one settings row.
export { getSettingsRow, shopNotifyAddress } from './service';
