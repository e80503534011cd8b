/** Every contact query lives under this key; mutations invalidate it together with the shell's ['admin-counts']. */
export const CONTACT_KEY = ['contact'] as const;
