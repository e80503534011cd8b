import fs from 'node:fs';
import path from 'node:path';

/**
 * The index of the shop this test process uses, claimed for as long as the process lives: a directory per shop made
 * with mkdir (atomic, so two processes never both win), holding the owner's pid. VITEST_POOL_ID alone was not enough:
 * in one full run the two every-screen files, running at the same moment, both landed on one shop. The pool id is
 * only the first choice; a claim whose process is gone is taken over.
 *
 * When every shop is claimed, the process waits for one: a file's process may still be exiting when the next file's
 * starts. Sharing then instead (as this did before) let two files use one shop when both workers changed files at
 * the same moment, and one file's admin profile changed the other's admin mid-test (a conversations test waited
 * for "Assigned to Casey Chief" while another file had renamed the admin). Only after a minute (more test processes
 * than shops: E2E_WORKERS changed mid-run) is a shop shared.
 */
export function claimShop(claims: string, count: number, preferred: number, waitMs = 60_000): number {
  fs.mkdirSync(claims, { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const won = tryClaim(claims, count, preferred);
    if (won !== undefined) return won;
    if (Date.now() > deadline) return preferred % count;
    // Synchronous on purpose: the shop's address is read synchronously (browser.ts baseUrl()).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}

function tryClaim(claims: string, count: number, preferred: number): number | undefined {
  for (let round = 0; round < 2; round += 1) {
    for (let k = 0; k < count; k += 1) {
      const i = (preferred + k) % count;
      const dir = path.join(claims, String(i));
      if (round === 1 && !ownerAlive(dir)) fs.rmSync(dir, { recursive: true, force: true });
      try {
        fs.mkdirSync(dir);
      } catch {
        continue;
      }
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
      process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
      return i;
    }
  }
  return undefined;
}

function ownerAlive(dir: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'));
  } catch {
    // Made a moment ago and its pid not written yet: its owner is alive.
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
