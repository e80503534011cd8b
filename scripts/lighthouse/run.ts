// npm run lighthouse: Lighthouse's default mobile run, 3 times each on / and /store of the built shop;
// the median run by performance score goes to docs/performance.md (under CI or with LIGHTHOUSE_OUT: .tmp/lighthouse/).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './chromium';
import { setSignedIn } from './cookies';
import { measure, type Figures } from './measure';
import { medianRun, misses, section, writeSection, type PageResult } from './report';
import { startLighthouseShop } from './shop';

const RUNS = 3;
const REPORT_DIR = '.tmp/lighthouse';

const ALL_PAGES = [
  { path: '/', name: 'landing', signedIn: false, note: 'guest, first visit' },
  { path: '/store', name: 'store', signedIn: true, note: 'signed-in customer, two cart lines' },
] as const;
// LIGHTHOUSE_ONLY=/store measures one page while trying a change; the report needs both.
const PAGES = ALL_PAGES.filter((p) => !process.env.LIGHTHOUSE_ONLY || p.path === process.env.LIGHTHOUSE_ONLY);

const loadavg = () => os.loadavg();
const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');

/** A run whose trace Lighthouse could not read (NO_NAVSTART, NO_FCP on a busy machine) is taken again, once. */
async function measureWithRetry(url: string, port: number, name: string): Promise<Figures> {
  try {
    return await measure(url, port, REPORT_DIR, name);
  } catch (err) {
    console.log(`  ${name}: ${(err as Error).message.split('\n')[0]}; running it again`);
    return measure(url, port, REPORT_DIR, name);
  }
}

async function main() {
  const outDir =
    process.env.LIGHTHOUSE_OUT || (process.env.CI === 'true' || PAGES.length < ALL_PAGES.length ? REPORT_DIR : null);
  const startedAt = new Date();
  const loadBefore = loadavg();
  console.log(
    `lighthouse: ${RUNS} runs each on ${PAGES.map((p) => p.path).join(' and ')}; load average ${fmtLoad(loadBefore)}`,
  );
  const lighthouseVersion = (
    JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
  ).version;

  const shop = await startLighthouseShop();
  const chromium = await launchChromium().catch(async (err) => {
    await shop.stop();
    throw err;
  });
  const pages: PageResult[] = [];
  const measured = await (async () => {
    for (const page of PAGES) {
      await setSignedIn(chromium.port, shop.shop.url, page.signedIn ? shop.customer : null);
      const runs: Figures[] = [];
      for (let i = 1; i <= RUNS; i += 1) {
        const f = await measureWithRetry(`${shop.shop.url}${page.path}`, chromium.port, `${page.name}-${i}`);
        runs.push(f);
        console.log(
          `  ${page.path} run ${i}: performance ${f.score}, FCP ${f.fcpMs.toFixed(0)} ms, LCP ${f.lcpMs.toFixed(0)} ms, TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}, SI ${f.siMs.toFixed(0)} ms; load ${fmtLoad(loadavg())}`,
        );
      }
      pages.push({ path: page.path, note: page.note, runs, median: medianRun(runs) });
    }
  })().then(
    () => null,
    (err: unknown) => ({ err }),
  );
  // Both always stop: a browser that failed to stop must not leave the shop (and its database) behind. A failed
  // measurement is the error to report; a failed stop after good measurements still fails the run.
  const stopped = await Promise.allSettled([chromium.stop(), shop.stop()]);
  if (measured) throw measured.err;
  const failed = stopped.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;

  const cpu = os.cpus();
  const body = section({
    startedAt,
    lighthouse: lighthouseVersion,
    chromium: chromium.version,
    machine: `${cpu[0]?.model.trim() ?? 'unknown CPU'} · ${cpu.length} cores · Node ${process.version}`,
    web: path.relative(process.cwd(), process.env.WEB_DIST || 'dist/web') || '.',
    loadBefore,
    loadAfter: loadavg(),
    pages,
  });
  const written = writeSection('docs/performance.md', body, outDir);
  console.log(`\n${body}\n\nwrote ${written}; JSON reports in ${REPORT_DIR}/`);
  const missed = pages.filter((p) => misses(p.median).length > 0);
  if (missed.length)
    console.log(
      `targets missed on ${missed.map((p) => p.path).join(', ')} (reported, not failed: the figures depend on the machine's load)`,
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
