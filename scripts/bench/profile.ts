// npm run bench:profile: CPU profiles of the built shop under the bench's load, one endpoint at a time, on a scratch
// PostgreSQL database (DATABASE_URL, else the local server). The shop runs with `node --cpu-prof`; after each endpoint
// it is stopped, its profile is written to .tmp/profiles/<endpoint>.cpuprofile (open it in Chrome DevTools), and the
// top costs are printed. PROFILE=cart,order limits the endpoints.
import fs from 'node:fs';
import path from 'node:path';
import { adminList, shopEndpoints } from './endpoints';
import { measure, type Endpoint } from './load';
import { PLAN } from './options';
import { startBenchShop } from './processes';
import { summarise } from './profile-summary';
import { seedBase } from './seed';
import { postgresTarget } from './target';

const OUT = path.resolve('.tmp/profiles');

async function profiled(env: Record<string, string>, name: string, endpoint: Endpoint) {
  const dir = path.join(OUT, `${name}.d`);
  fs.rmSync(dir, { recursive: true, force: true });
  const { shop } = await startBenchShop(env, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let line: string;
  try {
    const m = await measure(shop.url, endpoint);
    line = `${name}: ${m.rps.toFixed(0)} requests/s, p50 ${m.p50} ms, p99 ${m.p99} ms, errors ${m.errors}, non-2xx ${m.non2xx}`;
  } finally {
    await shop.stop();
  }
  const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written for ${name}`);
  const target = path.join(OUT, `${name}.cpuprofile`);
  fs.renameSync(path.join(dir, file), target);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`\n== ${line}\n${summarise(JSON.parse(fs.readFileSync(target, 'utf8')))}`);
}

async function main() {
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const target = await postgresTarget(serverUrl, `profile_${process.pid}`);
  fs.mkdirSync(OUT, { recursive: true });
  try {
    // The first start migrates and seeds the catalogue; the seed then adds customers, carts and orders beside it.
    const { shop } = await startBenchShop(target.serverEnv);
    const database = await target.open();
    const seeded = await seedBase(database, PLAN).finally(() => database.close());
    await shop.stop();
    const all: Record<string, Endpoint> = {
      ...shopEndpoints(seeded),
      list: adminList('list', PLAN.ordersSmall, seeded),
    };
    const wanted = process.env.PROFILE?.split(',') ?? ['health', 'cart', 'quote', 'add', 'list', 'order'];
    for (const name of wanted) {
      const endpoint = all[name];
      if (!endpoint) throw new Error(`unknown endpoint ${name}; known: ${Object.keys(all).join(', ')}`);
      await profiled(target.serverEnv, name, endpoint);
    }
  } finally {
    await target.dispose();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
