// Debian's Chromium with a DevTools port for Lighthouse. The flags keep it off the network: without the
// background-networking ones it dials Google's services, and the closed network refuses those connections.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium-flags';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

const FLAGS = [...CHROMIUM_ARGS, '--no-default-browser-check'];

export type Chromium = { port: number; version: string; stop(): Promise<void> };

export async function launchChromium(): Promise<Chromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chromium-'));
  // Port 0: Chromium picks a free port and prints the address it listens on.
  const proc = spawn(
    CHROME_PATH,
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port within 30 s:\n${err}`)), 30_000);
    proc.stderr!.on('data', (d: Buffer) => {
      err += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with ${code}:\n${err}`));
    });
  });
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    port,
    version: info.Browser,
    stop: async () => {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await exited;
      }
      // Chromium's helper processes may still be writing the profile for a moment after the browser exits.
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
