import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs the built server (what `npm start` runs) to completion and returns its exit code and output. */
export function runMain(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; out: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const proc = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, ms: Date.now() - started });
    });
  });
}

export const tmpDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'shop-main-'));
