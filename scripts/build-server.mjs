// Bundles the server's own code into dist/server/main.js so `npm start` runs plain Node: no TypeScript
// transform at start-up. Dependencies stay external (loaded from node_modules as usual).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The migrator reads SQL files next to the code (db/client.ts resolves ./migrations from import.meta.url).
fs.rmSync('dist/server/migrations', { recursive: true, force: true });
fs.cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
// What is running, for /health and /metrics (src/server/health/build-info.ts): without git (an unpacked tarball),
// the commit is unknown rather than the build failing.
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
})();
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
fs.writeFileSync('dist/server/build-info.json', `${JSON.stringify({ version, commit })}\n`);
console.log(`server bundle: dist/server/main.js (${Math.round(performance.now() - started)} ms)`);
