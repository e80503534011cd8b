import fs from 'node:fs';
import path from 'node:path';

export type BuildInfo = { version: string; commit: string };

let cached: BuildInfo | undefined;

/**
 * What is running: the package's version and the commit it was built from (scripts/build-server.mjs writes them
 * beside the server bundle). Run from the sources (tests, `npm run dev`) there is no bundle: the package's version
 * and "dev".
 */
export function buildInfo(): BuildInfo {
  cached ??= readBuildInfo();
  return cached;
}

function readBuildInfo(): BuildInfo {
  try {
    const file = new URL('./build-info.json', import.meta.url);
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BuildInfo>;
    if (typeof info.version === 'string' && typeof info.commit === 'string') return info as BuildInfo;
  } catch {
    // Not a build: fall through.
  }
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version?: string };
    return { version: pkg.version ?? '0.0.0', commit: 'dev' };
  } catch {
    return { version: '0.0.0', commit: 'dev' };
  }
}
