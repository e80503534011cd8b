// npm run bench:cpu: the CPU time one answer costs the shop and PostgreSQL under the bench's load, on a scratch
// PostgreSQL database (DATABASE_URL, else the local server). Requests per second move with whatever else the host runs
// (the same build gave checkout 289 and 385 orders/s in two quiet runs); CPU-ms per answer moves far less, so two
// builds compared this way, run after run alternated, show what a change bought. CPU=order,cart picks the endpoints;
// ROUNDS=3 measures each that many times with a fresh shop.
import fs from 'node:fs';
import { shopEndpoints } from './endpoints';
import { run, type Endpoint } from './load';
import { PLAN } from './options';
import { cpuMsOf, startBenchShop } from './processes';
import { seedBase } from './seed';
import { postgresTarget } from './target';

/** CPU-ms of every process named postgres (the server the bench uses; the machine should run nothing else on it). */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMsOf(Number(pid)) ?? 0;
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  return total;
}

async function perAnswer(env: Record<string, string>, endpoint: Endpoint) {
  const { shop } = await startBenchShop(env);
  try {
    const counter = { n: 0 };
    await run(shop.url, endpoint, counter, PLAN.warmup);
    const before = { shop: cpuMsOf(shop.proc.pid) ?? 0, pg: postgresCpuMs() };
    const r = await run(shop.url, endpoint, counter, PLAN.measure);
    const n = r.requests.total;
    const shopMs = ((cpuMsOf(shop.proc.pid) ?? 0) - before.shop) / n;
    const pgMs = (postgresCpuMs() - before.pg) / n;
    const rps = n / r.duration;
    console.log(
      `${endpoint.name}: ${rps.toFixed(0)} answers/s (${n}, non-2xx ${r.non2xx}, errors ${r.errors}); CPU per answer: shop ${shopMs.toFixed(2)} ms, PostgreSQL ${pgMs.toFixed(2)} ms, both ${(shopMs + pgMs).toFixed(2)} ms`,
    );
  } finally {
    await shop.stop();
  }
}

async function main() {
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const target = await postgresTarget(serverUrl, `cpu_${process.pid}`);
  try {
    const { shop } = await startBenchShop(target.serverEnv);
    const database = await target.open();
    const seeded = await seedBase(database, PLAN).finally(() => database.close());
    await shop.stop();
    const all: Record<string, Endpoint> = shopEndpoints(seeded);
    const rounds = Number(process.env.ROUNDS ?? 1);
    for (const name of process.env.CPU?.split(',') ?? ['order']) {
      const endpoint = all[name];
      if (!endpoint) throw new Error(`unknown endpoint ${name}; known: ${Object.keys(all).join(', ')}`);
      for (let i = 0; i < rounds; i++) await perAnswer(target.serverEnv, endpoint);
    }
  } finally {
    await target.dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
