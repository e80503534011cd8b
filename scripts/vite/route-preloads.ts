// Writes route-preloads.json into the web build: for each listed route, the chunks its lazy screens need beyond
// what index.html already loads, and the public data it reads first. The server puts them into that route's
// HTML as <link rel="modulepreload"> and <link rel="preload" as="fetch">, so a phone opening /store downloads the
// store's code and catalogue beside the entry chunk instead of after it has run (one round trip and the entry's
// start-up off the critical path; see docs/performance.md, Lighthouse).
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export type RoutePreload = { modules: string[]; fetch?: string[] };
export type RoutePreloads = Record<string, { modulepreload: string[]; fetch: string[] }>;

const isChunk = (o: OutputBundle[string]): o is OutputChunk => o.type === 'chunk';

/** `routes` maps a path to the source modules (relative to the Vite root) its screens are built from. */
export function routePreloads(routes: Record<string, RoutePreload>): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(isChunk);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (c: OutputChunk, seen: Set<string>) => {
        if (seen.has(c.fileName)) return seen;
        seen.add(c.fileName);
        for (const dep of c.imports) {
          const d = byFile.get(dep);
          if (d) closure(d, seen);
        }
        return seen;
      };
      const initial = new Set<string>();
      for (const c of chunks) if (c.isEntry) closure(c, initial);
      const out: RoutePreloads = {};
      for (const [route, want] of Object.entries(routes)) {
        const files = new Set<string>();
        for (const mod of want.modules) {
          const id = path.resolve(root, mod);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) this.error(`route-preloads: no chunk is built from ${mod} (route ${route})`);
          closure(chunk, files);
        }
        out[route] = {
          modulepreload: [...files].filter((f) => !initial.has(f)).map((f) => `${base}${f}`),
          fetch: want.fetch ?? [],
        };
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(out, null, 2)}\n` });
    },
  };
}
