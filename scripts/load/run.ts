// npm run test:load: a mixed journey at 50 connections against the built shop on a scratch
// PostgreSQL database, the shopping with the back office's journeys (allowance checkout, production sheet, catalogue
// edit, conversation reply) among it; zero errors, and the server's memory after the run within 20 % of its memory
// after the warm-up.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/rows';
import { CONTACT_LIMITS } from '../../src/server/contact/submit';
import { startBenchShop } from '../bench/processes';
import { seedBase } from '../bench/seed';
import { postgresTarget, type Target } from '../bench/target';
import { driver, type Driver } from './drive';
import { levelledOff, memoryOf, restingMemory } from './memory';
import { passed, securityLine, summary, writeMarked, type Check, type LoadRun } from './report';
import { seedBackOffice } from './seed';
import { METRICS_TOKEN, requestsCounted, scrapeMetrics, valueOf } from './metrics';
import { requestsOf, type Tally } from './tally';

const CONNECTIONS = 50;
const RSS_LIMIT = 1.2;
const TIMEOUT_MS = 30_000;
const SEED = { ordersSmall: 1_000, messages: 500, checkoutCarts: 0 };
const MEMBERS_PER_CONNECTION = 5;
/** Journeys a second one connection could make, for sizing the writers: about 2.3 on the 2-core box, so twice that. */
const JOURNEYS_PER_SECOND_MAX = 5;

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  const v = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number of seconds, got "${raw}"`);
  return v;
}

const checkouts = (t: Tally) => (t.statuses.get('checkout 201') ?? 0) + (t.statuses.get('allowance checkout 201') ?? 0);

/** Writers per connection for one conversation every ten journeys, each writer within the contact limit. */
const writersPerConnection = (seconds: number) =>
  Math.ceil((seconds * JOURNEYS_PER_SECOND_MAX) / 10 / CONTACT_LIMITS.perAddress);

async function seed(target: Target, writersEach: number) {
  const database = await target.open();
  try {
    const seeded = await seedBase(database, SEED);
    const office = await seedBackOffice(database, {
      members: CONNECTIONS * MEMBERS_PER_CONNECTION,
      writers: CONNECTIONS * writersEach,
    });
    return { seeded, office };
  } finally {
    await database.close();
  }
}

/** Lines the server logged at error level or above (pino JSON, level ≥ 50): a 5xx the checks saw would be here too. */
const serverErrors = (output: string) => output.split('\n').filter((l) => /"level":(5\d|60)\b/.test(l));

async function main() {
  const runSeconds = seconds('LOAD_SECONDS', 60);
  const warmSeconds = seconds('LOAD_WARMUP_SECONDS', 10);
  const warmMaxSeconds = Math.max(warmSeconds, seconds('LOAD_WARMUP_MAX_SECONDS', 180));
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const outDir = process.env.LOAD_OUT || (process.env.CI === 'true' ? '.tmp/load' : null);
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  console.log(
    `load: ${CONNECTIONS} connections, warm-up of ${warmSeconds} to ${warmMaxSeconds} s (until the server's RSS levels off), ${runSeconds} s measured; load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')}`,
  );

  const target = await postgresTarget(serverUrl, `load_${process.pid}`);
  let drv: Driver | null = null;
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    drv?.stop();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let shop: Awaited<ReturnType<typeof startBenchShop>>['shop'] | null = null;
  let sampler: NodeJS.Timeout | undefined;
  try {
    // The contact limit counts per address: behind a trusted proxy (the loopback here) each writer has its own.
    shop = (await startBenchShop({ ...target.serverEnv, TRUST_PROXY: '127.0.0.1', METRICS_TOKEN })).shop;
    const pid = shop.proc.pid!;
    const t0 = performance.now();
    const { seeded, office } = await seed(target, writersPerConnection(warmMaxSeconds + runSeconds));
    const count = (n: number) => n.toLocaleString('en-US');
    const seeding = `staff, ${count(seeded.adderCookies.length)} journey customers with sessions and empty carts, ${seeded.readerCookies.length} more with carts, ${count(SEED.ordersSmall)} orders, ${SEED.messages} messages, a department with a $250 allowance and ${office.memberCookies.length} members, ${count(office.writerCookies.length)} customers who write in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
    console.log(`  seeded: ${seeding}`);

    drv = driver({
      url: shop.url,
      connections: CONNECTIONS,
      customerCookies: seeded.adderCookies,
      memberCookies: office.memberCookies,
      writerCookies: office.writerCookies,
      staffCookie: seeded.staffCookie,
      timeoutMs: TIMEOUT_MS,
    });
    // RSS once a second from the start of the warm-up to the last reading: whether it climbs or levels off is the evidence.
    const series: number[] = [];
    sampler = setInterval(() => {
      // A server that died shows up in the answers; the sampler only has nothing more to read.
      if (shop?.proc.exitCode === null) series.push(memoryOf(pid).rssMb);
    }, 1000);
    const warm = await drv.phase(warmMaxSeconds, () => series.length >= warmSeconds && levelledOff(series));
    const warmLevelled = levelledOff(series);
    console.log(
      `  warm-up: ${requestsOf(warm.tally)} requests, ${warm.tally.errors} errors in ${warm.seconds.toFixed(1)} s; RSS ${warmLevelled ? 'levelled off' : 'still climbing'}`,
    );
    const afterWarmup = await restingMemory(pid);
    const metricsBefore = await scrapeMetrics(shop.url);
    const runFrom = series.length;
    const run = await drv.phase(runSeconds);
    const maxDuringRun = Math.max(afterWarmup.rssMb, ...series.slice(runFrom));
    const afterRun = await restingMemory(pid);
    const metricsAfter = await scrapeMetrics(shop.url);
    const counted = requestsCounted(metricsAfter) - requestsCounted(metricsBefore);
    clearInterval(sampler);
    if (interrupted) throw new Error('interrupted: nothing written');
    const loadAfter = os.loadavg();

    // Every 201 must be one order in the database, and nothing else may have made one.
    const db = await target.open();
    const [placed] = await db.db
      .execute(sql`select count(*)::int as n from orders where order_number like 'CSU-%'`)
      .then((r) => rowsOf<{ n: number }>(r))
      .finally(() => db.close());
    const answered201 = checkouts(warm.tally) + checkouts(run.tally);
    const logged = serverErrors(shop.output());

    const t = run.tally;
    const checks: Check[] = [
      {
        target: `zero errors and zero non-2xx at ${CONNECTIONS} connections (warm-up included)`,
        measured: `${requestsOf(t).toLocaleString('en-US')} requests measured: ${t.errors} errors, ${t.non2xx} non-2xx; warm-up ${requestsOf(warm.tally).toLocaleString('en-US')} requests: ${warm.tally.errors} errors, ${warm.tally.non2xx} non-2xx`,
        met:
          t.errors === 0 &&
          t.non2xx === 0 &&
          warm.tally.errors === 0 &&
          warm.tally.non2xx === 0 &&
          requestsOf(t) > 0 &&
          !interrupted,
      },
      {
        target: 'every 201 from checkout is one order in the database, and no other order appeared',
        measured: `${answered201.toLocaleString('en-US')} answers 201, ${Number(placed?.n ?? 0).toLocaleString('en-US')} orders placed`,
        met: Number(placed?.n) === answered201,
      },
      {
        target: 'no error logged by the server',
        measured: logged.length ? `${logged.length} lines, first: ${logged[0]!.slice(0, 300)}` : 'none',
        met: logged.length === 0,
      },
      {
        target:
          '/metrics under the load: the exposition parses and its request counter moved with every measured request',
        measured: `${metricsAfter.lines} lines parsed; ${counted.toLocaleString('en-US')} requests counted during the run for ${requestsOf(t).toLocaleString('en-US')} sent; outbox depth ${valueOf(metricsAfter, 'shop_outbox_depth')}, event-loop lag ${valueOf(metricsAfter, 'nodejs_eventloop_lag_seconds')?.toFixed(3)} s`,
        met: requestsOf(t) > 0 && counted >= requestsOf(t),
      },
      {
        target: `server RSS after the run ≤ ${RSS_LIMIT} × RSS after warm-up`,
        measured: `${afterRun.rssMb.toFixed(1)} MB vs ${afterWarmup.rssMb.toFixed(1)} MB = ${(afterRun.rssMb / afterWarmup.rssMb).toFixed(2)}×`,
        met: afterRun.rssMb <= RSS_LIMIT * afterWarmup.rssMb,
      },
    ];
    const result: LoadRun = {
      startedAt,
      connections: CONNECTIONS,
      warm,
      run,
      memory: {
        afterWarmup,
        afterRun,
        maxDuringRun,
        series,
        warmLevelled,
        warmMinS: warmSeconds,
        warmMaxS: warmMaxSeconds,
      },
      database: await target.version(),
      seeding,
      loadBefore,
      loadAfter,
      checks,
    };
    const text = summary(result);
    console.log(`\n${text}\n`);
    const written = [
      writeMarked('docs/performance.md', text, outDir),
      writeMarked('docs/security.md', securityLine(result), outDir),
    ];
    console.log(`written to ${written.join(' and ')}`);
    if (!passed(result)) {
      console.error(
        `load test failed: ${checks
          .filter((c) => !c.met)
          .map((c) => c.target)
          .join('; ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    clearInterval(sampler);
    // A server that died under the load is the finding: show what it said last.
    if (shop && shop.proc.exitCode !== null)
      console.error(`the server exited with ${shop.proc.exitCode}; its last output:\n${shop.output().slice(-4000)}`);
    drv?.close();
    await shop?.stop();
    await target.dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
