import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite's data folder may be open in one process only: two shops on one folder both answered, numbered orders
 * alike, and on stopping kept only some of them. So every process that opens it (the server, backup, restore) first
 * takes `shop.lock` in DATA_DIR, created exclusively with its pid, before anything touches the folder. A lock whose
 * process is gone (a SIGKILL, a power cut) is taken over; one whose process lives is refused, naming it.
 */
export class DataDirInUseError extends Error {}

// The folders this process holds: a second open in the same process is refused too, and a lock file naming this
// process that is not among them is a stale one from an earlier process with the same pid (a container restarted).
const heldHere = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(fs.realpathSync(dataDir), 'shop.lock');
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = holderOf(file);
      const mine = holder === process.pid;
      if ((mine && heldHere.has(file)) || (holder !== null && !mine && alive(holder)))
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by process ${holder} (a running shop, a backup or a restore): stop it first, or use another DATA_DIR.`,
        );
      // Its process is gone: the lock is stale. Another process may take it over at the same moment; the
      // exclusive create above lets only one of them through.
      if (attempt > 0) throw err;
      fs.rmSync(file, { force: true });
    }
  }
  heldHere.add(file);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(file);
    if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.once('exit', release);
  return () => {
    process.removeListener('exit', release);
    release();
  };
}

/** The pid of the live process (not this one) holding `dataDir`, or null when nobody does. */
export function dataDirHolder(dataDir: string): number | null {
  let file: string;
  try {
    file = path.join(fs.realpathSync(dataDir), 'shop.lock');
  } catch {
    return null;
  }
  const holder = holderOf(file);
  return holder !== null && holder !== process.pid && alive(holder) ? holder : null;
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
