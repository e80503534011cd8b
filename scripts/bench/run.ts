// npm run bench: the shop against its limits. See docs/performance.md for what the figures mean.
import os from 'node:os';
import type { Database } from '../../src/server/db/client';
import { catalogEndpoints, coldImages, seedCatalog, type ColdImages } from './catalog';
import { businessEndpoints, seedBusiness } from './business';
import { adminList, shopEndpoints } from './endpoints';
import { measure, type Measured } from './load';
import { oneShot, type OneShot } from './one-shot';
import { describeSpan, OUT_FILE, PLAN } from './options';
import { startBaseline, startBenchShop } from './processes';
import { section, writeSection, type DatabaseRun } from './report';
import { reportShots } from './reports';
import { analyze, countOpenOrders, seedBase, seedOrders } from './seed';
import { pgliteTarget, postgresTarget, type Target } from './target';

const fmt = (n: number) => n.toLocaleString('en-US');
const API = '/api/v1';

async function timed<T>(label: string, log: string[], fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  log.push(`${label} in ${s} s`);
  console.log(`  ${label} (${s} s)`);
  return out;
}

/** Opens the database for seeding: PGlite only while the shop is stopped, PostgreSQL alongside it. */
async function withDatabase<T>(target: Target, fn: (db: Database) => Promise<T>): Promise<T> {
  const database = await target.open();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function baseline(kind: 'hello' | 'row', env: Record<string, string>, productId: number): Promise<Measured> {
  const b = await startBaseline(kind, env);
  try {
    const path = kind === 'hello' ? '/' : `/row/${productId}`;
    const label =
      kind === 'hello'
        ? `Baseline: bare Fastify hello-world (GET ${path})`
        : `Baseline: bare Fastify, one row by primary key (GET ${path})`;
    return await measure(b.url, {
      name: kind,
      label,
      data: kind === 'hello' ? '—' : 'one product',
      method: 'GET',
      path,
      baseline: null,
    });
  } finally {
    await b.stop();
  }
}

async function runOn(target: Target): Promise<DatabaseRun> {
  const seeding: string[] = [];
  const loadBefore = os.loadavg();
  console.log(`\n== ${target.kind} ==`);
  let startup: DatabaseRun['startup'] = null;

  // First start: the shop migrates and seeds its catalogue, as on a fresh install.
  const first = await startBenchShop(target.serverEnv);
  const firstMs = first.ms;
  let shop = first.shop;
  // Whatever fails, the shop process must not outlive the run.
  try {
    console.log(`  first start (migrate + seed) ${(firstMs / 1000).toFixed(2)} s`);
    if (target.exclusive) await shop.stop();

    const seeded = await timed(
      `seeded customers, sessions, carts, ${fmt(PLAN.ordersSmall)} orders, ${fmt(PLAN.messages)} messages`,
      seeding,
      () => withDatabase(target, (db) => seedBase(db, PLAN)),
    );
    const business = await timed('seeded 30-line carts and roster customers', seeding, () =>
      withDatabase(target, seedBusiness),
    );
    const rowEnv = target.baselineEnv();

    if (target.exclusive) {
      // Warm starts on the seeded directory: the start-up figure, and the last one stays up for the load.
      const warm: number[] = [];
      const warmCpu: number[] = [];
      for (let i = 0; i < (PLAN.mode === 'smoke' ? 1 : 3); i++) {
        if (i > 0) await shop.stop();
        const started = await startBenchShop(target.serverEnv);
        shop = started.shop;
        warm.push(started.ms);
        if (started.cpuMs !== null) warmCpu.push(started.cpuMs);
      }
      startup = { firstMs, warmMs: warm, warmCpuMs: warmCpu };
      console.log(`  warm starts ${warm.map((m) => (m / 1000).toFixed(2)).join(', ')} s`);
    }

    const results: Measured[] = [];
    const oneShots: OneShot[] = [];
    const e = shopEndpoints(seeded);
    const productId = seeded.products[0]!.id;
    results.push(await baseline('hello', {}, productId));
    results.push(await measure(shop.url, e.health!));
    results.push(await baseline('row', rowEnv, productId));
    for (const k of ['products', 'cart', 'quote', 'add'] as const) results.push(await measure(shop.url, e[k]!));
    results.push(await measure(shop.url, adminList('admin-small', PLAN.ordersSmall, seeded)));
    results.push(await measure(shop.url, e.conversations!));
    results.push(await measure(shop.url, e.order!));
    for (const endpoint of businessEndpoints(business)) results.push(await measure(shop.url, endpoint));

    // The catalogue at scale: 200 more garments with photos; the images are read cold right after the start.
    if (target.exclusive) await shop.stop();
    const catalog = await timed('added 200 garments with photos and a limited department', seeding, () =>
      withDatabase(target, seedCatalog),
    );
    if (target.exclusive) shop = (await startBenchShop(target.serverEnv)).shop;
    const cold: ColdImages = await coldImages(shop.url, catalog.imageUrls);
    for (const endpoint of catalogEndpoints(catalog)) results.push(await measure(shop.url, endpoint));

    // The production sheet over the open orders of a busy week (the checkouts just measured add to them).
    if (target.exclusive) await shop.stop();
    const open = await timed(`topped the history up to ${fmt(PLAN.ordersOpen)} orders`, seeding, () =>
      withDatabase(target, async (db) => {
        await seedOrders(db, PLAN.ordersOpen);
        await analyze(db);
        return countOpenOrders(db);
      }),
    );
    if (target.exclusive) shop = (await startBenchShop(target.serverEnv)).shop;
    oneShots.push(
      await oneShot(shop.url, shop.proc.pid, seeded.staffCookie, {
        name: 'production',
        label: 'GET /api/v1/orders/admin/production (pending and in production)',
        data: `${fmt(open)} open orders`,
        path: `${API}/orders/admin/production`,
        boundS: 1,
      }),
    );

    if (target.exclusive) await shop.stop();
    await timed(`topped the history up to ${fmt(PLAN.ordersLarge)} orders and ran vacuum analyze`, seeding, () =>
      withDatabase(target, async (db) => {
        await seedOrders(db, PLAN.ordersLarge);
        await analyze(db);
      }),
    );
    if (target.exclusive) shop = (await startBenchShop(target.serverEnv)).shop;
    results.push(await measure(shop.url, adminList('admin-large', PLAN.ordersLarge, seeded)));
    oneShots.push(
      await oneShot(shop.url, shop.proc.pid, seeded.staffCookie, {
        name: 'export',
        label: 'GET /api/v1/orders/admin/export.csv (every order, one row per line)',
        data: `${fmt(PLAN.ordersLarge)} orders`,
        path: `${API}/orders/admin/export.csv`,
        boundS: 10,
        runs: 1,
      }),
    );
    oneShots.push(...(await reportShots({ url: shop.url, pid: shop.proc.pid }, seeded.staffCookie)));
    return {
      kind: target.kind,
      version: await target.version(),
      results,
      oneShots,
      coldImages: cold,
      startup,
      seeding,
      loadBefore,
      loadAfter: os.loadavg(),
    };
  } finally {
    await shop.stop();
  }
}

async function main() {
  const startedAt = new Date();
  const only = process.env.BENCH_ONLY;
  const kinds = (['pglite', 'postgres'] as const).filter(
    (k) => (!only || only === k) && (k === 'pglite' || process.env.DATABASE_URL),
  );
  if (kinds.length === 0) throw new Error('nothing to measure: BENCH_ONLY=postgres needs DATABASE_URL');
  console.log(
    `bench (${PLAN.mode}): ${kinds.join(' and ')}, ${PLAN.connections} connections, ${describeSpan(PLAN.warmup)} warm-up, ${describeSpan(PLAN.measure)} per endpoint`,
  );
  const broken: string[] = [];
  for (const kind of kinds) {
    const target = kind === 'pglite' ? pgliteTarget() : await postgresTarget(process.env.DATABASE_URL!);
    let run: DatabaseRun;
    try {
      run = await runOn(target);
    } finally {
      await target.dispose();
    }
    for (const r of run.results) {
      if (r.probe || r.non2xx) broken.push(`${kind} ${r.endpoint.method} ${r.endpoint.path}: ${r.probe ?? r.statuses}`);
      // A row that finished no answer under load proves nothing beyond its probe (a hang would look the same).
      else if (r.requests === 0) broken.push(`${kind} ${r.endpoint.method} ${r.endpoint.path}: no answer under load`);
    }
    for (const o of run.oneShots) if (o.status !== 200) broken.push(`${kind} ${o.label}: status ${o.status}`);
    if (run.coldImages && run.coldImages.status !== 200)
      broken.push(`${kind} ${run.coldImages.label}: status ${run.coldImages.status}`);
    const text = section(run, startedAt);
    console.log(`\n${text}\n`);
    writeSection(kind, text);
  }
  // The smoke run guards the script, not the speed: a broken setup (a probe or any answer not 2xx) fails it.
  if (PLAN.mode === 'smoke' && broken.length) {
    console.error(`smoke run failed: ${broken.join('; ')}`);
    process.exitCode = 1;
  }
  console.log(`written to ${OUT_FILE} in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
