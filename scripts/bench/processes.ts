// The processes a run starts: the built shop (e2e/support/server.ts) and the baselines.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, startShop, type RunningServer } from '../../e2e/support/server';
import { startSmtpCatcher } from '../../e2e/support/smtp';

/** The web build the shop serves: dist/web when it exists, else a build of our own that leaves dist/web alone. */
export function webDist(): string {
  if (fs.existsSync('dist/web/index.html')) return 'dist/web';
  // Absolute: vite's root is src/web, so a relative outDir would land under it.
  const out = path.resolve('.tmp/web-bench');
  if (!fs.existsSync(`${out}/index.html`)) {
    console.log('building the web app into .tmp/web-bench ...');
    execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir'], { stdio: 'inherit' });
  }
  return out;
}

/** The server bundle `npm start` runs (dist/server/main.js); a fresh clone gets it from the same build script. */
function serverBundle() {
  if (fs.existsSync('dist/server/main.js')) return;
  console.log('bundling the server into dist/server ...');
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}

/**
 * The shop as deployed: the built bundle in production mode over plain http on loopback, request logging off
 * (LOG_LEVEL=warn), its mail to a local SMTP catcher (production needs SMTP_URL), closed with the shop.
 */
export async function startBenchShop(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ shop: RunningServer; ms: number; cpuMs: number | null }> {
  serverBundle();
  const web = webDist();
  const mailDir = path.resolve(`.tmp/bench-mail-${process.pid}`);
  const mail = await startSmtpCatcher(mailDir);
  const t0 = performance.now();
  const shop = await startShop(
    {
      NODE_ENV: 'production',
      ALLOW_INSECURE_PRODUCTION: 'true',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LOG_LEVEL: 'warn',
      WEB_DIST: web,
      ...env,
    },
    { built: true, nodeArgs },
  ).catch(async (err: unknown) => {
    await mail.close();
    throw err;
  });
  const ms = performance.now() - t0;
  const stop = shop.stop;
  shop.stop = async (signal) => {
    try {
      return await stop(signal);
    } finally {
      await mail.close();
      fs.rmSync(mailDir, { recursive: true, force: true });
    }
  };
  return { shop, ms, cpuMs: cpuMsOf(shop.proc.pid) };
}

/**
 * CPU time (user + system) a process has used so far, from /proc (Linux only). On a busy machine the wall-clock
 * start-up mostly measures waiting for a core; the CPU time says what the start-up itself costs.
 */
export function cpuMsOf(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), counted from the state field (3) here; ticks are 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export type Baseline = { url: string; stop(): Promise<void> };

export async function startBaseline(kind: 'hello' | 'row', env: Record<string, string>): Promise<Baseline> {
  const port = await freePort();
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/baseline-server.ts', kind], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`baseline ${kind} did not start:\n${out}`)), 60_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr!.on('data', (d) => (out += d));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`baseline ${kind} exited with ${code}:\n${out}`));
    });
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      await exited;
    },
  };
}
