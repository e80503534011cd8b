/**
 * Benchmark of the store's first requests (not part of the tests): GET /api/v1/products/ and GET /api/v1/cart/
 * on an in-memory PGlite with the seeded catalogue and a cart of three lines; then GET /products/ after 200 more
 * garments exist, and the product image route from the media table, cold (each file's first read) and warm.
 *   npx tsx scripts/bench-catalog.ts            (BENCH_RUNS=300 by default)
 * Prints the median and p95 latency of app.inject calls after a warm-up.
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { createSession } from '../src/server/sessions/sessions';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { productImageUrl } from '../src/shared/cart-basics';
import { invalidateCatalog } from '../src/server/catalog/service';
import { products, users } from '../src/server/db/schema';
import { seed } from '../src/server/seed';
import { addBenchGarments } from './bench/catalog';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95) };
};

async function main() {
  const database = await openDatabase({});
  await database.migrate();
  await seed(database.db, { adminEmails: [] });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    WEB_DIST: '.tmp/no-web-build',
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();

  const [user] = await database.db
    .insert(users)
    .values({ email: 'bench@example.test', profileCompleted: true, needsProfileCompletion: false })
    .returning();
  const tokens = await createSession(database.db, user!.id, {});
  const headers = { cookie: `session=${tokens.access}; refresh=${tokens.refresh}`, 'content-type': 'application/json' };
  const [polo] = await database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, 'duty-polo-navy'));
  for (const size of ['S', 'M', 'L'])
    await app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers,
      payload: {
        product_id: polo!.id,
        size,
        quantity: 2,
        customizations: { add_name: { enabled: true, position: 'left_side', text: 'Garcia' } },
      },
    });

  const measure = async (label: string, url: string, h: Record<string, string> = {}) => {
    for (let i = 0; i < 30; i++) await app.inject({ method: 'GET', url, headers: h });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url, headers: h });
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    }
    const { median, p95 } = stats(times);
    console.log(`${label.padEnd(22)} median ${median.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms  (${RUNS} runs)`);
  };

  await measure('GET /products/', '/api/v1/products/');
  await measure('GET /products/?category', '/api/v1/products/?category=polos');
  await measure('GET /cart/ (3 lines)', '/api/v1/cart/', headers);
  // Calibration: the same app's cheapest public read and the session lookup alone.
  await measure('GET /health', '/api/v1/health');
  await measure('GET /settings/', '/api/v1/settings/');
  await measure('GET /auth/check', '/api/v1/auth/check', headers);

  // 200 more garments, one colour each, every one with its own photo.
  const { bases } = await addBenchGarments(database.db);
  invalidateCatalog(database.db);
  await measure('GET /products/ (+200)', '/api/v1/products/');

  const urls = bases.map((b) => productImageUrl(b, 250));
  const cold: number[] = [];
  for (const url of urls) {
    const t = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url });
    cold.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  }
  const c = stats(cold);
  console.log(
    `${'image 250 px, cold'.padEnd(22)} median ${c.median.toFixed(2)} ms  p95 ${c.p95.toFixed(2)} ms  (${cold.length} files, first read each)`,
  );
  await measure('image 250 px, warm', urls[0]!);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
