// One Lighthouse run with its default (mobile) settings, reduced to the figures the report shows.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';

export type Figures = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  lcpElement: string;
  benchmarkIndex: number;
  /** The emulation and throttling Lighthouse applied, as its settings say. */
  settings: string;
  report: string;
};

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** The LCP element as Lighthouse names it (its selector, or the node's snippet). */
function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node?.snippet ?? node?.selector ?? 'unknown';
}

function settingsOf(lhr: Result): string {
  const c = lhr.configSettings;
  const t = c.throttling;
  const screen = c.screenEmulation;
  return `${c.formFactor} ${screen.width}x${screen.height} at ${screen.deviceScaleFactor}x, ${c.throttlingMethod === 'simulate' ? 'simulated' : c.throttlingMethod} throttling: ${t.rttMs} ms RTT, ${((t.throughputKbps ?? 0) / 1024).toFixed(1)} Mbit/s, ${t.cpuSlowdownMultiplier}x CPU slowdown`;
}

/** Runs Lighthouse on `url` through Chromium's DevTools port and keeps the JSON report in `reportDir`. */
export async function measure(url: string, port: number, reportDir: string, name: string): Promise<Figures> {
  // Only the performance category: the others do not change what this one measures and cost minutes on 2 cores.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  fs.mkdirSync(reportDir, { recursive: true });
  const report = path.join(reportDir, `${name}.json`);
  fs.writeFileSync(report, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    siMs: numeric(lhr, 'speed-index'),
    lcpElement: lcpElement(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    settings: settingsOf(lhr),
    report,
  };
}
