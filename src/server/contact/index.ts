// What other features may use of contact: the message centre's counts (the staff's Today page shows them).
export { contactStatistics } from './conversations';
