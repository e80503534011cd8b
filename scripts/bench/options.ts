// How hard the bench drives the shop. BENCH_SMOKE=1 is the CI variant: it only proves the script still works.
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** How long autocannon drives an endpoint: for some seconds, or until it has this many answers. */
export type Span = { seconds: number } | { answers: number };
export const describeSpan = (s: Span) => ('seconds' in s ? `${s.seconds} s` : `${s.answers} answers`);

export const PLAN = SMOKE
  ? {
      mode: 'smoke' as const,
      connections: 10,
      // About 24 endpoints on each of two databases: every second here is most of a minute of every CI run. So the
      // smoke sends a number of requests, not seconds' worth: one for each connection to warm up, then three each
      // measured; every row has answers to show, the slowest too (a 30-name roster on PGlite, 17 a second).
      warmup: { answers: 10 } as Span,
      measure: { answers: 30 } as Span,
      // autocannon looks at its clock once a sample: at its default of a second, each of these runs lasted a whole one.
      sampleMs: 100,
      ordersSmall: 1_000,
      ordersOpen: 1_500,
      ordersLarge: 2_000,
      messages: 500,
      checkoutCarts: 1_500,
    }
  : {
      mode: 'full' as const,
      connections: 50,
      warmup: { seconds: 3 } as Span,
      measure: { seconds: 10 } as Span,
      sampleMs: 1_000,
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
