// The Lighthouse section of docs/performance.md: the median run of each page beside the targets.
import fs from 'node:fs';
import path from 'node:path';
import type { Figures } from './measure';

export const START = '<!-- lighthouse:start -->';
export const END = '<!-- lighthouse:end -->';

export const TARGETS = { score: 95, lcpMs: 2500, cls: 0.1 };

export type PageResult = { path: string; note: string; runs: Figures[]; median: Figures };
export type LighthouseRun = {
  startedAt: Date;
  lighthouse: string;
  chromium: string;
  machine: string;
  /** The web build the shop served (WEB_DIST, else dist/web). */
  web: string;
  loadBefore: number[];
  loadAfter: number[];
  pages: PageResult[];
};

/** The run whose performance score is the median of the three (the middle one once sorted). */
export function medianRun(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');

export function misses(f: Figures): string[] {
  return [
    f.score < TARGETS.score ? `performance ${f.score} < ${TARGETS.score}` : null,
    f.lcpMs > TARGETS.lcpMs ? `LCP ${s(f.lcpMs)} > ${s(TARGETS.lcpMs)}` : null,
    f.cls > TARGETS.cls ? `CLS ${f.cls.toFixed(3)} > ${TARGETS.cls}` : null,
  ].filter((x): x is string => x !== null);
}

export function section(run: LighthouseRun): string {
  const rows = run.pages.map((p) => {
    const m = p.median;
    const missed = misses(m);
    return `| ${p.path} | **${m.score}** (${p.runs.map((r) => r.score).join(', ')}) | ${s(m.fcpMs)} | ${s(m.lcpMs)} | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${s(m.siMs)} | ${missed.length ? `**missed**: ${missed.join('; ')}` : '**met**'} |`;
  });
  const lines = [
    '## Lighthouse (mobile)',
    '',
    `Run: ${run.startedAt.toISOString().replace(/\.\d+Z$/, 'Z')} · \`npm run lighthouse\` (scripts/lighthouse/) · Lighthouse ${run.lighthouse} with its default settings`,
    `(${run.pages[0]?.median.settings ?? 'mobile'}) in ${run.chromium} (headless, Debian's build);`,
    '3 runs per page, the median run by performance score shown.',
    `The built shop (dist/server/main.js, web build ${run.web}) in production mode on a fresh PGlite directory; / as a guest,`,
    '/store signed in as a customer with a two-line cart.',
    '',
    `Machine: ${run.machine} · load average (1/5/15 min) before ${load(run.loadBefore)}, after ${load(run.loadAfter)}.`,
    'Simulated throttling scales the CPU time the page really took, so other work on the same cores lowers the score;',
    "Lighthouse's benchmark index per run is in the JSON reports (.tmp/lighthouse/).",
    '',
    `Targets: performance at least ${TARGETS.score}, LCP at most ${s(TARGETS.lcpMs)}, CLS at most ${TARGETS.cls}.`,
    '',
    '| Page | Performance (3 runs) | FCP | LCP | TBT | CLS | Speed Index | Verdict |',
    '|---|--:|--:|--:|--:|--:|--:|---|',
    ...rows,
    '',
    ...run.pages.map(
      (p) =>
        `- ${p.path}: ${p.note}; LCP element \`${p.median.lcpElement.replace(/`/g, "'")}\`; benchmark index of the runs ${p.runs.map((r) => Math.round(r.benchmarkIndex)).join(', ')}.`,
    ),
  ];
  return lines.join('\n');
}

/** Replaces the marked section (appending it when absent) and keeps everything else of the file. */
export function writeSection(file: string, body: string, outDir: string | null): string {
  const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const a = source.indexOf(START);
  const b = source.indexOf(END);
  const doc =
    a >= 0 && b > a
      ? `${source.slice(0, a + START.length)}\n${body}\n${source.slice(b)}`
      : `${source.trimEnd()}\n\n${START}\n${body}\n${END}\n`;
  const target = outDir ? path.join(outDir, path.basename(file)) : file;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, doc);
  return target;
}
