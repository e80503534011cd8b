// Debian's Chromium with a DevTools port for Lighthouse. The flags keep it off the network: without the
// background-networking ones it dials Google's services, and the closed network refuses those connections.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveChromium } from '../../e2e/support/chromium';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium-flags';

const FLAGS = [...CHROMIUM_ARGS, '--no-default-browser-check'];

export type Chromium = { port: number; version: string; stop(): Promise<void> };

/** Signals Chromium's process group; a group already gone (ESRCH) is what we wanted. */
function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

// A directory still being written to (ENOTEMPTY: a file appeared while rmdir ran) or held (EBUSY): the retries
// outwait a slow helper. If one still holds it, the measurements are done and the report written: a temporary
// profile left behind is worth a warning, not a failed run. Any other error (EACCES, EIO, ...) is a real failure.
const LEFTOVER_CODES = new Set(['ENOTEMPTY', 'EBUSY']);

function removeProfile(profile: string) {
  try {
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (!LEFTOVER_CODES.has(code)) throw err;
    console.warn(`lighthouse: left the temporary Chromium profile ${profile} (${code} after retries)`);
  }
}

export async function launchChromium(): Promise<Chromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chromium-'));
  // Port 0: Chromium picks a free port and prints the address it listens on.
  // CHROME_PATH, else the browser the tests use (CHROMIUM_PATH, Debian's, or the npm-shipped one).
  const binary = process.env.CHROME_PATH
    ? { executablePath: process.env.CHROME_PATH, env: {} }
    : await resolveChromium();
  const proc = spawn(
    binary.executablePath,
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    // Its own process group, so stop() ends the helpers (zygote, crashpad) with it: left running, they kept writing
    // into the profile while it was removed.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, ...binary.env } },
  );
  // Detached, the group no longer goes down with ours on Ctrl-C: take it along on any way out.
  const killGroup = () => signalGroup(proc.pid!, 'SIGKILL');
  process.once('exit', killGroup);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      killGroup();
      process.exit(130);
    });
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
      if (proc.exitCode === null && proc.signalCode === null) {
        signalGroup(proc.pid!, 'SIGTERM');
        await exited;
      }
      // Helpers that outlived the browser (they can ignore SIGTERM while shutting down) go too.
      signalGroup(proc.pid!, 'SIGKILL');
      removeProfile(profile);
    },
  };
}
