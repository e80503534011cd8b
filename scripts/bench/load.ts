// Drives one endpoint with autocannon: a warm-up whose figures are discarded, then the measured run.
import autocannon, { type Request, type Result } from 'autocannon';
import { PLAN, type Span } from './options';

export type Endpoint = {
  name: string;
  /** How the table names it; the method and path when absent. */
  label?: string;
  /** What the data looked like when measured, e.g. "1,000 orders". */
  data: string;
  method: 'GET' | 'POST';
  path: string;
  baseline: 'hello' | 'row' | null;
  /** Headers every request carries: built once, as a browser's would be, where `vary` builds each request anew. */
  headers?: Record<string, string>;
  /** Headers and body for the n-th request overall (all connections share one counter), e.g. a rotating session. */
  vary?: (n: number) => { cookie?: string; body?: string; headers?: Record<string, string> };
};

export type Measured = {
  endpoint: Endpoint;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  statuses: string;
  requests: number;
  /** A first answer that was not 2xx, kept as evidence. */
  probe: string | null;
};

function requestsFor(e: Endpoint, counter: { n: number }): Request[] {
  const base: Request = {
    method: e.method,
    path: e.path,
    headers: { ...(e.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...e.headers },
  };
  if (!e.vary) return [base];
  const vary = e.vary;
  return [
    {
      ...base,
      setupRequest: (req) => {
        const v = vary(counter.n++);
        const headers = { ...req.headers, ...v.headers, ...(v.cookie ? { cookie: v.cookie } : {}) };
        return { ...req, headers, ...(v.body !== undefined ? { body: v.body } : {}) };
      },
    },
  ];
}

/** One request outside the load, so a broken setup shows its answer instead of only a count. */
async function probe(url: string, e: Endpoint, counter: { n: number }): Promise<string | null> {
  const v = e.vary?.(counter.n++) ?? {};
  const headers: Record<string, string> = {
    ...(e.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    ...e.headers,
    ...v.headers,
    ...(v.cookie ? { cookie: v.cookie } : {}),
  };
  const res = await fetch(url + e.path, { method: e.method, headers, body: v.body });
  const text = await res.text();
  return res.ok ? null : `${res.status} ${text.slice(0, 300)}`;
}

/** Drives the endpoint for the span at the plan's connections: the same load measure() applies. */
export const run = (url: string, e: Endpoint, counter: { n: number }, span: Span): Promise<Result> =>
  autocannon({
    url,
    connections: PLAN.connections,
    ...('seconds' in span ? { duration: span.seconds } : { amount: span.answers }),
    sampleInt: PLAN.sampleMs,
    requests: requestsFor(e, counter),
    timeout: 10,
  });

export async function measure(url: string, e: Endpoint): Promise<Measured> {
  const counter = { n: 0 };
  const probeAnswer = await probe(url, e, counter);
  await run(url, e, counter, PLAN.warmup);
  const r = await run(url, e, counter, PLAN.measure);
  const statuses = Object.entries(r.statusCodeStats)
    .map(([code, s]) => `${code}×${s.count}`)
    .concat(r.timeouts ? [`timeouts×${r.timeouts}`] : [])
    .join(' ');
  const m: Measured = {
    endpoint: e,
    // Completed answers over the measured time: autocannon's per-second mean is empty for a run under a second.
    rps: r.duration > 0 ? r.requests.total / r.duration : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    statuses,
    requests: r.requests.total,
    probe: probeAnswer,
  };
  console.log(
    `  ${(e.label ?? `${e.method} ${e.path}`).padEnd(42)} ${e.data.padEnd(18)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50.toFixed(1).padStart(6)} ms  p99 ${m.p99.toFixed(1).padStart(6)} ms  errors ${m.errors}  non-2xx ${m.non2xx}${m.non2xx || m.errors ? `  [${statuses}]` : ''}`,
  );
  if (probeAnswer) console.log(`    first answer: ${probeAnswer}`);
  return m;
}
