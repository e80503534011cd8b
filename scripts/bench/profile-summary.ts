// Reads a V8 .cpuprofile and names where the time went: by owner (a package, the shop's own bundle, Node itself, the
// garbage collector), the functions with the most self time, and the shop's functions with the most total time.
type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const cwd = `file://${process.cwd()}/`;

function owner(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : 'node (native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.includes('dist/server/')) return 'shop (dist/server/main.js)';
  if (url.startsWith('node:')) return 'node';
  return url.replace(cwd, '');
}

function keyOf(f: CallFrame): string {
  const file = f.url.replace(cwd, '').replace(/^.*node_modules\//, '');
  return `${f.functionName || '(anonymous)'} ${file ? `${file}:${f.lineNumber + 1}` : ''}`.trim();
}

const top = (m: Map<string, number>, n: number, total: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');

export function summarise(profile: CpuProfile, n = 15): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);

  const selfByKey = new Map<string, number>();
  const byOwner = new Map<string, number>();
  const shopTotal = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    // A sample's time is the gap to the next sample.
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (us <= 0) return;
    const node = byId.get(id)!;
    total += us;
    const k = keyOf(node.callFrame);
    selfByKey.set(k, (selfByKey.get(k) ?? 0) + us);
    const o = owner(node.callFrame.url, node.callFrame.functionName);
    byOwner.set(o, (byOwner.get(o) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      if (!f.url.includes('dist/server/')) continue;
      const sk = keyOf(f);
      if (seen.has(sk)) continue;
      seen.add(sk);
      shopTotal.set(sk, (shopTotal.get(sk) ?? 0) + us);
    }
  });
  return [
    `sampled ${(total / 1e6).toFixed(1)} s`,
    'by owner (self time):',
    top(byOwner, 12, total),
    'functions, self time:',
    top(selfByKey, n, total),
    "the shop's functions, total time (with what they call):",
    top(shopTotal, n, total),
  ].join('\n');
}
