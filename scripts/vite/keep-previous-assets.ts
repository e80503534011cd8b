// A deploy that builds in place must not delete what running instances still serve: each instance read its
// index.html at start, and the tabs open on it load their lazy screens' chunks later. So the build no longer empties
// dist/web: after writing, it removes only the hashed files that neither this build nor the one before it wrote
// (the previous build's are listed in the manifest it left). Two builds back is gone; a tab that old reloads once on
// its failed chunk (src/web/app/chunk-reload.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type ManifestEntry = { file: string; css?: string[]; assets?: string[] };

/** Every file a build's manifest names (relative to the output folder). */
export function manifestFiles(manifestPath: string): Set<string> {
  if (!fs.existsSync(manifestPath)) return new Set();
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
  return new Set(Object.values(manifest).flatMap((e) => [e.file, ...(e.css ?? []), ...(e.assets ?? [])]));
}

/** Removes from `outDir/assets` what `keep` does not name (a kept file keeps its .br and .gz); returns the count. */
export function pruneAssets(outDir: string, keep: Set<string>): number {
  const dir = path.join(outDir, 'assets');
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    if (keep.has(`assets/${name.replace(/\.(br|gz)$/, '')}`)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed += 1;
  }
  return removed;
}

export function keepPreviousAssets(): Plugin {
  let outDir = '';
  let previous = new Set<string>();
  return {
    name: 'keep-previous-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      previous = manifestFiles(path.join(outDir, '.vite', 'manifest.json'));
    },
    writeBundle(_options, bundle) {
      pruneAssets(outDir, new Set([...previous, ...Object.keys(bundle)]));
    },
  };
}
