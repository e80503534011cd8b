// What a phase of the load saw: every answer's latency per kind of request, and every failure with its evidence.
export const KINDS = [
  'products',
  'product',
  'add to cart',
  'cart',
  'checkout',
  'staff orders',
  'allowance quote',
  'allowance checkout',
  'production sheet',
  'bulk status',
  'catalogue edit',
  'catalogue read',
  'message',
  'staff reply',
] as const;
export type Kind = (typeof KINDS)[number];

/** The back-office journeys one journey in ten adds to the shopping (journey.ts), each counted when it completed. */
export const BACK_OFFICE = ['allowance checkout', 'production sheet', 'catalogue edit', 'conversation reply'] as const;
export type BackOfficeJourney = (typeof BACK_OFFICE)[number];

export type Failure = { kind: Kind; status: number | null; problem: string };

export type Tally = {
  latencies: Record<Kind, number[]>;
  /** Answers whose status was not 2xx. */
  non2xx: number;
  /** Everything that went wrong: no answer (connection error, timeout), a non-2xx status, or a 2xx whose body failed its check. */
  errors: number;
  journeys: number;
  backOffice: Record<BackOfficeJourney, number>;
  /** The first failures, kept as evidence; the counts above hold them all. */
  samples: Failure[];
  statuses: Map<string, number>;
};

const SAMPLES = 20;

export function newTally(): Tally {
  return {
    latencies: Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as unknown as Record<Kind, number[]>,
    non2xx: 0,
    errors: 0,
    journeys: 0,
    backOffice: Object.fromEntries(BACK_OFFICE.map((j) => [j, 0])) as Record<BackOfficeJourney, number>,
    samples: [],
    statuses: new Map(),
  };
}

export function recordAnswer(t: Tally, kind: Kind, status: number, ms: number) {
  t.latencies[kind].push(ms);
  const key = `${kind} ${status}`;
  t.statuses.set(key, (t.statuses.get(key) ?? 0) + 1);
  if (status < 200 || status > 299) t.non2xx += 1;
}

export function recordFailure(t: Tally, failure: Failure) {
  t.errors += 1;
  if (t.samples.length < SAMPLES) t.samples.push(failure);
}

export const requestsOf = (t: Tally, kind?: Kind) =>
  kind ? t.latencies[kind].length : KINDS.reduce((n, k) => n + t.latencies[k].length, 0);

/** Nearest-rank percentile in milliseconds; null when nothing was answered. */
export function percentile(xs: number[], p: number): number | null {
  if (xs.length === 0) return null;
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const allLatencies = (t: Tally) => KINDS.flatMap((k) => t.latencies[k]);
