// The production feature's public surface: the print button other printable staff pages share.
export { PrintButton } from './print-button';
