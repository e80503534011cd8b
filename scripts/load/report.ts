// The summary of a load run: printed, and written between the load markers of docs/performance.md and docs/security.md
// (or of copies under .tmp/load/ in CI, which must not dirty the tree). Nothing outside those markers is touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Memory } from './memory';
import { CONTACT_LIMITS } from '../../src/server/contact/submit';
import { BACK_OFFICE, KINDS, allLatencies, percentile, requestsOf, type Tally } from './tally';

export type Check = { target: string; measured: string; met: boolean };

export type LoadRun = {
  startedAt: Date;
  connections: number;
  warm: { tally: Tally; seconds: number };
  run: { tally: Tally; seconds: number };
  memory: {
    afterWarmup: Memory & { waitedS: number };
    afterRun: Memory & { waitedS: number };
    maxDuringRun: number;
    series: number[];
    warmLevelled: boolean;
    warmMinS: number;
    warmMaxS: number;
  };
  database: string;
  seeding: string;
  loadBefore: number[];
  loadAfter: number[];
  checks: Check[];
};

const START = '<!-- load:start -->';
const END = '<!-- load:end -->';
const mb = (v: number) => v.toFixed(1);
const ms = (v: number | null) => (v === null ? '—' : v.toFixed(1));
const loads = (xs: number[]) => xs.map((l) => l.toFixed(1)).join(' / ');

export const passed = (r: LoadRun) => r.checks.every((c) => c.met);

function table(r: LoadRun): string[] {
  const { tally, seconds } = r.run;
  const row = (label: string, xs: number[]) =>
    `| ${label} | ${xs.length.toLocaleString('en-US')} | ${(xs.length / seconds).toFixed(0)} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 99))} |`;
  return [
    '| Request | Answers | Requests/s | p50 ms | p99 ms |',
    '|---|--:|--:|--:|--:|',
    ...KINDS.map((k) => row(k, tally.latencies[k])),
    row('**all**', allLatencies(tally)),
  ];
}

export function summary(r: LoadRun): string {
  const cpu = os.cpus();
  const growth = (r.memory.afterRun.rssMb / r.memory.afterWarmup.rssMb - 1) * 100;
  const failures = [
    ...r.warm.tally.samples.map((s) => ({ ...s, phase: 'warm-up' })),
    ...r.run.tally.samples.map((s) => ({ ...s, phase: 'run' })),
  ];
  return [
    '## Load: a mixed journey on PostgreSQL',
    '',
    `Run: ${r.startedAt.toISOString().replace(/\.\d+Z$/, 'Z')} · \`npm run test:load\` (scripts/load/) · ${r.connections} connections · ${r.warm.seconds.toFixed(1)} s warm-up (RSS ${r.memory.warmLevelled ? 'levelled off' : 'still climbing at its end'}), then ${r.run.seconds.toFixed(1)} s measured`,
    '',
    `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'} · ${cpu.length} cores · Node ${process.version} · ${r.database}. Load average (1/5/15 min) before ${loads(r.loadBefore)}, after ${loads(r.loadAfter)}; the load generator shares the cores with the server and the database.`,
    '',
    'Each connection is one keep-alive socket that repeats a journey, one request at a time, as one of its own 20 customers',
    '(seeded with sessions; no two connections share a customer, so every checkout meets the cart its journey filled):',
    'GET /products/, GET /products/:slug, POST /cart/items (every third line with an embroidered name), GET /cart/,',
    'POST /orders/ with a fresh Idempotency-Key (must be 201 with the cart’s lines and total), then a staff member’s',
    'GET /orders/admin/all. Four journeys in ten also carry a back-office journey, each kind in its own slot of ten.',
    '*Allowance checkout*: the journey is shopped by one of the connection’s 5 members of a department with a $250',
    'yearly allowance, who reads GET /checkout/quote (must hold an allowance adjustment) and places the order with that',
    'expected_allowance (201, the quote’s allowance and total; once a balance is spent its line is $0). *Production',
    'sheet*: staff read GET /orders/admin/production?status=pending,in_production (must list the connection’s open',
    'orders in their status), then POST /orders/admin/bulk-status moves the connection’s orders in production to ready',
    'for pickup and its newly placed ones into production, so the open orders stay near a thousand instead of growing',
    'with every checkout. *Catalogue edit*: an admin PATCHes a garment’s description (never its price) and reads it back',
    'from GET /products/:slug (must show the new text; one editor per garment at a time). *Conversation reply*: a',
    'signed-in customer writes through POST /contact/ (201) and staff answer with POST /contact/:id/send-reply (201,',
    'outbound, in that conversation); each writer writes from its own address (X-Forwarded-For, the shop started with',
    `TRUST_PROXY=127.0.0.1 as behind a proxy) and at most ${CONTACT_LIMITS.perAddress} times, so the contact limits (${CONTACT_LIMITS.perIp} an hour per address, ${CONTACT_LIMITS.perAddress} per`,
    'account) never trip. Every answer is checked: any status but the expected one (409 and 422 included), a body that',
    'fails its check, a connection error or no answer within 30 s counts as an error. Memory is the server process’s',
    `resident set (VmRSS in /proc/<pid>/status) at rest after the warm-up and after the run (no load, read once a second from 10 s on until three readings`,
    `lie within 1 %: here ${r.memory.afterWarmup.waitedS} s and ${r.memory.afterRun.waitedS} s); under load RSS only shows the heap headroom V8 last chose. Heap figures would need`,
    '--expose-gc or a new endpoint, which production must not have. A fresh Node process keeps growing its heap for the',
    'first tens of seconds of load, until its first full collections size it (in a --trace-gc run the live heap after',
    'each full collection stayed at about 30 MB while RSS rose to 260 MB and fell back to about 205 MB), so the warm-up',
    `lasts at least ${r.memory.warmMinS} s and until RSS has set no new high (over +2 %) for 15 s, at most ${r.memory.warmMaxS} s; the run is measured after.`,
    '',
    ...table(r),
    '',
    `Journeys completed: ${r.run.tally.journeys.toLocaleString('en-US')} (warm-up ${r.warm.tally.journeys.toLocaleString('en-US')}), of which back-office: ${BACK_OFFICE.map((j) => `${j} ${r.run.tally.backOffice[j].toLocaleString('en-US')}`).join(', ')}. Server RSS: ${mb(r.memory.afterWarmup.rssMb)} MB after warm-up, ${mb(r.memory.afterRun.rssMb)} MB after the run (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %), at most ${mb(r.memory.maxDuringRun)} MB sampled during the run, peak ${mb(r.memory.afterRun.peakMb)} MB (VmHWM).`,
    '',
    `Server RSS every 5 s from the start of the warm-up to the last reading (MB): ${r.memory.series
      .filter((_, i) => i % 5 === 4)
      .map((v) => v.toFixed(0))
      .join(', ')}.`,
    '',
    '| Check | Measured | Verdict |',
    '|---|---|---|',
    ...r.checks.map((c) => `| ${c.target} | ${c.measured} | **${c.met ? 'met' : 'missed'}** |`),
    '',
    `Seeding: ${r.seeding}.`,
    ...(failures.length
      ? [
          '',
          'First failures:',
          ...failures.map(
            (f) => `- ${f.phase}, ${f.kind}${f.status ? ` (${f.status})` : ''}: ${f.problem.replace(/\s+/g, ' ')}`,
          ),
        ]
      : []),
  ].join('\n');
}

export function securityLine(r: LoadRun): string {
  const t = r.run.tally;
  const growth = (r.memory.afterRun.rssMb / r.memory.afterWarmup.rssMb - 1) * 100;
  return (
    `**Load** (\`npm run test:load\`, ${r.startedAt.toISOString().slice(0, 10)}): ${r.run.seconds.toFixed(0)} s of mixed journeys at ${r.connections} connections on ` +
    `${r.database.split(' on ')[0]}: ${requestsOf(t).toLocaleString('en-US')} requests, ${t.errors} errors, ${t.non2xx} non-2xx; server RSS ` +
    `${mb(r.memory.afterWarmup.rssMb)} MB after warm-up, ${mb(r.memory.afterRun.rssMb)} MB after the run (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %, limit +20 %); ` +
    `${passed(r) ? 'all checks met' : 'checks missed'}. Details in docs/performance.md.`
  );
}

/** Replaces what stands between the load markers, or appends the marked section at the end of the file. */
export function writeMarked(file: string, body: string, outDir: string | null) {
  const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const s = source.indexOf(START);
  const e = source.indexOf(END);
  const doc =
    s >= 0 && e > s
      ? `${source.slice(0, s + START.length)}\n${body}\n${source.slice(e)}`
      : `${source.trimEnd()}\n\n${START}\n${body}\n${END}\n`;
  const target = outDir ? path.join(outDir, path.basename(file)) : file;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, doc);
  return target;
}
