import parsePrometheusTextFormat from 'parse-prometheus-text-format';

// /metrics under load: the load test scrapes the shop before and after its measured run with a well-kept parser of the
// Prometheus text format (a line it cannot read throws), and checks that the counters moved with the traffic.

type Family = {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string }[];
};

export const METRICS_TOKEN = 'load-test-metrics-token';

export type Scrape = { families: Family[]; lines: number; text: string };

export async function scrapeMetrics(baseUrl: string): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  const text = await res.text();
  return { families: parsePrometheusTextFormat(text) as Family[], lines: text.split('\n').length, text };
}

/**
 * Requests the shop counted, all routes and statuses: the request histogram's `_count` series, read from the text
 * (the parser keeps a labelled histogram's buckets but drops its labels and counts, so it only vouches for the syntax).
 */
export function requestsCounted(s: Scrape): number {
  return s.text
    .split('\n')
    .filter((line) => line.startsWith('shop_http_request_duration_seconds_count{'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** One gauge's or counter's value (the first series), or null when the shop does not export it. */
export function valueOf(s: Scrape, name: string): number | null {
  const v = s.families.find((f) => f.name === name)?.metrics[0]?.value;
  return v === undefined ? null : Number(v);
}
