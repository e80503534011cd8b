import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import tar from 'tar-stream';

/**
 * PostgreSQL's empty cluster as PGlite's initdb leaves it, made once by `npm run build` (scripts/pglite-cluster.ts)
 * and unpacked into each new data folder. PGlite's own initdb builds the cluster in a second WebAssembly instance
 * beside the first: a new folder took 5.0 s and 764 MB of memory that way, 1.1 s and 193 MB from this file, so a shop
 * whose memory stays near 300 MB no longer needs a machine of 1 GB for its first start or a restore into a new folder.
 */
export const CLUSTER_FILE = 'pglite-cluster.tar.gz';
/** Beside the file: the PGlite it was made with. A cluster is only read by the PGlite version that wrote it. */
export const CLUSTER_STAMP = 'pglite-cluster.json';

/** The installed PGlite's version (its package.json, which the package does not export). */
export function pgliteVersion(): string {
  // createRequire, not import.meta.resolve: vitest's runner for global set-ups has no import.meta.resolve.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    if (path.dirname(dir) === dir) throw new Error('PGlite has no package.json above its entry point');
    dir = path.dirname(dir);
  }
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

// The server runs bundled (dist/server/main.js, the file beside it) or from its source under tsx (src/server/db/, the
// build's output three folders up).
const CANDIDATE_FOLDERS = [new URL('./', import.meta.url), new URL('../../../dist/server/', import.meta.url)].map((u) =>
  fileURLToPath(u),
);

const stampIn = (folder: string): string | undefined => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(folder, CLUSTER_STAMP), 'utf8')) as { pglite?: string }).pglite;
  } catch {
    return undefined;
  }
};

/** The built cluster for the installed PGlite, or null (not built yet, or built with another PGlite). */
export function blankClusterFile(folders = CANDIDATE_FOLDERS): string | null {
  const version = pgliteVersion();
  for (const folder of folders) {
    const file = path.join(folder, CLUSTER_FILE);
    if (stampIn(folder) === version && fs.existsSync(file)) return file;
  }
  return null;
}

/**
 * Writes the cluster and its stamp into `folder` with the installed PGlite's initdb, unless that PGlite's are there.
 * The stamp is removed first and written last, so a build stopped in between makes the file again next time.
 */
export async function makeBlankCluster(folder: string): Promise<{ made: boolean; bytes: number }> {
  const file = path.join(folder, CLUSTER_FILE);
  if (blankClusterFile([folder])) return { made: false, bytes: fs.statSync(file).size };
  const pglite = await PGlite.create();
  const dump = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  await pglite.close();
  fs.mkdirSync(folder, { recursive: true });
  fs.rmSync(path.join(folder, CLUSTER_STAMP), { force: true });
  fs.writeFileSync(file, dump);
  fs.writeFileSync(path.join(folder, CLUSTER_STAMP), `${JSON.stringify({ pglite: pgliteVersion() })}\n`);
  return { made: true, bytes: dump.length };
}

/**
 * Unpacks the cluster into `dir`, which must not exist yet. It is unpacked beside it and renamed into place, so a
 * crash halfway leaves no folder that PGlite would take for a cluster (it looks for PG_VERSION, written early).
 */
export async function unpackCluster(file: string, dir: string): Promise<void> {
  const staging = `${dir}.unpacking`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  const extract = tar.extract();
  const unpacked = (async () => {
    for await (const entry of extract) {
      const { name, type, mode } = entry.header;
      // PGlite writes absolute names ("/base/1/..."); nothing may land outside the folder.
      const relative = path.normalize(name.replace(/^\/+/, ''));
      if (relative === '..' || relative.startsWith(`..${path.sep}`)) throw new Error(`unsafe path in ${file}: ${name}`);
      const target = path.join(staging, relative);
      if (type === 'directory') {
        fs.mkdirSync(target, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (type === 'file') {
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        await pipeline(entry, fs.createWriteStream(target, { mode: (mode ?? 0o600) & 0o700 }));
      } else {
        throw new Error(`unexpected ${type} entry in ${file}: ${name}`);
      }
    }
  })();
  try {
    await Promise.all([pipeline(fs.createReadStream(file), createGunzip(), extract), unpacked]);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  fs.renameSync(staging, dir);
}
