// What other features may use of the staff order screens: the line editor (a phone order is built with it too).
export { EditLine, type DraftLine } from './edit-line';
export { draftItems } from './draft-items';
