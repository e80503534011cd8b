import fs from 'node:fs';
import path from 'node:path';

/**
 * The index of the shop this test process uses, claimed for as long as the process lives: a directory per shop made
 * with mkdir (atomic, so two processes never both win), holding the owner's pid. VITEST_POOL_ID alone was not enough:
 * in one full run the two every-screen files, running at the same moment, both landed on one shop. The pool id is
 * only the first choice; a claim whose process is gone is taken over.
 */
export function claimShop(claims: string, count: number, preferred: number): number {
  fs.mkdirSync(claims, { recursive: true });
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
  // More test processes than shops (E2E_WORKERS changed mid-run): share, as before claims existed.
  return preferred % count;
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
