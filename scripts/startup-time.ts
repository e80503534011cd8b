// Measures start-up of the built server (npm run build first) to its first healthy answer on PGlite:
// a first (migrating, seeding) start, then warm starts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startShop } from '../e2e/support/server';

const runs = Number(process.argv[2] ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-startup-'));
const times: number[] = [];
for (let i = 0; i <= runs; i++) {
  const t0 = performance.now();
  const shop = await startShop({ DATA_DIR: dataDir, WEB_DIST: process.env.WEB_DIST ?? 'dist/web' }, { built: true });
  const ms = performance.now() - t0;
  await shop.stop();
  console.log(`${i === 0 ? 'first start (migrate + seed)' : `warm start ${i}`}: ${Math.round(ms)} ms`);
  if (i > 0) times.push(ms);
}
times.sort((a, b) => a - b);
console.log(`median warm start to first healthy answer: ${Math.round(times[Math.floor(times.length / 2)]!)} ms`);
fs.rmSync(dataDir, { recursive: true, force: true });
