// The server's memory as the kernel counts it. Heap figures would need --expose-gc or an endpoint in the
// server, neither of which production should have, so the load test judges resident memory (RSS) only.
import fs from 'node:fs';

export type Memory = { rssMb: number; peakMb: number };

/** VmRSS (resident now) and VmHWM (the peak so far) of a process, from /proc/<pid>/status (Linux). */
export function memoryOf(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!m) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(m[1]);
  };
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * Whether a once-a-second RSS series has stopped climbing: nothing in the last `windowS` samples above the earlier
 * peak by more than `tolerance`. A fresh Node process grows its heap for the first tens of seconds of load, until its
 * first full collections size it; only after that is "memory after warm-up" a level a leak could be measured against.
 */
export function levelledOff(series: number[], windowS = 15, tolerance = 0.02): boolean {
  if (series.length <= windowS) return false;
  const before = Math.max(...series.slice(0, -windowS));
  return Math.max(...series.slice(-windowS)) <= before * (1 + tolerance);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * RSS at rest: read once a second with no load, from `minS` on, until three readings in a row lie within 1 %, at most
 * `maxS`. Under load V8 keeps whatever heap headroom its last collection chose, so a reading taken mid-load (or 3 s
 * after) swings by tens of MB between two runs of the same code; once allocation stops, V8's memory reducer (it acts
 * after about 8 s without allocation) shrinks the heap to what is live, and two resting readings compare retained
 * memory, which is what a leak grows.
 */
export async function restingMemory(pid: number, minS = 10, maxS = 30): Promise<Memory & { waitedS: number }> {
  const readings: number[] = [];
  for (let s = 1; s <= maxS; s++) {
    await sleep(1000);
    readings.push(memoryOf(pid).rssMb);
    const last = readings.slice(-3);
    if (s >= minS && last.length === 3 && Math.max(...last) <= Math.min(...last) * 1.01)
      return { ...memoryOf(pid), waitedS: s };
  }
  return { ...memoryOf(pid), waitedS: maxS };
}
