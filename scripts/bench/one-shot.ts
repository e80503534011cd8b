// Requests that are not served by the thousand but must finish within a bound: the production sheet and the CSV
// export. Each is fetched a few times in a row; the server's resident memory is sampled while the answer streams.
import fs from 'node:fs';

export type OneShot = {
  name: string;
  label: string;
  data: string;
  /** Seconds the target allows for the whole answer. */
  boundS: number;
  ms: number[];
  bytes: number;
  status: number;
  rssBeforeMb: number | null;
  rssPeakMb: number | null;
};

function rssMb(pid: number | undefined): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Reads the whole body as it streams (never keeping it), timing to the last byte. */
async function fetchOnce(url: string, cookie: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  let bytes = 0;
  const reader = res.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    bytes += chunk.value.byteLength;
  }
  return { ms: performance.now() - t0, bytes, status: res.status };
}

export async function oneShot(
  base: string,
  pid: number | undefined,
  cookie: string,
  spec: { name: string; label: string; data: string; path: string; boundS: number; runs?: number },
): Promise<OneShot> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    const now = rssMb(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, 25);
  const ms: number[] = [];
  let last = { bytes: 0, status: 0 };
  try {
    for (let i = 0; i < (spec.runs ?? 3); i++) {
      const r = await fetchOnce(`${base}${spec.path}`, cookie);
      ms.push(r.ms);
      last = r;
    }
  } finally {
    clearInterval(sampler);
  }
  console.log(
    `  ${spec.label}: ${ms.map((m) => (m / 1000).toFixed(2)).join(', ')} s, ${(last.bytes / 1e6).toFixed(1)} MB, status ${last.status}`,
  );
  return { ...spec, ms, bytes: last.bytes, status: last.status, rssBeforeMb: before, rssPeakMb: peak };
}
