// Business constants from docs/product.md#constants. Every other file reads them from here.
export const PIN_LENGTH = 6;
export const PIN_TTL_MINUTES = 10;
export const PIN_MAX_WRONG_TRIES = 5;
export const ACCOUNT_MAX_FAILURES_PER_HOUR = 100;
/** Cooldown before the n-th resend (index 0 = first resend), seconds. */
export const RESEND_COOLDOWNS_S = [60, 120, 180, 180] as const;
export const MAX_RESENDS = RESEND_COOLDOWNS_S.length;
export const PIN_VERIFY_DELAY_MS = 1000;
export const PIN_SUCCESS_DELAY_MS = 500;

export const DEFAULT_SETTINGS = {
  tax_rate: 0.078,
  shipping_cost: 8,
  customization_cost: 6,
  lead_time_days: 5,
  name_cost: 6,
  us_flag_cost: 6,
  az_flag_cost: 6,
} as const;

export const CART_POLL_MS = 15_000;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;

export const MESSAGE_MIN = 20;
export const MESSAGE_MAX = 1000;
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PHONE_DIGITS = 10;
export const PHONE_DISPLAY_MAX = 14;
export const ZIP_DIGITS = 5;
export const DEFAULT_STATE = 'AZ';

export const TOAST_DURATION_MS = 5000;
export const SUCCESS_CLOSE_MS = 3000;
export const MODAL_RESET_MS = 300;
export const TOKEN_CHECK_MS = 60_000;
export const ACTIVITY_WINDOW_MS = 5 * 60_000;

export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;
export const SHORT_LANDSCAPE = { width: 900, height: 500 } as const;
export const RESIZE_DEBOUNCE_MS = 150;
export const STORE_SIDEBAR_PX = 384;
export const ADMIN_SIDEBAR_PX = 320;

export const PAGE_SIZES = { messages: 50, conversations: 20, adminConversations: 100, adminOrders: 100 } as const;
export const API_BASE = '/api/v1';
export const COPYRIGHT_YEAR = 2025;

export const ROLES = ['admin', 'employee', 'other'] as const;
export type Role = (typeof ROLES)[number];
export const isStaffRole = (role: Role | undefined | null) => role === 'admin' || role === 'employee';
/** The login dialog on short landscape phones (docs/product.md#sign-in): its own, stricter resend rule. */
export const LANDSCAPE_RESEND = { cooldownS: 30, maxResends: 3 } as const;
