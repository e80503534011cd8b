// How hard the bench drives the shop. BENCH_SMOKE=1 is the CI variant: it only proves the script still works.
export const SMOKE = process.env.BENCH_SMOKE === '1';

export const PLAN = SMOKE
  ? {
      mode: 'smoke' as const,
      connections: 10,
      // About 15 endpoints on each of two databases: every second here is half a minute of every CI run.
      warmupS: 0.2,
      measureS: 0.5,
      ordersSmall: 1_000,
      ordersOpen: 1_500,
      ordersLarge: 2_000,
      messages: 500,
      checkoutCarts: 1_500,
    }
  : {
      mode: 'full' as const,
      connections: 50,
      warmupS: 3,
      measureS: 10,
      ordersSmall: 1_000,
      // A quarter of the seeded history is pending or in production: 4,000 orders give the production sheet its 1,000 open ones.
      ordersOpen: 4_000,
      ordersLarge: 100_000,
      messages: 10_000,
      checkoutCarts: 25_000,
    };

/** Customers whose carts are read (GET /cart/) and who add lines (POST /cart/items). */
export const CART_READERS = 200;
export const CART_ADDERS = 1_000;
export const HISTORY_CUSTOMERS = 2_000;
export const MESSAGES_PER_CONVERSATION = 5;

// A smoke run must not overwrite the measured figures, so it writes beside them unless told otherwise.
export const OUT_FILE = process.env.BENCH_OUT ?? (SMOKE ? '.tmp/bench/performance-smoke.md' : 'docs/performance.md');
