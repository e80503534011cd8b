/**
 * The query key of the admin badges (pending orders, unread messages). The shell reads it; the orders and messages
 * features invalidate it as a prefix after a change, so it lives here, below all three.
 */
export const ADMIN_COUNTS_KEY = ['admin-counts'] as const;
