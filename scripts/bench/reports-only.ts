// npm run bench:reports: only the owner's reports at PLAN.ordersLarge orders, 3 runs each, with the load average,
// without the load tests of `npm run bench` (which take long on a shared machine). BENCH_ONLY picks the database
// (pglite when unset; postgres needs DATABASE_URL, and measures in a fresh database it drops afterwards).
import os from 'node:os';
import { HISTORY_CUSTOMERS, PLAN } from './options';
import { startBenchShop } from './processes';
import { reportShots } from './reports';
import { adminCookie, analyze, customers, seedOrders } from './seed';
import { pgliteTarget, postgresTarget } from './target';

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  const kind = process.env.BENCH_ONLY ?? 'pglite';
  if (kind === 'postgres' && !process.env.DATABASE_URL) throw new Error('BENCH_ONLY=postgres needs DATABASE_URL');
  const target = kind === 'postgres' ? await postgresTarget(process.env.DATABASE_URL!) : pgliteTarget();
  try {
    // The first start migrates and seeds the catalogue; PGlite's directory is then free for the bulk seed.
    let shop = (await startBenchShop(target.serverEnv)).shop;
    if (target.exclusive) await shop.stop();
    const database = await target.open();
    let cookie: string;
    try {
      const t0 = performance.now();
      cookie = await adminCookie(database.db);
      await customers(database.db, 'bench-history', HISTORY_CUSTOMERS);
      await seedOrders(database, PLAN.ordersLarge);
      await analyze(database);
      console.log(
        `${target.kind}: seeded ${PLAN.ordersLarge} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }
    if (target.exclusive) shop = (await startBenchShop(target.serverEnv)).shop;
    try {
      console.log(`${await target.version()}; load average before: ${load()}`);
      await reportShots({ url: shop.url, pid: shop.proc.pid }, cookie);
      console.log(`load average after: ${load()}`);
    } finally {
      await shop.stop();
    }
  } finally {
    await target.dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
