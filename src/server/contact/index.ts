// What other server features may use of contact: sign-in adopts the guest conversations of the address.
export { claimGuestConversations } from './mine';
