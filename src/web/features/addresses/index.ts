// Saved shipping addresses (docs/product.md#saved-addresses): the profile's list and the checkout's choice. Its own
// feature, out of the app's entry (which imports the profile's index), so the hooks load with the screens using them.
export { useAddresses, useSaveAddress } from './api/addresses';
export { SavedAddresses } from './saved-addresses';
