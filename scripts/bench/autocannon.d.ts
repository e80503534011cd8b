// autocannon ships no types; only the parts the bench uses are declared.
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    total: number;
  };
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request | null;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to send in all (at least one per connection), instead of a duration. */
    amount?: number;
    /** How often, in ms, it samples its counters and checks whether the duration is over (default 1,000). */
    sampleInt?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    timeout?: number;
  };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  function autocannon(opts: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
