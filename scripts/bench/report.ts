// The table and the verdicts, printed and written into this database's section of docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measured } from './load';
import type { ColdImages } from './catalog';
import type { OneShot } from './one-shot';
import { describeSpan, OUT_FILE, PLAN } from './options';

export type DatabaseRun = {
  kind: 'pglite' | 'postgres';
  version: string;
  results: Measured[];
  oneShots: OneShot[];
  coldImages: ColdImages | null;
  startup: { firstMs: number; warmMs: number[]; warmCpuMs: number[] } | null;
  seeding: string[];
  loadBefore: number[];
  loadAfter: number[];
};

const ms = (v: number) => v.toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const find = (run: DatabaseRun, name: string) => run.results.find((r) => r.endpoint.name === name);

function ratio(run: DatabaseRun, r: Measured): number | null {
  if (!r.endpoint.baseline) return null;
  const base = find(run, r.endpoint.baseline);
  return base && base.rps > 0 ? r.rps / base.rps : null;
}

function table(run: DatabaseRun): string[] {
  const head = [
    '| Endpoint | Data | Requests/s | p50 ms | p99 ms | Errors | Non-2xx | Baseline | Ratio |',
    '|---|---|--:|--:|--:|--:|--:|---|--:|',
  ];
  return [
    ...head,
    ...run.results.map((r) => {
      const x = ratio(run, r);
      const label = r.endpoint.baseline ? (r.endpoint.baseline === 'hello' ? 'hello-world' : 'one row') : '—';
      return `| ${r.endpoint.label ?? `${r.endpoint.method} ${r.endpoint.path}`} | ${r.endpoint.data} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${r.non2xx} | ${label} | ${x === null ? '—' : `${x.toFixed(2)}x`} |`;
    }),
  ];
}

type Verdict = { target: string; measured: string; verdict: 'met' | 'missed' | 'not evaluated' };

function verdicts(run: DatabaseRun): Verdict[] {
  const out: Verdict[] = [];
  const byRatio = (name: string, min: number, target: string) => {
    const r = find(run, name);
    const x = r ? ratio(run, r) : null;
    out.push({
      target,
      measured: x === null ? 'not measured' : `${x.toFixed(2)}x`,
      verdict: x === null ? 'not evaluated' : x >= min ? 'met' : 'missed',
    });
  };
  byRatio('health', 0.8, 'GET /api/v1/health at least 0.8x hello-world');
  byRatio('cart', 0.6, 'GET /cart/ at least 0.6x the one-row baseline');
  byRatio('quote', 0.6, 'GET /checkout/quote at least 0.6x the one-row baseline');
  byRatio('add', 0.3, 'POST /cart/items at least 0.3x the one-row baseline');
  byRatio(
    'admin-large',
    0.2,
    'GET /orders/admin/all (100 summaries) at 100,000 orders at least 0.2x the one-row baseline',
  );
  const placed = find(run, 'order');
  if (placed) {
    const ok = placed.rps >= 1000 && placed.p99 <= 60 && placed.errors === 0 && placed.non2xx === 0;
    out.push({
      target: 'POST /orders/ at least 1,000 orders/s with p99 ≤ 60 ms and no errors (PostgreSQL)',
      measured: `${placed.rps.toFixed(0)} orders/s, p99 ${ms(placed.p99)} ms, ${placed.errors} errors, ${placed.non2xx} non-2xx`,
      verdict: PLAN.mode === 'smoke' || run.kind === 'pglite' ? 'not evaluated' : ok ? 'met' : 'missed',
    });
  }
  if (run.kind === 'pglite') {
    // autocannon counts a request with no answer within 10 s as an error: on PGlite that is a request left waiting.
    const waited = run.results.filter((r) => r.errors > 0);
    out.push({
      target: 'PGlite at 50 connections: no request times out',
      measured: waited.length
        ? waited.map((r) => `${r.endpoint.method} ${r.endpoint.path}: ${r.errors} of ${r.requests}`).join('; ')
        : `none of ${run.results.reduce((n, r) => n + r.requests, 0).toLocaleString('en-US')} requests`,
      verdict: PLAN.mode === 'smoke' ? 'not evaluated' : waited.length ? 'missed' : 'met',
    });
  }
  byRatio('products', 1, 'GET /products/ at or above the one-row baseline');
  byRatio('products-200', 1, 'GET /products/ with 200 more garments at or above the one-row baseline');
  byRatio(
    'products-200',
    1.5,
    'GET /products/ at 221 products (guest, uncompressed) at least 1.5x the one-row baseline',
  );
  byRatio(
    'products-200-gzip',
    1.5,
    'GET /products/ at 221 products (guest, gzip as browsers ask) at least 1.5x the one-row baseline',
  );
  if (placed) {
    const x = ratio(run, placed);
    const spread = placed.p50 > 0 ? placed.p99 / placed.p50 : null;
    out.push({
      target: 'POST /orders/ at least 0.06x the one-row baseline with p99 at most 4x its p50',
      measured: `${x === null ? '—' : `${x.toFixed(3)}x`}, p99 ${ms(placed.p99)} ms = ${spread === null ? '—' : spread.toFixed(1)}x p50 ${ms(placed.p50)} ms`,
      verdict:
        PLAN.mode === 'smoke' || run.kind === 'pglite' || x === null || spread === null
          ? 'not evaluated'
          : x >= 0.06 && spread <= 4
            ? 'met'
            : 'missed',
    });
  }

  const gets = run.results.filter((r) => r.endpoint.method === 'GET' && r.endpoint.baseline);
  const order = find(run, 'order');
  const worstGet = gets.reduce<Measured | null>((w, r) => (!w || r.p99 > w.p99 ? r : w), null);
  const clean = run.results.every((r) => r.errors === 0 && r.non2xx === 0);
  const dirty = run.results
    .filter((r) => r.errors || r.non2xx)
    .map((r) => `${r.endpoint.method} ${r.endpoint.path} (${r.errors} errors, ${r.non2xx} non-2xx)`);
  const p99Met = worstGet !== null && worstGet.p99 <= 30 && order !== undefined && order.p99 <= 60 && clean;
  const p99Text = `GETs worst p99 ${worstGet ? `${ms(worstGet.p99)} ms (${worstGet.endpoint.path}, ${worstGet.endpoint.data})` : '—'}; POST /orders/ p99 ${order ? `${ms(order.p99)} ms` : '—'}; ${clean ? 'no errors, no non-2xx' : `errors or non-2xx: ${dirty.join('; ')}`}`;
  const p99Why =
    PLAN.mode === 'smoke'
      ? ' (smoke run: 10 connections, not the 50 of the target)'
      : run.kind === 'pglite'
        ? ' (the target is set for PostgreSQL; shown for reference)'
        : '';
  out.push({
    target:
      'p99 ≤ 30 ms for the GETs and ≤ 60 ms for POST /orders/ at 50 connections, zero errors, zero non-2xx (PostgreSQL)',
    measured: p99Text + p99Why,
    verdict: PLAN.mode === 'smoke' || run.kind === 'pglite' ? 'not evaluated' : p99Met ? 'met' : 'missed',
  });

  const small = find(run, 'admin-small');
  const large = find(run, 'admin-large');
  if (small && large && small.p50 > 0 && large.p50 > 0) {
    const x = large.p50 / small.p50;
    // autocannon's percentiles cover answered requests only: timed-out ones would sit above every one of them.
    const lost = large.errors + large.non2xx;
    out.push({
      target: `Admin order list at ${large.endpoint.data} within 2x its median at ${small.endpoint.data}`,
      measured: `p50 ${ms(large.p50)} ms vs ${ms(small.p50)} ms = ${x.toFixed(2)}x; ${large.rps.toFixed(0)} vs ${small.rps.toFixed(0)} requests/s${lost ? `; ${lost} requests at ${large.endpoint.data} got no 2xx answer (timeouts), so the true median is higher than shown` : ''}`,
      verdict: x <= 2 && lost === 0 ? 'met' : 'missed',
    });
  } else if (small && large) {
    out.push({
      target: 'Admin order list at the large history within 2x its median at the small one',
      measured: 'no answer completed in a measured run',
      verdict: 'not evaluated',
    });
  }
  for (const o of run.oneShots) {
    const worst = Math.max(...o.ms);
    out.push({
      target: `${o.label} over ${o.data} within ${o.boundS} s`,
      measured: `${o.ms.map((m) => (m / 1000).toFixed(2)).join(', ')} s (${o.ms.length} run${o.ms.length > 1 ? 's' : ''}), status ${o.status}`,
      verdict: o.status === 200 && worst <= o.boundS * 1000 ? 'met' : 'missed',
    });
  }
  if (run.startup) {
    const warm = median(run.startup.warmMs);
    out.push({
      target: 'Start-up to first healthy answer ≤ 2.5 s on PGlite after the first run',
      measured: `median ${(warm / 1000).toFixed(2)} s over ${run.startup.warmMs.length} warm start(s) (${run.startup.warmMs.map((m) => (m / 1000).toFixed(2)).join(', ')} s); first run with migration and seed ${(run.startup.firstMs / 1000).toFixed(2)} s${run.startup.warmCpuMs.length ? `; CPU time the server's Node process used until healthy: median ${(median(run.startup.warmCpuMs) / 1000).toFixed(2)} s` : ''}`,
      verdict: warm <= 2500 ? 'met' : 'missed',
    });
  }
  return out;
}

const mb = (v: number | null) => (v === null ? '—' : `${v.toFixed(0)} MB`);

/** Whole answers timed to the last byte, with the server's resident memory before and at its peak meanwhile. */
function oneShotTable(run: DatabaseRun): string[] {
  if (!run.oneShots.length) return [];
  return [
    '| Whole answer | Data | Seconds to the last byte | Size | Server RSS before → peak |',
    '|---|---|--:|--:|--:|',
    ...run.oneShots.map(
      (o) =>
        `| ${o.label} | ${o.data} | ${o.ms.map((m) => (m / 1000).toFixed(2)).join(', ')} | ${(o.bytes / 1e6).toFixed(1)} MB | ${mb(o.rssBeforeMb)} → ${mb(o.rssPeakMb)} |`,
    ),
    '',
  ];
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** Sequential first reads: what a visitor meets right after a start or a new upload, before the cache holds the file. */
function coldTable(run: DatabaseRun): string[] {
  const c = run.coldImages;
  if (!c) return [];
  return [
    '| One request at a time | Data | Files | p50 ms | p95 ms | Max ms | Status |',
    '|---|---|--:|--:|--:|--:|--:|',
    `| ${c.label} | ${c.data} | ${c.ms.length} | ${ms(pct(c.ms, 0.5))} | ${ms(pct(c.ms, 0.95))} | ${ms(Math.max(...c.ms))} | ${c.status} |`,
    '',
  ];
}

export function section(run: DatabaseRun, startedAt: Date): string {
  const cpu = os.cpus();
  const title = run.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const problems = [
    ...run.results
      .filter((r) => r.probe)
      .map((r) => `- ${r.endpoint.method} ${r.endpoint.path}: first answer before the load was ${r.probe}`),
    ...run.results
      .filter((r) => r.errors || r.non2xx)
      .map(
        (r) =>
          `- ${r.endpoint.label ?? `${r.endpoint.method} ${r.endpoint.path}`} (${r.endpoint.data}): answers by status ${r.statuses} (errors are connection errors; autocannon times a request out after 10 s)`,
      ),
  ];
  const lines = [
    `## ${title}`,
    '',
    `Run: ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')} · mode **${PLAN.mode}** (${PLAN.connections} connections, ${describeSpan(PLAN.warmup)} warm-up discarded, ${describeSpan(PLAN.measure)} measured per endpoint)${PLAN.mode === 'smoke' ? ' — a smoke run only proves the script works; its figures are not comparable' : ''}`,
    '',
    `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'} · ${cpu.length} cores · Node ${process.version} · ${run.version}`,
    '',
    `Load average (1/5/15 min) before the run ${run.loadBefore.map((l) => l.toFixed(1)).join(' / ')}, after ${run.loadAfter.map((l) => l.toFixed(1)).join(' / ')}. The load generator runs on the same cores as the server; other work on the machine lowers every figure, baselines included.`,
    '',
    ...table(run),
    '',
    '| Target | Measured | Verdict |',
    '|---|---|---|',
    ...verdicts(run).map((v) => `| ${v.target} | ${v.measured} | **${v.verdict}** |`),
    '',
    ...oneShotTable(run),
    ...coldTable(run),
    `Seeding: ${run.seeding.join('; ')}.`,
    ...(problems.length ? ['', 'Errors and non-2xx answers:', ...problems] : []),
  ];
  return lines.join('\n');
}

const INTRO = `# Performance

Figures written by \`npm run bench\` (scripts/bench/). Each database has its own section; a run replaces only
the section of the database it measured. \`DATABASE_URL=postgres://... npm run bench\` also measures PostgreSQL
(a scratch database \`bench_<pid>\` is created on that server and dropped after); \`BENCH_ONLY=postgres\` or
\`BENCH_ONLY=pglite\` limits a run to one of them. \`npm run bench:smoke\` is the CI variant (10 connections, 30
answers per endpoint, 1,000 orders, 500 messages, no targets asserted); it writes .tmp/bench/performance-smoke.md, not this file.

How the figures are taken:

- The built shop (dist/server/main.js, bundled by \`npm run build\` or by the script when missing) runs as its own
  process in production mode over plain http on loopback, with request logging off (LOG_LEVEL=warn), as \`npm start\` runs it, on a fresh database seeded by the script: the catalogue,
  customers with sessions and carts, 1,000 then 100,000 orders (two lines and one event each, all eight statuses),
  10,000 contact messages in 2,000 conversations.
- autocannon drives each endpoint with 50 connections: 3 s of warm-up (discarded), then 10 s measured.
  Requests/s is the number of completed answers divided by the measured seconds; p50 and p99 are latencies in milliseconds.
- Baselines, measured in the same run on the same machine, each in its own process: a bare Fastify hello-world,
  and a bare Fastify route that selects one product row by primary key through the raw driver on the same database
  (PGlite: a copy of the shop's data directory; PostgreSQL: a pg Pool of 10 on the same database). The ratio is the
  endpoint's requests/s divided by its baseline's: health against hello-world, everything else against one row.
- Signed-in requests send \`cookie: session=<access token>\` of sessions the script created. GET /cart/ rotates over
  200 customers with three-line carts. POST /cart/items rotates over 1,000 customers and over the products (one
  size each), so a line grows by one only every few thousand requests and never meets the 99 cap.
- Business quantities (scripts/bench/business.ts): GET /cart/ rotates over customers with 30-line carts (every
  product in turn, a name on every fifth line), and POST /cart/roster adds a 30-name roster (commit: true) for the
  next of its customers, so a roster's lines grow by one only after every customer has had one. POST /orders/ (30
  pieces) places a crew's order: 5,000 customers each have their own approved logo and a 30-line cart of one polo in
  a size run, one piece a line with the logo on the left and a name on the right; each request takes the next cart.
- POST /orders/ needs a non-empty cart for every request: 25,000 customers get a two-line cart before the run and
  each request (warm-up included) takes the next one, with its own Idempotency-Key as the web client sends. If the
  server were fast enough to use them all, the next requests would meet empty carts and show up as non-2xx.
- The admin order list is measured at 1,000 orders; then the history is topped up to 100,000 orders (on PGlite with
  the shop stopped, as PGlite holds its directory exclusively), \`vacuum analyze\` runs, and it is measured again.
  The list at 1,000 is measured before POST /orders/ adds orders; the top-up brings the total, those included, to 100,000.
- The machine line gives the load average before and after: on a shared machine every figure, baselines included,
  drops with other work, and the load generator itself shares the cores with the server. Ratios to the baselines
  taken in the same run are the figures to compare; absolute requests/s only between runs on a quiet machine.
- Start-up (PGlite) is the time from spawning \`node dist/server/main.js\` to the first 200 from /api/v1/health on a
  data directory that already holds the seeded shop (the first run, which migrates and seeds, is shown apart).
- The production sheet is fetched three times in a row once the history holds 4,000 orders plus those the
  checkout run placed (a quarter of the seeded ones pending or in production); the CSV export of every order once
  at 100,000 orders. Each is timed to its last byte, and the server's resident memory is sampled every 25 ms meanwhile:
  a peak close to the figure before says the answer streamed rather than being built in memory.
- The catalogue at scale (scripts/bench/catalog.ts): after the checkout run, 200 more garments are written, each with its
  own photo in the media table, and a department limited to 12 of them with one signed-in member. The shop restarts,
  each of the 200 photos (250 px) is fetched once, one at a time (cold: the first read of each file comes from the
  database), then GET /products/ as a guest, GET /products/ as the limited member (a session lookup, then the
  department's cached answer) and one photo again and again (warm: the in-process cache) are driven like the rest.
- Bundle sizes and Lighthouse are not part of this script (see docs/bundle-report.md).
`;

const marker = (kind: string) => [`<!-- bench:${kind}:start -->`, `<!-- bench:${kind}:end -->`] as const;

/** Replaces this database's section and keeps everything else in the file. */
export function writeSection(kind: 'pglite' | 'postgres', body: string) {
  let doc = fs.existsSync(OUT_FILE) ? fs.readFileSync(OUT_FILE, 'utf8') : INTRO;
  for (const k of ['pglite', 'postgres']) {
    const [start, end] = marker(k);
    if (!doc.includes(start))
      doc = `${doc.trimEnd()}\n\n${start}\n## ${k === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n\nNot measured yet.\n${end}\n`;
  }
  const [start, end] = marker(kind);
  const before = doc.slice(0, doc.indexOf(start) + start.length);
  const after = doc.slice(doc.indexOf(end));
  fs.mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  fs.writeFileSync(OUT_FILE, `${before}\n${body}\n${after}`);
}
