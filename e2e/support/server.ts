import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export type RunningServer = {
  url: string;
  port: number;
  proc: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts the shop as its own process and waits for health: the built bundle (dist/server/main.js, what
 * `npm start` runs) with built: true, else the TypeScript source through tsx.
 */
export async function startShop(
  env: Record<string, string>,
  opts: { timeoutMs?: number; built?: boolean; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = Number(env.PORT ?? (await freePort()));
  let out = '';
  const args = [
    ...(opts.nodeArgs ?? []),
    ...(opts.built ? ['--enable-source-maps', 'dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts']),
  ];
  if (opts.built && !fs.existsSync('dist/server/main.js'))
    throw new Error('dist/server/main.js is missing: run `npm run build` first');
  const proc = spawn(process.execPath, args, {
    // APP_URL must be the origin the browser uses, or the server's origin check refuses every browser POST.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`shop exited with ${proc.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`shop did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return {
    url,
    port,
    proc,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill(signal);
      return exited;
    },
  };
}
