// N connections, each repeating the journey with its own customers, for a given time.
import { openConnection, type Connection } from './connection';
import { journey, type JourneyPlan } from './journey';
import { newTally, type Tally } from './tally';

export type Driver = {
  /**
   * Runs the journeys for `seconds`, or until `done()` says so; a journey under way then finishes, so every cart
   * ends checked out.
   */
  phase(seconds: number, done?: () => boolean): Promise<{ tally: Tally; seconds: number }>;
  stop(): void;
  close(): void;
};

type Worker = { conn: Connection; shoppers: string[]; plan: JourneyPlan; n: number };

export function driver(opts: {
  url: string;
  connections: number;
  customerCookies: string[];
  staffCookie: string;
  timeoutMs: number;
}): Driver {
  if (opts.customerCookies.length < opts.connections)
    throw new Error(`need at least ${opts.connections} customers, got ${opts.customerCookies.length}`);
  // Each connection owns its customers, so no two journeys ever share a cart and every checkout meets the cart it filled.
  const workers: Worker[] = Array.from({ length: opts.connections }, (_, w) => ({
    conn: openConnection(opts.url, opts.timeoutMs),
    shoppers: opts.customerCookies.filter((_, i) => i % opts.connections === w),
    plan: { staffCookie: opts.staffCookie, keyPrefix: `load-${process.pid}-${w}`, seed: w },
    n: 0,
  }));
  let stopped = false;
  return {
    phase: async (seconds, done = () => false) => {
      const tally = newTally();
      const t0 = performance.now();
      const until = t0 + seconds * 1000;
      await Promise.all(
        workers.map(async (w) => {
          while (!stopped && performance.now() < until && !done()) {
            const n = w.n++;
            await journey(w.conn, tally, w.plan, { cookie: w.shoppers[n % w.shoppers.length]! }, n);
          }
        }),
      );
      return { tally, seconds: (performance.now() - t0) / 1000 };
    },
    stop: () => void (stopped = true),
    close: () => workers.forEach((w) => w.conn.close()),
  };
}
