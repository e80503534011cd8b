// Part of `npm run build`: PostgreSQL's empty cluster for every new data folder to start from, in dist/server beside
// the server (src/server/db/blank-cluster.ts). Made once per installed PGlite: later builds keep it.
import path from 'node:path';
import { CLUSTER_FILE, makeBlankCluster, pgliteVersion } from '../src/server/db/blank-cluster';

const started = performance.now();
const { made, bytes } = await makeBlankCluster(path.resolve('dist/server'));
const size = `${Math.round(bytes / 1024)} kB`;
console.log(
  made
    ? `PGlite cluster: dist/server/${CLUSTER_FILE} (${size}) made by PGlite ${pgliteVersion()}'s initdb in ${Math.round(performance.now() - started)} ms`
    : `PGlite cluster: dist/server/${CLUSTER_FILE} (${size}) is PGlite ${pgliteVersion()}'s, kept`,
);
