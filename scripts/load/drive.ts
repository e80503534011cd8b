// N connections, each repeating the journey with its own customers, members and writers, for a given time.
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
  memberCookies: string[];
  writerCookies: string[];
  staffCookie: string;
  timeoutMs: number;
}): Driver {
  for (const [what, cookies] of Object.entries({
    customers: opts.customerCookies,
    members: opts.memberCookies,
    writers: opts.writerCookies,
  }))
    if (cookies.length < opts.connections)
      throw new Error(`need at least ${opts.connections} ${what}, got ${cookies.length}`);
  // Each connection owns its customers, so no two journeys ever share a cart and every checkout meets the cart it filled.
  const own = <T>(xs: T[], w: number) => xs.filter((_, i) => i % opts.connections === w);
  // Each writer writes from an address of its own, as customers do; 10.0.0.0/8 holds them all.
  const writers = opts.writerCookies.map((cookie, i) => ({
    cookie,
    ip: `10.${((i + 1) >> 16) & 255}.${((i + 1) >> 8) & 255}.${(i + 1) & 255}`,
  }));
  const locks = new Map<number, Promise<void>>();
  const workers: Worker[] = Array.from({ length: opts.connections }, (_, w) => ({
    conn: openConnection(opts.url, opts.timeoutMs),
    shoppers: own(opts.customerCookies, w),
    plan: {
      staffCookie: opts.staffCookie,
      keyPrefix: `load-${process.pid}-${w}`,
      seed: w,
      members: own(opts.memberCookies, w),
      writers: own(writers, w),
      floor: { placed: [], making: [] },
      writes: { sent: 0 },
      locks,
    },
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
